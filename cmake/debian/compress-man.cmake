# CPack pre-build script (cmake/package.cmake): Debian's man pages are
# compressed, gzip -9n (no name or time stamp, so the same page gives the
# same bytes); the install rules install them as they are written.
file(GLOB_RECURSE _pages "${CPACK_TEMPORARY_INSTALL_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}/share/man/*.[1-9]")
foreach(_page IN LISTS _pages)
  execute_process(COMMAND gzip -9nf "${_page}" RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "gzip -9nf ${_page} failed (${_rc})")
  endif()
endforeach()
