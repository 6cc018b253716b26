# Where smallscope's CMake functions place the copies of a target's files that they rewrite
# (smallscope_instrument, smallscope_variants). Each root directory K (the ROOTS given, then the
# directory of each source) gets OUT/K; a file under it is copied to OUT/K/PATH, PATH relative to
# the first root that holds it, so that OUT/K on the include path stands for root K and a
# source's copy finds its rewritten siblings before the originals.

# _smallscope_roots(OUT_VAR TARGET ROOTS dir... SOURCES source...): the roots (ROOTS relative to
# TARGET's source directory, then the directory of each of the absolute SOURCES), absolute and
# without repeats.
function(_smallscope_roots out target)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "ROOTS;SOURCES")
  get_target_property(source_dir ${target} SOURCE_DIR)
  set(roots)
  foreach(root IN LISTS arg_ROOTS)
    get_filename_component(root ${root} ABSOLUTE BASE_DIR ${source_dir})
    list(APPEND roots ${root})
  endforeach()
  foreach(s IN LISTS arg_SOURCES)
    get_filename_component(dir ${s} DIRECTORY)
    list(APPEND roots ${dir})
  endforeach()
  list(REMOVE_DUPLICATES roots)
  set(${out} ${roots} PARENT_SCOPE)
endfunction()

# _smallscope_copy_path(OUT_VAR FILE COPY_DIR ROOTS...): COPY_DIR/K/PATH for FILE, or "" when
# FILE is under no root.
function(_smallscope_copy_path out file copy_dir)
  set(index 0)
  set(copy "")
  foreach(root IN LISTS ARGN)
    string(LENGTH "${root}/" n)
    string(SUBSTRING "${file}" 0 ${n} head)
    if(copy STREQUAL "" AND head STREQUAL "${root}/")
      string(SUBSTRING "${file}" ${n} -1 rest)
      set(copy ${copy_dir}/${index}/${rest})
    endif()
    math(EXPR index "${index} + 1")
  endforeach()
  set(${out} ${copy} PARENT_SCOPE)
endfunction()

# _smallscope_copy_roots(OUT_VAR COPY_DIR ROOTS...): COPY_DIR/K for each root K.
function(_smallscope_copy_roots out copy_dir)
  set(copies)
  set(index 0)
  foreach(root IN LISTS ARGN)
    list(APPEND copies ${copy_dir}/${index})
    math(EXPR index "${index} + 1")
  endforeach()
  set(${out} ${copies} PARENT_SCOPE)
endfunction()
