// The smallscope executable: the command line with the built-in subjects.
#include "cli/cli.hpp"

int main(int argc, char** argv) { return smallscope::cli_main(argc, argv); }
