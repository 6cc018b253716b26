// main() of the smallscope binary and of smallscope::main: the command line over the subjects
// linked into the binary (the built-in ones, or a user's own).
#include "smallscope/cli.hpp"

int main(int argc, char** argv) { return smallscope::cli_main(argc, argv); }
