// The smallscope command line (contract in DESIGN.md): `list` and `gen`. It is a thin shell
// over the library; `cli_main` can be linked into a user's own binary together with the user's
// subjects, as gtest_main is.
#pragma once

namespace smallscope {

// Runs the command line. Exit codes: 0 done and nothing found, 1 findings, 2 bad input.
int cli_main(int argc, char** argv);

}  // namespace smallscope
