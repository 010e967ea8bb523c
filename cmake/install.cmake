# Install rules (docs/install.md): the CLI, the public headers
# (src/mazebench*.h, flat into include/), the static and the shared
# library, the CMake package (find_package(mazebench CONFIG): targets
# mazebench::mazebench, mazebench::mazebench_static,
# mazebench::mazebench_shared, mazebench::cli) and mazebench.pc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

file(GLOB MZ_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/mazebench*.h)
install(FILES ${MZ_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS mazebench mazebench_static mazebench_shared EXPORT mazebench-targets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})

set(MZ_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/mazebench)
install(EXPORT mazebench-targets NAMESPACE mazebench:: DESTINATION ${MZ_CMAKE_DIR})
if(MZ_CAIRO_PC_FOUND)
  set(MZ_WITH_CAIRO ON)
else()
  set(MZ_WITH_CAIRO OFF)
endif()
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/mazebench-config.cmake.in
  ${PROJECT_BINARY_DIR}/mazebench-config.cmake INSTALL_DESTINATION ${MZ_CMAKE_DIR})
# 0.x: a new minor version may break the API (the soname follows the ABI
# version of the header); from 1.0 on, the same major version is compatible.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(MZ_COMPATIBILITY SameMinorVersion)
else()
  set(MZ_COMPATIBILITY SameMajorVersion)
endif()
write_basic_package_version_file(${PROJECT_BINARY_DIR}/mazebench-config-version.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY ${MZ_COMPATIBILITY})
install(FILES ${PROJECT_BINARY_DIR}/mazebench-config.cmake
  ${PROJECT_BINARY_DIR}/mazebench-config-version.cmake DESTINATION ${MZ_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own place, so the
# installed tree can be moved (cmake --install --prefix anywhere).
set(MZ_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH MZ_PC_TO_PREFIX /prefix/${MZ_PC_DIR} /prefix)
string(REGEX REPLACE "/$" "" MZ_PC_TO_PREFIX "${MZ_PC_TO_PREFIX}")
list(JOIN MZ_PC_REQUIRES_PRIVATE " " MZ_PC_REQUIRES_PRIVATE_LINE)
configure_file(${PROJECT_SOURCE_DIR}/cmake/mazebench.pc.in ${PROJECT_BINARY_DIR}/mazebench.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/mazebench.pc DESTINATION ${MZ_PC_DIR})

# What the install rules install is built by the target mz_install_inputs
# (every target of the top-level folder: the CLI, the libraries, the man
# pages; not tests/, bench/ or fuzz/): tests/install_cli.sh builds it, then
# runs cmake --install.
add_custom_target(mz_install_inputs)
function(mz_install_inputs_collect)
  get_property(_targets DIRECTORY ${PROJECT_SOURCE_DIR} PROPERTY BUILDSYSTEM_TARGETS)
  list(REMOVE_ITEM _targets mz_install_inputs mz_package_inputs)
  if(_targets)
    add_dependencies(mz_install_inputs ${_targets})
  endif()
endfunction()
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL mz_install_inputs_collect)
