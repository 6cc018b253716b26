// Temporary files and directories of the tests, removed with the object, and whole-file reads.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

namespace test_files {

// A path of its own under the temporary directory (nothing is created), removed with the object.
class temp_file {
 public:
  explicit temp_file(const std::string& suffix = "") {
    static int made = 0;
    path_ = (std::filesystem::temp_directory_path() /
             ("smallscope_test_" + std::to_string(::getpid()) + "_" + std::to_string(++made) + suffix))
                .string();
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  ~temp_file() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A fresh, empty directory, removed with its contents with the object.
class temp_dir {
 public:
  temp_dir() {
    char name[] = "/tmp/smallscope_test_XXXXXX";
    if (::mkdtemp(name) != nullptr) path_ = name;
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ignored;
    if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// `name` in GoogleTest's temporary directory.
inline std::string temp_path(const std::string& name) { return ::testing::TempDir() + name; }

// Writes `text` to `name` in GoogleTest's temporary directory; returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// The whole file ("" if it cannot be read).
inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace test_files
