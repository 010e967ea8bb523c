# The Debian binary package, made by CPack's DEB generator from the install
# rules: `sh scripts/package.sh` builds build/ and writes
# build/mazebench_VERSION_ARCH.deb (docs/ci.md, "The Debian package").
# One package holds what `cmake --install` installs (the CLI, the headers,
# the libraries, the CMake and pkg-config files, the man pages, the
# completion), under /usr, and Debian's own files: the copyright, the
# changelog and lintian's overrides (cmake/debian/).
# Only at the top level: a project that adds mazebench as a subproject
# packages itself.
if(NOT PROJECT_IS_TOP_LEVEL)
  return()
endif()

# What the package holds is built first by the target mz_package_inputs
# (every target of the top-level folder: the CLI, the libraries, the man
# pages; not tests/, bench/ or fuzz/), so CPack's install step does not
# build `all` (the whole test suite of a build folder with MZ_TESTS on):
# `make install` installs what is built and builds nothing.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
add_custom_target(mz_package_inputs)
function(mz_package_inputs_collect)
  get_property(_targets DIRECTORY ${PROJECT_SOURCE_DIR} PROPERTY BUILDSYSTEM_TARGETS)
  list(REMOVE_ITEM _targets mz_package_inputs)
  if(_targets)
    add_dependencies(mz_package_inputs ${_targets})
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL mz_package_inputs_collect)

set(MZ_DEB_MAINTAINER "mazebench maintainers <maintainers@users.noreply.a-seed-3365d83d.example>")
find_program(MZ_DPKG_EXECUTABLE dpkg)
if(MZ_DPKG_EXECUTABLE)
  execute_process(COMMAND ${MZ_DPKG_EXECUTABLE} --print-architecture
    OUTPUT_VARIABLE MZ_DEB_ARCH OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
endif()
if(NOT MZ_DEB_ARCH)
  set(MZ_DEB_ARCH ${CMAKE_SYSTEM_PROCESSOR})
endif()

# Debian's files, installed only into the package (the component is left
# out of a plain `cmake --install`). The changelog is compressed without a
# name or time stamp (gzip -9n), dated by the commit when git knows it, so
# the same tree makes the same file.
execute_process(COMMAND git log -1 --format=%cD WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  OUTPUT_VARIABLE MZ_DEB_DATE OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _mz_rc)
if(NOT _mz_rc EQUAL 0 OR NOT MZ_DEB_DATE)
  string(TIMESTAMP MZ_DEB_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
endif()
# The copyright's years: those of the first and the last commit.
execute_process(COMMAND git log --format=%cd --date=format:%Y WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
  OUTPUT_VARIABLE _mz_years OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _mz_rc)
string(REGEX MATCHALL "[0-9]+" _mz_years "${_mz_years}")
if(_mz_rc EQUAL 0 AND _mz_years)
  list(GET _mz_years 0 _mz_last)
  list(GET _mz_years -1 _mz_first)
else()
  string(TIMESTAMP _mz_first "%Y" UTC)
  set(_mz_last ${_mz_first})
endif()
if(_mz_first STREQUAL _mz_last)
  set(MZ_DEB_YEARS ${_mz_first})
else()
  set(MZ_DEB_YEARS ${_mz_first}-${_mz_last})
endif()
set(_mz_deb ${PROJECT_BINARY_DIR}/debian)
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/changelog.in ${_mz_deb}/changelog @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/cmake/debian/copyright.in ${_mz_deb}/copyright @ONLY)
find_program(MZ_GZIP_EXECUTABLE gzip)
if(MZ_GZIP_EXECUTABLE)
  execute_process(COMMAND ${MZ_GZIP_EXECUTABLE} -9nf -k ${_mz_deb}/changelog)
  install(FILES ${_mz_deb}/changelog.gz DESTINATION share/doc/mazebench
    COMPONENT mz_debian EXCLUDE_FROM_ALL)
endif()
install(FILES ${_mz_deb}/copyright DESTINATION share/doc/mazebench
  COMPONENT mz_debian EXCLUDE_FROM_ALL)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/debian/lintian-overrides DESTINATION share/lintian/overrides
  RENAME mazebench COMPONENT mz_debian EXCLUDE_FROM_ALL)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME mazebench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "mazebench maintainers")
set(CPACK_PACKAGE_CONTACT "${MZ_DEB_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Every component the install rules name, and Debian's files.
set(CPACK_INSTALL_CMAKE_PROJECTS
  "${PROJECT_BINARY_DIR};${PROJECT_NAME};ALL;/"
  "${PROJECT_BINARY_DIR};${PROJECT_NAME};mz_debian;/")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_NAME mazebench)
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_ARCHITECTURE ${MZ_DEB_ARCH})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${MZ_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "benchmark and reproducibility harness for maze generators and solvers")
set(CPACK_PACKAGE_DESCRIPTION "mazebench runs maze generators and solvers across seeds and grid sizes,
records their figures, time and memory as CSV, draws charts and pictures,
and checks that committed results stay reproducible bit for bit
(mazebench check, with JUnit reports for CI).
This package holds the mazebench command, its C library (static and
shared) with its headers, CMake and pkg-config files to build against it,
the man pages and the bash completion.")
# The dependencies are those of the binaries, read by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
# The shared library is in ld.so's folders: the package activates
# ldconfig's trigger (CPack's own postinst and postrm also call ldconfig).
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_SOURCE_DIR}/cmake/debian/triggers)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Man pages compressed in the staging folder (cmake/debian/compress-man.cmake).
set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/debian/compress-man.cmake)
set(CPACK_DEBIAN_FILE_NAME "mazebench_${PROJECT_VERSION}_${MZ_DEB_ARCH}.deb")
set(CPACK_OUTPUT_FILE_PREFIX ${PROJECT_BINARY_DIR})
include(CPack)
