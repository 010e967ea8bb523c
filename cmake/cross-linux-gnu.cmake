# Cross toolchain for Debian's gcc-<triplet> packages, static binaries run
# under qemu-user.  Pass the triplet as MZ_CROSS_TRIPLET, e.g.
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/cross-linux-gnu.cmake \
#         -DMZ_CROSS_TRIPLET=s390x-linux-gnu -DMZ_TESTS=OFF -DMZ_BENCH=OFF
# Triplets used by scripts/cross.sh: s390x-linux-gnu, aarch64-linux-gnu,
# i686-linux-gnu.
if(NOT MZ_CROSS_TRIPLET)
  if(DEFINED ENV{MZ_CROSS_TRIPLET})
    set(MZ_CROSS_TRIPLET "$ENV{MZ_CROSS_TRIPLET}")
  else()
    message(FATAL_ERROR "set MZ_CROSS_TRIPLET (e.g. s390x-linux-gnu)")
  endif()
endif()
# try_compile runs in a fresh project: hand the triplet on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES MZ_CROSS_TRIPLET)
set(ENV{MZ_CROSS_TRIPLET} "${MZ_CROSS_TRIPLET}")

string(REGEX REPLACE "-.*" "" _mz_cpu "${MZ_CROSS_TRIPLET}")
if(_mz_cpu MATCHES "^i.86$")
  set(_mz_cpu i686)
endif()
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${_mz_cpu})
set(CMAKE_C_COMPILER ${MZ_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${MZ_CROSS_TRIPLET}-g++)
set(CMAKE_FIND_ROOT_PATH /usr/${MZ_CROSS_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static, so qemu-user needs no target sysroot at run time.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
