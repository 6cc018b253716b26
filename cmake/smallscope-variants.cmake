# smallscope_variants(TARGET target HEADER header FUNCTIONS name... [KEEP name...]
#                     [ROOTS dir...] [SOURCES source...] [VARIANTS schemata|coverage|branches...])
#
# Suite quality on your own code (docs/MUTATION.md, docs/WHITEBOX.md): makes the variants of
# TARGET (a command line of your own, linked with smallscope::main, or any target) that mutation
# analysis, coverage and branch coverage run:
#
#   TARGET_schemata  (NAME-schemata)  HEADER compiled from its mutant schemata (paper 000,
#                    Sec. 7): every mutant of FUNCTIONS, and of the helpers they call, guarded by
#                    smallscope::mutation::active; the list in mutants/STEM.jsonl beside the
#                    binary, where `NAME-schemata mutate SUBJECT METHOD...` finds it (when
#                    another target's variants of HEADER already write it there, in
#                    smallscope_variants/TARGET/schemata/mutants/ of the current build directory).
#                    Its target property SMALLSCOPE_MUTANT_LISTS names the lists, for a program
#                    that reads them itself (smallscope::read_compiled_mutants).
#   TARGET_coverage  (NAME-coverage)  the sources as they are, with gcov's counters, for
#                    `NAME-schemata mutate ... --coverage` (code and spec coverage per scope).
#   TARGET_branches  (NAME-branches)  HEADER with a probe on every condition of FUNCTIONS and
#                    their helpers (paper 001, Sec. 5), for `NAME-branches cover`.
#
# NAME is TARGET's output name. KEEP names the invariant and the postconditions: never mutated
# nor probed, and measured as the spec by coverage. Call it once per header, after TARGET's
# sources and libraries are set; the first call makes the VARIANTS (default: all three). The
# variants compile TARGET's sources and those of the object libraries it links (or SOURCES), with
# its include directories, definitions, options and libraries.
#
#   add_executable(shop_check shop_subjects.cpp)
#   target_link_libraries(shop_check PRIVATE smallscope::main)
#   smallscope_variants(TARGET shop_check HEADER sorted_list.hpp FUNCTIONS insert erase KEEP rep_ok)
#
# A target that smallscope_instrument observes (a library tested as it is written) gets variants
# observed the same way: call smallscope_instrument first; each variant compiles the target's
# original sources, HEADER rewritten (mutants, probes) and then instrumented.
#
# ROOTS are the directories your includes name HEADER from (the -I directory of your library); the
# directory of each source is a root too. A rewritten HEADER is found before the original by the
# variant's sources, and the other headers under HEADER's root are copied beside it unchanged, so
# that a header including it by a path relative to itself (an umbrella's `#include "sibling.hpp"`)
# gets the rewritten copy too.
include(${CMAKE_CURRENT_LIST_DIR}/smallscope-copies.cmake)

function(smallscope_variants)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET;HEADER" "FUNCTIONS;KEEP;ROOTS;SOURCES;VARIANTS")
  foreach(required TARGET HEADER FUNCTIONS)
    if(NOT arg_${required})
      message(FATAL_ERROR "smallscope_variants: ${required} is missing")
    endif()
  endforeach()
  set(target ${arg_TARGET})
  if(NOT TARGET ${target})
    message(FATAL_ERROR "smallscope_variants: TARGET ${target} is not a target")
  endif()
  if(NOT arg_VARIANTS)
    set(arg_VARIANTS schemata coverage branches)
  endif()
  foreach(v IN LISTS arg_VARIANTS)
    if(NOT v MATCHES "^(schemata|coverage|branches)$")
      message(FATAL_ERROR "smallscope_variants: VARIANTS takes schemata, coverage and branches, got '${v}'")
    endif()
  endforeach()
  if(NOT TARGET smallscope::mutants_tool)
    message(FATAL_ERROR "smallscope_variants: this smallscope has no smallscope-mutants (it was built with "
                        "SMALLSCOPE_CLANG_TOOLS=OFF); rebuild it with Clang 14's libraries")
  endif()
  get_target_property(source_dir ${target} SOURCE_DIR)
  get_filename_component(header ${arg_HEADER} ABSOLUTE BASE_DIR ${source_dir})
  if(NOT EXISTS ${header})
    message(FATAL_ERROR "smallscope_variants: HEADER ${arg_HEADER} does not exist (relative paths are from ${source_dir})")
  endif()
  get_target_property(instrument_roots ${target} SMALLSCOPE_INSTRUMENT_ROOTS)
  if(NOT instrument_roots)
    set(instrument_roots)
  endif()
  _smallscope_variant_sources(sources ${target} "${arg_SOURCES}")
  _smallscope_roots(roots ${target} ROOTS ${arg_ROOTS} ${instrument_roots} SOURCES ${sources})
  _smallscope_copy_path(header_path ${header} "" ${roots})
  if(header_path STREQUAL "")
    message(FATAL_ERROR "smallscope_variants: HEADER ${header} is under none of the roots (${roots}): "
                        "add the include directory it is reached from to ROOTS")
  endif()
  get_target_property(name ${target} OUTPUT_NAME)
  if(NOT name)
    set(name ${target})
  endif()
  # The variants and their mutant lists in one directory, where `mutate` looks for them.
  if(CMAKE_RUNTIME_OUTPUT_DIRECTORY)
    set(bin ${CMAKE_RUNTIME_OUTPUT_DIRECTORY})
  else()
    set(bin ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  set(arguments)
  foreach(f IN LISTS arg_FUNCTIONS)
    list(APPEND arguments --method ${f})
  endforeach()
  foreach(k IN LISTS arg_KEEP)
    list(APPEND arguments --keep ${k})
  endforeach()
  # The tool parses the original with the target's include directories (not smallscope_instrument's
  # copies) and definitions.
  set(includes "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,smallscope_instrumented>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  set(include_arguments "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>")
  set(definition_arguments "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>")
  get_filename_component(stem ${header} NAME_WE)
  foreach(kind IN LISTS arg_VARIANTS)
    set(variant ${target}_${kind})
    set(out ${CMAKE_CURRENT_BINARY_DIR}/smallscope_variants/${target}/${kind})
    if(NOT TARGET ${variant})
      _smallscope_make_variant(${target} ${variant} ${name}-${kind} ${bin} ${out} "${sources}" "${roots}" ${kind})
      set_property(TARGET ${target} APPEND PROPERTY SMALLSCOPE_VARIANTS ${kind})
      if(NOT kind STREQUAL "coverage")
        # Once every call has named its header: the headers beside the rewritten ones.
        set(quoted)
        foreach(r IN LISTS roots)
          string(APPEND quoted " [==[${r}]==]")
        endforeach()
        cmake_language(EVAL CODE
                       "cmake_language(DEFER CALL _smallscope_mirror_headers [==[${variant}]==] [==[${out}]==]${quoted})")
      endif()
      if(instrument_roots AND kind STREQUAL "coverage" AND NOT arg_SOURCES
         AND source_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
        # The coverage variant compiles the target's own instrumented copies (the same rewrite,
        # made once), with gcov's counters.
        get_target_property(shared ${target} SMALLSCOPE_INSTRUMENTED_SOURCES)
        get_target_property(shared_roots ${target} SMALLSCOPE_INSTRUMENTED_ROOTS)
        get_target_property(originals ${target} SMALLSCOPE_ORIGINAL_SOURCES)
        set(folded ${sources})  # what the variant compiles besides: the object libraries' sources
        foreach(o IN LISTS originals)
          get_filename_component(o ${o} ABSOLUTE BASE_DIR ${source_dir})
          list(REMOVE_ITEM folded ${o})
        endforeach()
        set_property(TARGET ${variant} PROPERTY SOURCES ${shared} ${folded})
        target_compile_options(${variant} PRIVATE -fno-access-control)
        target_include_directories(${variant} BEFORE PRIVATE ${shared_roots})
        add_dependencies(${variant} ${target}_instrumented)
      elseif(instrument_roots)
        # Observed once every call has rewritten its header: at the end of this directory.
        set(observed_roots ${roots})
        if(NOT kind STREQUAL "coverage")
          _smallscope_copy_roots(copy_roots ${out} ${roots})
          set(observed_roots ${copy_roots} ${roots})
        endif()
        set(quoted)
        foreach(r IN LISTS observed_roots)
          string(APPEND quoted " [==[${r}]==]")
        endforeach()
        cmake_language(EVAL CODE "cmake_language(DEFER CALL smallscope_instrument TARGET [==[${variant}]==] ROOTS${quoted})")
      endif()
    endif()
    if(kind STREQUAL "coverage")
      continue()  # the sources as they are
    endif()
    set(rewritten ${out}${header_path})
    if(kind STREQUAL "schemata")
      # The list beside the binaries, where `mutate` looks; when another target's schemata of the
      # same header already write it there (a test beside a command line), in this variant's own
      # directory (the lists are alike when FUNCTIONS and KEEP are).
      set(lists ${bin}/mutants)
      get_property(owner GLOBAL PROPERTY "SMALLSCOPE_MUTANT_LIST ${lists}/${stem}")
      if(owner AND NOT owner STREQUAL target)
        set(lists ${out}/mutants)
      else()
        set_property(GLOBAL PROPERTY "SMALLSCOPE_MUTANT_LIST ${lists}/${stem}" ${target})
      endif()
      set(list ${lists}/${stem}.jsonl)
      set_property(TARGET ${variant} APPEND PROPERTY SMALLSCOPE_MUTANT_LISTS ${list})
      set(outputs ${rewritten} ${list} ${lists}/${stem}.functions.json)
      set(command --schemata ${rewritten} --format jsonl --output ${list} --functions ${lists}/${stem}.functions.json)
      set(what "Mutant schemata")
    else()
      set(lists ${bin}/mutants)
      set(outputs ${rewritten})
      set(command --branches ${rewritten})
      set(what "Branch probes")
    endif()
    # A variant none of whose sources compiles the rewritten HEADER would run without its mutation
    # points or probes: the rewritten file defines a mark, and the variant refers to it, so that
    # such a variant fails to link naming the file (a library's variant, at its users' link).
    string(REGEX REPLACE "^/[0-9]+/" "" mark "${header_path}")  # the path from its root
    string(MAKE_C_IDENTIFIER "${mark}" mark)
    set(mark smallscope_variant_needs_rewritten_${mark})
    list(APPEND command --mark ${mark})
    _smallscope_needs_mark(${variant} ${out} ${mark} ${header})
    get_filename_component(rewritten_dir ${rewritten} DIRECTORY)
    add_custom_command(
      OUTPUT ${outputs}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${rewritten_dir} ${lists}
      COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
              $<TARGET_FILE:smallscope::mutants_tool> ${header} ${arguments} ${command}
              -- -std=c++20 "${include_arguments}" "${definition_arguments}"
      DEPENDS ${header} $<TARGET_FILE:smallscope::mutants_tool>
      COMMENT "${what} of ${header} for ${name}-${kind}"
      COMMAND_EXPAND_LISTS VERBATIM)
    target_sources(${variant} PRIVATE ${rewritten})
    set_property(TARGET ${variant} APPEND PROPERTY SMALLSCOPE_REWRITTEN_HEADERS ${header})
  endforeach()
endfunction()

# _smallscope_needs_mark(VARIANT OUT MARK HEADER): a source of VARIANT that refers to MARK, which
# only HEADER's rewritten copy defines. A static or object library's reference is linked only
# when a program takes it.
function(_smallscope_needs_mark variant out mark header)
  get_target_property(type ${variant} TYPE)
  set(reference ${out}/${mark}.cpp)
  file(CONFIGURE OUTPUT ${reference} CONTENT [==[
// Made by smallscope_variants: @variant@ must compile @header@ as smallscope_variants rewrote it.
// "undefined reference to `@mark@'" when @variant@ links means that none of its sources
// includes that copy (which defines the mark): they reach the original by a path outside the
// ROOTS given to smallscope_variants (an absolute path, or an include directory not named in
// ROOTS), so the variant would run without its mutation points or probes. Include the header
// through a directory named in ROOTS.
extern const int @mark@;
namespace {
[[gnu::used]] const int needs_rewritten = *static_cast<const volatile int*>(&@mark@);
}
]==] @ONLY)
  if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
    target_sources(${variant} INTERFACE ${reference})
  else()
    target_sources(${variant} PRIVATE ${reference})
  endif()
endfunction()

# _smallscope_mirror_headers(VARIANT OUT ROOTS...), deferred to the end of the directory: every
# header under the root of a header rewritten into OUT, but the rewritten ones, copied unchanged
# to its place under OUT. The compiler then takes a header's relative includes from OUT: an
# umbrella header's `#include "ordered_set.hpp"` finds the rewritten copy, not the original, and
# the variant's mutation points and probes are all compiled in.
function(_smallscope_mirror_headers variant out)
  get_target_property(rewritten ${variant} SMALLSCOPE_REWRITTEN_HEADERS)
  set(mirrored_roots)
  foreach(h IN LISTS rewritten)
    foreach(root IN LISTS ARGN)
      string(LENGTH "${root}/" n)
      string(SUBSTRING "${h}" 0 ${n} head)
      if(head STREQUAL "${root}/")
        list(APPEND mirrored_roots ${root})
        break()
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES mirrored_roots)
  set(copies)
  foreach(root IN LISTS mirrored_roots)
    file(GLOB_RECURSE headers LIST_DIRECTORIES false "${root}/*.h" "${root}/*.hh" "${root}/*.hpp" "${root}/*.hxx"
         "${root}/*.inl" "${root}/*.ipp" "${root}/*.tpp")
    foreach(f IN LISTS headers)
      string(FIND "${f}" "${CMAKE_BINARY_DIR}/" in_build)
      if(in_build EQUAL 0 OR f IN_LIST rewritten)
        continue()
      endif()
      _smallscope_copy_path(copy ${f} ${out} ${ARGN})
      if(copy STREQUAL "" OR copy IN_LIST copies)
        continue()
      endif()
      add_custom_command(OUTPUT ${copy} COMMAND ${CMAKE_COMMAND} -E copy ${f} ${copy} DEPENDS ${f} VERBATIM)
      list(APPEND copies ${copy})
    endforeach()
  endforeach()
  if(copies)
    target_sources(${variant} PRIVATE ${copies})
  endif()
endfunction()

# _smallscope_variant_sources(OUT_VAR TARGET SOURCES): SOURCES, or the target's sources and those
# of the object libraries it links, absolute.
function(_smallscope_variant_sources out target given)
  set(sources)
  if(given)
    foreach(s IN LISTS given)
      get_filename_component(s ${s} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
      list(APPEND sources ${s})
    endforeach()
  else()
    set(owners ${target})
    get_target_property(libraries ${target} LINK_LIBRARIES)
    foreach(l IN LISTS libraries)
      if(TARGET ${l})
        get_target_property(type ${l} TYPE)
        if(type STREQUAL "OBJECT_LIBRARY")
          list(APPEND owners ${l})
        endif()
      endif()
    endforeach()
    foreach(owner IN LISTS owners)
      get_target_property(source_dir ${owner} SOURCE_DIR)
      # An instrumented target compiles copies: its variants start from the originals.
      get_target_property(owned ${owner} SMALLSCOPE_ORIGINAL_SOURCES)
      if(NOT owned)
        get_target_property(owned ${owner} SOURCES)
      endif()
      if(NOT owned)  # a target made of object libraries only
        set(owned)
      endif()
      foreach(s IN LISTS owned)
        get_filename_component(s ${s} ABSOLUTE BASE_DIR ${source_dir})
        list(APPEND sources ${s})
      endforeach()
    endforeach()
  endif()
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

# _smallscope_make_variant(TARGET VARIANT FILE_NAME BIN OUT SOURCES ROOTS KIND): VARIANT, a target
# of TARGET's type compiled like TARGET from SOURCES (copied under OUT, except for coverage, so
# that they find the rewritten headers first), its object libraries folded in.
function(_smallscope_make_variant target variant file_name bin out sources roots kind)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE")
    add_executable(${variant})
    set_target_properties(${variant} PROPERTIES OUTPUT_NAME ${file_name} RUNTIME_OUTPUT_DIRECTORY ${bin})
  elseif(type MATCHES "^(OBJECT|STATIC|SHARED)_LIBRARY$")
    string(REPLACE "_LIBRARY" "" library_type ${type})
    add_library(${variant} ${library_type})
  else()
    message(FATAL_ERROR "smallscope_variants: TARGET ${target} is a ${type}: give an executable or a library")
  endif()
  set_property(TARGET ${variant} PROPERTY SMALLSCOPE_VARIANT_OF ${target})
  # What the target and its object libraries are compiled and linked with.
  set(owners ${target})
  get_target_property(libraries ${target} LINK_LIBRARIES)
  set(linked)
  foreach(l IN LISTS libraries)
    set(object_library OFF)
    if(TARGET ${l})
      get_target_property(l_type ${l} TYPE)
      if(l_type STREQUAL "OBJECT_LIBRARY")
        set(object_library ON)
      endif()
    endif()
    if(object_library)
      list(APPEND owners ${l})
    else()
      list(APPEND linked ${l})
    endif()
  endforeach()
  foreach(owner IN LISTS owners)
    foreach(p INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS COMPILE_FEATURES LINK_OPTIONS)
      get_target_property(value ${owner} ${p})
      if(value AND p STREQUAL "INCLUDE_DIRECTORIES")  # not smallscope_instrument's copies of the originals
        list(FILTER value EXCLUDE REGEX "/smallscope_instrumented/")
      endif()
      if(value)
        set_property(TARGET ${variant} APPEND PROPERTY ${p} ${value})
      endif()
    endforeach()
    if(NOT owner STREQUAL target)
      get_target_property(owner_libraries ${owner} LINK_LIBRARIES)
      if(owner_libraries)
        list(APPEND linked ${owner_libraries})
      endif()
    endif()
  endforeach()
  if(linked)
    list(REMOVE_DUPLICATES linked)
    set_property(TARGET ${variant} APPEND PROPERTY LINK_LIBRARIES ${linked})
  endif()
  if(NOT type STREQUAL "EXECUTABLE")  # what the library's users see, for the variant's users
    foreach(p INTERFACE_INCLUDE_DIRECTORIES INTERFACE_COMPILE_DEFINITIONS INTERFACE_COMPILE_OPTIONS
              INTERFACE_COMPILE_FEATURES INTERFACE_LINK_LIBRARIES)
      get_target_property(value ${target} ${p})
      if(value)
        set_property(TARGET ${variant} APPEND PROPERTY ${p} ${value})
      endif()
    endforeach()
  endif()
  get_target_property(standard ${target} CXX_STANDARD)
  if(standard)
    set_property(TARGET ${variant} PROPERTY CXX_STANDARD ${standard})
  endif()
  if(kind STREQUAL "coverage")
    target_sources(${variant} PRIVATE ${sources})
    target_compile_options(${variant} PRIVATE --coverage -O0)
    # gcov's dump must be linked even if nothing names it: `check` calls it before _exit.
    target_link_options(${variant} PRIVATE --coverage -Wl,--undefined=__gcov_dump)
    return()
  endif()
  set(copies)
  foreach(s IN LISTS sources)
    _smallscope_copy_path(copy ${s} ${out} ${roots})
    add_custom_command(OUTPUT ${copy} COMMAND ${CMAKE_COMMAND} -E copy ${s} ${copy} DEPENDS ${s} VERBATIM)
    list(APPEND copies ${copy})
  endforeach()
  target_sources(${variant} PRIVATE ${copies})
  _smallscope_copy_roots(copy_roots ${out} ${roots})
  # The copies' roots first, then the originals' directories for what is not rewritten; a
  # library's users see the rewritten headers too.
  if(type STREQUAL "EXECUTABLE")
    target_include_directories(${variant} BEFORE PRIVATE ${copy_roots} ${roots})
  else()
    target_include_directories(${variant} BEFORE PUBLIC ${copy_roots} ${roots})
  endif()
endfunction()
