// The smallscope command line as a function (the contract of `smallscope --help`): a binary of
// your own that registers subjects with SMALLSCOPE_SUBJECT and links smallscope::main (which
// calls cli_main from main()) is a full `smallscope` command line over your subjects. Link
// smallscope::cli_main instead to write main() yourself.
// Stage: cli.
#pragma once

namespace smallscope {

// Runs the command line on argv (argv[0] names the binary in reproduce lines). Returns the exit
// code: 0 done and nothing found, 1 findings, 2 bad input (see --help for the others).
int cli_main(int argc, char** argv);

}  // namespace smallscope
