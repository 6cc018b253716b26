// The library's umbrella header: `#include <ordset/ordset.hpp>` brings in every part of it, each
// included by a path relative to this file, as libraries' umbrella headers do. smallscope's
// variants of ordered_set.hpp (smallscope_variants) must still be the ones compiled in.
#pragma once

#include "ordered_set.hpp"
