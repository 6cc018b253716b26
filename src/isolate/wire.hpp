// The bytes a forked worker sends its supervisor through a pipe (paper 000, Sec. 7.2: the worker
// runs the code under test, the supervisor keeps what it found), for every engine: values
// appended in order and read back in the same order. Worker and supervisor are one program forked, so plain values (integers, flags,
// pointers to the program's static data such as type keys) travel as their bytes; vectors of
// other types are written element by element by their encoder.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace smallscope::detail {

class wire_writer {
 public:
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void put(const T& value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  void put(const std::string& text) {
    put<std::uint64_t>(text.size());
    bytes_ += text;
  }
  template <class T>
  void put(const std::vector<T>& values) {
    put<std::uint64_t>(values.size());
    if constexpr (std::is_trivially_copyable_v<T>)
      bytes_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
    else
      for (const T& v : values) put(v);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// Reads what a wire_writer wrote; throws std::runtime_error past the end (a worker that died
// mid-write is the supervisor's to report, never read as values).
class wire_reader {
 public:
  explicit wire_reader(std::string_view bytes) : bytes_(bytes) {}
  template <class T>
    requires std::is_trivially_copyable_v<T>
  void get(T& value) {
    std::memcpy(&value, take(sizeof(T)), sizeof(T));
  }
  void get(std::string& text) {
    const std::uint64_t n = count(1);
    text.assign(take(n), n);
  }
  template <class T>
  void get(std::vector<T>& values) {
    const std::uint64_t n = count(std::is_trivially_copyable_v<T> ? sizeof(T) : 1);
    values.resize(n);
    if constexpr (std::is_trivially_copyable_v<T>) {
      if (n > 0) std::memcpy(values.data(), take(n * sizeof(T)), n * sizeof(T));
    } else {
      for (T& v : values) get(v);
    }
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  // A length, refused when not even `least` bytes per value are left.
  std::uint64_t count(std::uint64_t least) {
    std::uint64_t n = 0;
    get(n);
    if (n > (bytes_.size() - at_) / least) throw std::runtime_error("a worker's report is cut short");
    return n;
  }
  const char* take(std::size_t n) {
    if (n > bytes_.size() - at_) throw std::runtime_error("a worker's report is cut short");
    const char* p = bytes_.data() + at_;
    at_ += n;
    return p;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
};

// A message with its length before it, for a pipe that carries several (a check's failure
// records): `framed` makes one, `take_framed` hands `take` the body of every whole message at
// the front of `buffer` and removes them (a message cut short stays for the next read).
inline std::string framed(const std::string& body) {
  wire_writer w;
  w.put(body);
  return w.bytes();
}
template <class Take>
void take_framed(std::string& buffer, Take&& take) {
  std::size_t consumed = 0;
  while (buffer.size() - consumed >= sizeof(std::uint64_t)) {
    std::uint64_t n = 0;
    std::memcpy(&n, buffer.data() + consumed, sizeof n);
    if (buffer.size() - consumed - sizeof n < n) break;
    take(std::string_view(buffer).substr(consumed + sizeof n, n));
    consumed += sizeof n + n;
  }
  buffer.erase(0, consumed);
}

}  // namespace smallscope::detail
