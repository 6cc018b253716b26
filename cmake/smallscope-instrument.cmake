# smallscope_instrument(TARGET target [ROOTS dir ...])
#
# Tests your classes as they are written (docs/UNMODIFIED.md): the target's sources, and every
# header under the ROOTS they include, are compiled from copies that smallscope-instrument
# rewrites so that the search observes each read of a data member (paper 000, Sec. 3.4; Korat
# instruments bytecode for the same purpose). Your headers are not touched. The target compiles
# with -fno-access-control, so the test code may name private members and private nested types.
#
#   add_executable(tree_tests tree_tests.cpp)
#   target_link_libraries(tree_tests PRIVATE smallscope::smallscope GTest::gtest_main)
#   smallscope_instrument(TARGET tree_tests ROOTS ${PROJECT_SOURCE_DIR}/include)
#
# ROOTS are the directories your includes name files from (the -I directories of your library);
# the directory of each source of the target is a root too. The invariant, and every function
# it calls, must be compiled in such a target (a header, or a source of the target). A target
# may have both: call smallscope_instrument first, then smallscope_variants, whose variants are
# instrumented the same way (the mutant schemata and the branch probes are rewritten first, then
# observed).
include(${CMAKE_CURRENT_LIST_DIR}/smallscope-copies.cmake)

function(smallscope_instrument)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET" "ROOTS")
  if(NOT arg_TARGET)
    message(FATAL_ERROR "smallscope_instrument: TARGET is missing")
  endif()
  if(NOT TARGET smallscope::instrument_tool)
    message(FATAL_ERROR "smallscope_instrument: the smallscope-instrument tool is not part of this smallscope")
  endif()
  set(target ${arg_TARGET})
  get_target_property(made ${target} SMALLSCOPE_VARIANTS)
  if(made)
    message(FATAL_ERROR "smallscope_instrument: ${target} already has variants (${made}): call smallscope_instrument "
                        "before smallscope_variants, so that the variants are instrumented too")
  endif()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/smallscope_instrumented/${target})
  set(units)
  set(others)  # headers and generated files listed as sources: kept, and made before the tool runs
  set(originals)
  foreach(s IN LISTS sources)
    get_filename_component(s ${s} ABSOLUTE BASE_DIR ${source_dir})
    list(APPEND originals ${s})
    if(s MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C)$")
      list(APPEND units ${s})
    else()
      list(APPEND others ${s})
    endif()
  endforeach()
  _smallscope_roots(roots ${target} ROOTS ${arg_ROOTS} SOURCES ${units})
  # What smallscope_variants needs to make instrumented variants of the target.
  set_target_properties(${target} PROPERTIES SMALLSCOPE_ORIGINAL_SOURCES "${originals}"
                                             SMALLSCOPE_INSTRUMENT_ROOTS "${roots}")
  set(copies)
  foreach(s IN LISTS units)
    _smallscope_copy_path(copy ${s} ${out} ${roots})
    list(APPEND copies ${copy})
  endforeach()
  set(root_arguments)
  foreach(root IN LISTS roots)
    list(APPEND root_arguments --root ${root})
  endforeach()
  _smallscope_copy_roots(copy_roots ${out} ${roots})
  # The tool parses the originals: the target's include directories less the copies.
  set(includes "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,smallscope_instrumented>")
  set(definitions "$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>")
  add_custom_command(
    OUTPUT ${copies}
    # In a sanitizer build of smallscope itself, LeakSanitizer would fail the build over Clang's
    # own AST leftovers.
    COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
            $<TARGET_FILE:smallscope::instrument_tool> ${root_arguments} --out ${out} ${units}
            --depfile ${out}/instrument.d
            -- -std=c++20 "$<$<BOOL:${includes}>:-I$<JOIN:${includes},;-I>>"
            "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},;-D>>"
    DEPFILE ${out}/instrument.d
    DEPENDS ${units} ${others} $<TARGET_FILE:smallscope::instrument_tool>
    COMMENT "smallscope-instrument: observing the field reads of ${target}"
    COMMAND_EXPAND_LISTS VERBATIM)
  set_property(TARGET ${target} PROPERTY SOURCES ${copies} ${others})
  # The finitization, the invariant and the postconditions may name private members.
  target_compile_options(${target} PRIVATE -fno-access-control)
  target_include_directories(${target} BEFORE PRIVATE ${copy_roots})
  # The copies, made once, for the variants whose rewrite is the same (smallscope_variants'
  # coverage variant compiles them with gcov's counters): a target of their own that both
  # depend on, so that one command makes them.
  add_custom_target(${target}_instrumented DEPENDS ${copies})
  add_dependencies(${target} ${target}_instrumented)
  set_target_properties(${target} PROPERTIES SMALLSCOPE_INSTRUMENTED_SOURCES "${copies};${others}"
                                             SMALLSCOPE_INSTRUMENTED_ROOTS "${copy_roots}")
endfunction()
