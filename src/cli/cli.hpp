// The command line's entry point, declared in the public header smallscope/cli.hpp.
#pragma once

#include "smallscope/cli.hpp"
