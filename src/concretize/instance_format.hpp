// The spec's picture format for the library's structure_format (spec_instances,
// field_exhaustive_from_spec): text, jsonl and dot, as `smallscope gen` prints structures.
#pragma once

#include "smallscope/report.hpp"
#include "spec_front/instance_printer.hpp"

namespace smallscope::concretize {

inline spec::instance_format instance_format_of(structure_format f) {
  switch (f) {
    case structure_format::jsonl: return spec::instance_format::jsonl;
    case structure_format::dot: return spec::instance_format::dot;
    case structure_format::text: break;
  }
  return spec::instance_format::text;
}

}  // namespace smallscope::concretize
