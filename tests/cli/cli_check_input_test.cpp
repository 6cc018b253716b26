// End-to-end tests of `smallscope check`'s arguments: bad input exits 2 with nothing on stdout and
// an error naming the option or argument and what is allowed; --help names every option. The
// runs themselves: cli_check_test.cpp.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "support/check_args.hpp"
#include "support/cli_runner.hpp"

namespace {

using cli_runner::contains;
using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using cli_runner::words;

using check_cli::check_args;
using check_cli::starts_with;

// ---------------------------------------------------------------------------------------------
// Bad input: exit code 2, nothing on stdout, "error: ..." on stderr naming the option or
// argument and what is allowed.

struct check_bad_input {
  std::string name;
  std::vector<std::string> args;           // after "check"
  std::vector<std::string> message_parts;  // each must appear in stderr
};

const std::vector<check_bad_input> check_bad_inputs = {
    {"UnknownMethod", {"SearchTree", "frob", "3"}, {"METHOD", "SearchTree", "'frob'", "add", "remove", "remove_mutant"}},
    {"MethodOfAnotherSubject",
     {"SinglyLinkedList", "insert_unbalanced", "3"},
     {"METHOD", "'insert_unbalanced'", "remove", "remove_null_deref"}},
    {"SubjectWithoutMethods", {"BinaryTree", "remove", "3"}, {"METHOD", "BinaryTree", "no methods"}},
    {"MissingMethod", {"SearchTree"}, {"METHOD"}},
    {"UnknownSubject", {"Foo", "remove", "3"}, {"SUBJECT", "'Foo'", "SearchTree", "SinglyLinkedList", "RedBlackTree"}},
    {"TimeoutNegative", {"SearchTree", "remove", "3", "--timeout", "-1"}, {"--timeout", "[0.001, 86400]", "0 (automatic)", "-1"}},
    {"TimeoutTooLarge", {"SearchTree", "remove", "3", "--timeout", "100000"}, {"--timeout", "[0.001, 86400]", "100000"}},
    {"TimeoutNan", {"SearchTree", "remove", "3", "--timeout", "nan"}, {"--timeout", "[0.001, 86400]", "nan"}},
    {"UnknownReproducerFormat",
     {"SearchTree", "remove", "3", "--reproducer-format", "junit"},
     {"--reproducer-format", "gtest, catch2 or doctest", "'junit'"}},
    {"StopAfterNegative", {"SearchTree", "remove", "3", "--stop-after", "-1"}, {"--stop-after", "[0, 18446744073709551615]", "'-1'"}},
    {"ShowNegative", {"SearchTree", "remove", "3", "--show", "-1"}, {"--show", "[0, 18446744073709551615]", "'-1'"}},
    {"InputBeyondTheScope", {"SearchTree", "remove", "3", "--input", "16"}, {"--input 16", "15 inputs", "1..15"}},
    {"WhiteBoxWithSample", {"SearchTree", "remove", "3", "--white-box", "--sample", "3"}, {"--sample", "--white-box"}},
    {"EqClassWithoutAnEqClass", {"SearchTree", "add", "3", "--eq-class"}, {"--eq-class", "SearchTree has none", "SearchTreeDelete"}},
    {"EqClassWithWhiteBox", {"SearchTreeDelete", "remove", "3", "--eq-class", "--white-box"}, {"--eq-class", "--white-box"}},
    {"WhiteBoxInputBeyondTheFindings",
     {"RedBlackTree", "insert_unbalanced", "--fin", "5,0,5,6", "--white-box", "--input", "99", "-q"},
     {"--input 99", "6 failing inputs", "1..6"}},
    {"FormatJsonl", {"SearchTree", "remove", "3", "--format", "jsonl"}, {"--format", "text", "dot", "'jsonl'"}},
    {"StatsYaml", {"SearchTree", "remove", "3", "--stats", "yaml"}, {"--stats", "json", "text", "'yaml'"}},
    {"SeedWithoutSample", {"SearchTree", "remove", "3", "--seed", "4"}, {"--seed", "--sample"}},
    {"InputWithSample", {"SearchTree", "remove", "3", "--input", "2", "--sample", "3"}, {"--input", "--sample", "not both"}},
    {"ReproducerDirUnderAFile",
     {"SearchTree", "remove", "3", "--reproducer-dir", "/dev/null/smallscope_cli_check_test"},
     {"--reproducer-dir", "'/dev/null/smallscope_cli_check_test'", "not a directory", "writable"}},
    {"ScopeTooLarge", {"SearchTree", "remove", "1000"}, {"SCOPE", "[1, 64]", "1000"}},
    {"ScopeNegative", {"SearchTree", "remove", "-1"}, {"SCOPE", "[1, 64]", "-1"}},
    {"NeitherScopeNorFin", {"SearchTree", "remove"}, {"SCOPE", "--fin"}},
    {"FinTooFew",
     {"SearchTree", "remove", "--fin", "3,0,3"},
     {"--fin", "5 integers", "nodes,minSize,maxSize,minInfo,maxInfo", "'3,0,3'"}},
    {"FinTooMany",
     {"SearchTree", "remove", "--fin", "3,0,3,1,3,4"},
     {"--fin", "5 integers", "nodes,minSize,maxSize,minInfo,maxInfo", "'3,0,3,1,3,4'"}},
    {"UnknownOption", {"SearchTree", "remove", "3", "--bogus"}, {"--bogus"}},
    {"InputZero", {"SearchTree", "remove", "3", "--input", "0"}, {"--input", "[1, 18446744073709551615]", "'0'"}},
    {"SampleZero", {"SearchTree", "remove", "3", "--sample", "0"}, {"--sample", "[1, 18446744073709551615]", "'0'"}},
    {"InputBeyondU64", {"SearchTree", "remove", "3", "--input", "18446744073709551616"}, {"--input", "[1, 18446744073709551615]"}},
    {"SeedBeyondU64",
     {"SearchTree", "remove", "3", "--sample", "2", "--seed", "99999999999999999999"},
     {"--seed", "[0, 18446744073709551615]", "'99999999999999999999'"}},
    {"SeedNotANumber", {"SearchTree", "remove", "3", "--sample", "2", "--seed", "junk"}, {"--seed", "[0, 18446744073709551615]", "'junk'"}},
    {"StopAfterBeyondU64",
     {"SearchTree", "remove", "3", "--stop-after", "18446744073709551616"},
     {"--stop-after", "[0, 18446744073709551615]"}},
    {"TimeoutEmpty", {"SearchTree", "remove", "3", "--timeout", ""}, {"--timeout", "[0.001, 86400]", "''"}},
    {"TimeoutBelowAMillisecond", {"SearchTree", "remove", "3", "--timeout", "1e-10"}, {"--timeout", "[0.001, 86400]", "'1e-10'"}},
    {"StatsWithoutItsValue", {"SearchTree", "remove", "3", "--stats"}, {"--stats", "json or text"}},
    {"FindingsUnwritable", {"SearchTree", "remove", "3", "--findings", "/dev/null/f.jsonl"}, {"--findings", "'/dev/null/f.jsonl'"}},
    {"UnknownSubjectEscaped", {"Foo\x1b[31m", "remove", "3"}, {"'Foo\\x1b[31m'"}},
};

void PrintTo(const check_bad_input& c, std::ostream* os) { *os << c.name; }

class check_bad_input_test : public testing::TestWithParam<check_bad_input> {};

TEST_P(check_bad_input_test, ExitsTwoWithAMessageAndNoOutput) {
  const auto& c = GetParam();
  const auto args = check_args(c.args);
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 2) << shown(args, r);
  EXPECT_EQ(r.out, "") << shown(args, r);
  EXPECT_TRUE(starts_with(r.err, "error: ")) << shown(args, r);
  for (const auto& part : c.message_parts)
    EXPECT_TRUE(contains(r.err, part)) << "the message does not mention " << part << "\n" << shown(args, r);
}

INSTANTIATE_TEST_SUITE_P(CheckCli, check_bad_input_test, testing::ValuesIn(check_bad_inputs),
                         [](const auto& test) { return test.param.name; });

// ---------------------------------------------------------------------------------------------
// Help

TEST(CheckCli, HelpMentionsTheCheckOptions) {
  const auto args = check_args({"--help"});
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  std::string missing;
  for (const char* option : {"SUBJECT", "METHOD", "SCOPE", "--fin", "--timeout", "--stop-after", "--sample", "--seed",
                             "--input", "--show", "--no-reproducers", "--reproducer-dir", "--format", "--stats", "-q"})
    if (!contains(r.out, option)) missing += std::string(" ") + option;
  EXPECT_EQ(missing, "") << "check --help does not mention these\n" << r.out;

  const result top = run({"--help"});
  EXPECT_EQ(top.exit_code, 0);
  bool described = false;
  for (const auto& line : lines(top.out)) described |= words(line).size() > 1 && words(line)[0] == "check";
  EXPECT_TRUE(described) << "check is not described in\n" << top.out;
}

}  // namespace
