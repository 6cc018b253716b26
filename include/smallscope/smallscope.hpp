// The front door: everything a test of your own classes needs, in one include. Fields and their
// registration, finitizations, the search as a range, checks of methods with postconditions,
// structures on the heap, reports and reproducers, generation on threads, shards and from
// checkpoints, API-sequence exploration, subjects for a command line of your own (paper 000's
// pipeline: Sec. 3 to 6).
//
// Apart from it: <smallscope/gtest.hpp> (needs GoogleTest), <smallscope/spec.hpp> (relational
// specs, the smallscope::spec library), <smallscope/cli.hpp> (a command line of your own), and
// the headers that the build-time tools' rewritten code includes (rewritten/instrument.hpp,
// rewritten/mutation.hpp, rewritten/branches.hpp) and the drivers of those tools' variants
// (drivers/mutation_analysis.hpp, drivers/cover.hpp).
// Stage: adapters.
#pragma once

#include "smallscope/array.hpp"
#include "smallscope/check.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/field.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/generate.hpp"
#include "smallscope/generators.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/report.hpp"
#include "smallscope/search.hpp"
#include "smallscope/small_set.hpp"
#include "smallscope/small_vector.hpp"
#include "smallscope/subject.hpp"
#include "smallscope/vector.hpp"
