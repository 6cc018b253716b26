// A translation to SAT, or its encoding to CNF, asked to stop (a SIGINT during a large scope,
// which translates for seconds): the translator and the CNF encoder throw it when their stop
// request asks, so a run never waits for a translation it no longer wants.
#pragma once

namespace smallscope::sat {

struct translation_stopped {};

}  // namespace smallscope::sat
