# abi_skew.cmake - a copy of src/mazebench.h as another build of the
# library would have it, for tests/abi_skew.c (docs/api.md, "The ABI
# check"): SKEW none (unchanged), more-shapes (one shape more than the
# library), fewer-shapes (one fewer) or abi (the next MZ_ABI_VERSION).
#   cmake -DIN=src/mazebench.h -DOUT=dir/mazebench.h -DSKEW=... -P abi_skew.cmake
file(READ "${IN}" text)
set(before "${text}")
if(SKEW STREQUAL "more-shapes")
  string(REPLACE "    MZ_SHAPE_TORUS,\n    MZ_SHAPE_COUNT" "    MZ_SHAPE_TORUS,\n    MZ_SHAPE_SKEW_TEST,\n    MZ_SHAPE_COUNT" text "${text}")
elseif(SKEW STREQUAL "fewer-shapes")
  string(REPLACE "    MZ_SHAPE_TORUS,\n    MZ_SHAPE_COUNT" "    MZ_SHAPE_COUNT" text "${text}")
elseif(SKEW STREQUAL "abi")
  string(REGEX MATCH "#define MZ_ABI_VERSION ([0-9]+)" m "${text}")
  math(EXPR next "${CMAKE_MATCH_1} + 1")
  string(REGEX REPLACE "#define MZ_ABI_VERSION [0-9]+" "#define MZ_ABI_VERSION ${next}" text "${text}")
elseif(NOT SKEW STREQUAL "none")
  message(FATAL_ERROR "abi_skew.cmake: unknown SKEW '${SKEW}'")
endif()
if(NOT SKEW STREQUAL "none" AND text STREQUAL before)
  message(FATAL_ERROR "abi_skew.cmake: ${SKEW}: nothing to change in ${IN} (its shape enum or MZ_ABI_VERSION line moved?)")
endif()
file(WRITE "${OUT}" "${text}")
