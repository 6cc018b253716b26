# smallscope_spec(TARGET target SPEC file.als [RUN predicate | ALL_RUNS])
#
# Specs at the speed of C++ (docs/SPECS.md, "Compiled specs"): translates the run command's
# predicate of SPEC (RUN names it, else the file's first run command's; ALL_RUNS: every run
# command's, in one file) into C++ at build time
# with smallscope-spec-compile, and compiles it into TARGET, which links smallscope::spec. The
# generated file registers itself: in TARGET, spec_invariant (and `--invariant SPEC` of a command
# line linked with smallscope::main) judges that spec by the compiled code while the file's text
# is the one compiled, and by the evaluators otherwise. The translation runs again when the spec
# changes; a construct it does not translate fails the build with the spec's file:line:col.
#
#   add_executable(tree_tests tree_tests.cpp)
#   target_link_libraries(tree_tests PRIVATE smallscope::spec GTest::gtest_main)
#   smallscope_spec(TARGET tree_tests SPEC ${CMAKE_CURRENT_SOURCE_DIR}/tree.als)
function(smallscope_spec)
  cmake_parse_arguments(PARSE_ARGV 0 arg "ALL_RUNS" "TARGET;SPEC;RUN" "")
  if(NOT arg_TARGET OR NOT arg_SPEC)
    message(FATAL_ERROR "smallscope_spec: TARGET and SPEC are needed: smallscope_spec(TARGET t SPEC file.als)")
  endif()
  if(NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "smallscope_spec: ${arg_TARGET} is not a target")
  endif()
  get_filename_component(spec ${arg_SPEC} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT EXISTS ${spec})
    message(FATAL_ERROR "smallscope_spec: ${spec} does not exist")
  endif()
  get_filename_component(stem ${spec} NAME_WE)
  string(MD5 key "${spec}:${arg_RUN}:${arg_ALL_RUNS}")
  string(SUBSTRING ${key} 0 8 key)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/smallscope_specs/${arg_TARGET}/${stem}_${key}.cpp)
  set(run)
  if(arg_RUN AND arg_ALL_RUNS)
    message(FATAL_ERROR "smallscope_spec: RUN names one predicate, ALL_RUNS takes every one: give one of them")
  elseif(arg_RUN)
    set(run --run ${arg_RUN})
  elseif(arg_ALL_RUNS)
    set(run --all-runs)
  endif()
  add_custom_command(
    OUTPUT ${out}
    COMMAND $<TARGET_FILE:smallscope::spec_compile_tool> ${spec} -o ${out} ${run}
    DEPENDS ${spec} $<TARGET_FILE:smallscope::spec_compile_tool>
    COMMENT "smallscope-spec-compile: ${stem} as C++ for ${arg_TARGET}"
    VERBATIM)
  target_sources(${arg_TARGET} PRIVATE ${out})
  target_link_libraries(${arg_TARGET} PRIVATE smallscope::spec)
endfunction()
