# abi_skew.cmake - a copy of src/mazebench.h and of the shape list it
# includes (src/mazebench_shapes.h, written beside it) as another build of
# the library would have them, for tests/abi_skew.c (docs/api.md, "The ABI
# check"): SKEW none (unchanged), more-shapes (one shape more than the
# library), fewer-shapes (one fewer) or abi (the next MZ_ABI_VERSION).
#   cmake -DIN=src/mazebench.h -DOUT=dir/mazebench.h -DSKEW=... -P abi_skew.cmake
file(READ "${IN}" text)
get_filename_component(in_dir "${IN}" DIRECTORY)
get_filename_component(out_dir "${OUT}" DIRECTORY)
file(READ "${in_dir}/mazebench_shapes.h" list)
set(before "${text}${list}")
if(SKEW STREQUAL "more-shapes")
  string(REGEX REPLACE "(#define MZ_SHAPES_BUT_SQUARE\\(X\\)[ ]*\\\\\n)" "\\1    X(SKEW_TEST, skew_test) \\\\\n" list "${list}")
elseif(SKEW STREQUAL "fewer-shapes")
  string(REGEX REPLACE "\n    X\\(HEX, hex\\)[ ]*\\\\" "" list "${list}")
elseif(SKEW STREQUAL "abi")
  string(REGEX MATCH "#define MZ_ABI_VERSION ([0-9]+)" m "${text}")
  math(EXPR next "${CMAKE_MATCH_1} + 1")
  string(REGEX REPLACE "#define MZ_ABI_VERSION [0-9]+" "#define MZ_ABI_VERSION ${next}" text "${text}")
elseif(NOT SKEW STREQUAL "none")
  message(FATAL_ERROR "abi_skew.cmake: unknown SKEW '${SKEW}'")
endif()
if(NOT SKEW STREQUAL "none" AND "${text}${list}" STREQUAL before)
  message(FATAL_ERROR "abi_skew.cmake: ${SKEW}: nothing to change in ${IN} or its shape list (the list's torus line or MZ_ABI_VERSION moved?)")
endif()
file(WRITE "${OUT}" "${text}")
file(WRITE "${out_dir}/mazebench_shapes.h" "${list}")
