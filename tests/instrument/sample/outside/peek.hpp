// A check of the sample's nodes in a directory that is no root (tests/instrument/field_reads_test.cpp):
// its reads are not rewritten, and smallscope-instrument warns, naming this file and line.
#pragma once

#include "sample.hpp"

inline bool has_left(const sample::node* n) { return n->left != nullptr && n->right == nullptr; }
