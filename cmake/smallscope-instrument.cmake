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
# it calls, must be compiled in such a target (a header, or a source of the target).
function(smallscope_instrument)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "TARGET" "ROOTS")
  if(NOT arg_TARGET)
    message(FATAL_ERROR "smallscope_instrument: TARGET is missing")
  endif()
  if(NOT TARGET smallscope::instrument_tool)
    message(FATAL_ERROR "smallscope_instrument: the smallscope-instrument tool is not part of this smallscope")
  endif()
  set(target ${arg_TARGET})
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/smallscope_instrumented/${target})
  set(roots)
  foreach(root IN LISTS arg_ROOTS)
    get_filename_component(root ${root} ABSOLUTE BASE_DIR ${source_dir})
    list(APPEND roots ${root})
  endforeach()
  set(units)
  foreach(s IN LISTS sources)
    get_filename_component(s ${s} ABSOLUTE BASE_DIR ${source_dir})
    if(s MATCHES "\\.(cpp|cc|cxx|c\\+\\+|C)$")
      list(APPEND units ${s})
      get_filename_component(dir ${s} DIRECTORY)
      list(APPEND roots ${dir})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES roots)
  # Each unit's copy is OUT/K/PATH, K the place of its root (as smallscope-instrument places it).
  set(copies)
  foreach(s IN LISTS units)
    set(index 0)
    set(copy "")
    foreach(root IN LISTS roots)
      string(LENGTH "${root}/" n)
      string(SUBSTRING "${s}" 0 ${n} head)
      if(copy STREQUAL "" AND head STREQUAL "${root}/")
        string(SUBSTRING "${s}" ${n} -1 rest)
        set(copy ${out}/${index}/${rest})
      endif()
      math(EXPR index "${index} + 1")
    endforeach()
    list(APPEND copies ${copy})
  endforeach()
  set(root_arguments)
  set(copy_roots)
  set(index 0)
  foreach(root IN LISTS roots)
    list(APPEND root_arguments --root ${root})
    list(APPEND copy_roots ${out}/${index})
    math(EXPR index "${index} + 1")
  endforeach()
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
    DEPENDS ${units} $<TARGET_FILE:smallscope::instrument_tool>
    COMMENT "smallscope-instrument: observing the field reads of ${target}"
    COMMAND_EXPAND_LISTS VERBATIM)
  set_property(TARGET ${target} PROPERTY SOURCES ${copies})
  # The finitization, the invariant and the postconditions may name private members.
  target_compile_options(${target} PRIVATE -fno-access-control)
  target_include_directories(${target} BEFORE PRIVATE ${copy_roots})
endfunction()
