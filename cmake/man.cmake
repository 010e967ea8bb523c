# Man pages and bash completion (docs/cli.md), written at build time by the
# built CLI from its option tables: mazebench(1) and mazebench-COMMAND(1)
# into ${PROJECT_BINARY_DIR}/man, the completion script into
# ${PROJECT_BINARY_DIR}/completion/mazebench; installed to
# share/man/man1 and share/bash-completion/completions.
#
# Included from CMakeLists.txt; the same file run with cmake -P (script
# mode, MZ_CLI, MZ_MAN_DIR and MZ_COMPLETION_DIR set) writes the files.

if(CMAKE_SCRIPT_MODE_FILE)
  # The commands, from 'mazebench --help': the lines after "commands:".
  execute_process(COMMAND ${MZ_EMULATOR} ${MZ_CLI} --help OUTPUT_VARIABLE _help RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${MZ_CLI} --help failed (${_rc})")
  endif()
  string(REGEX REPLACE ".*\ncommands:\n" "" _help "${_help}")
  string(REGEX REPLACE "\n\n.*" "" _help "${_help}")
  string(REGEX MATCHALL "(^|\n)  [a-z][a-z0-9-]*" _names "${_help}")
  file(MAKE_DIRECTORY ${MZ_MAN_DIR} ${MZ_COMPLETION_DIR})
  file(GLOB _old ${MZ_MAN_DIR}/*.1) # a command gone takes its page along
  if(_old)
    file(REMOVE ${_old})
  endif()
  set(_pages mazebench)
  foreach(_n IN LISTS _names)
    string(STRIP "${_n}" _n)
    list(APPEND _pages ${_n})
  endforeach()
  foreach(_p IN LISTS _pages)
    if(_p STREQUAL "mazebench")
      set(_args help --man)
      set(_file ${MZ_MAN_DIR}/mazebench.1)
    else()
      set(_args help --man ${_p})
      set(_file ${MZ_MAN_DIR}/mazebench-${_p}.1)
    endif()
    execute_process(COMMAND ${MZ_EMULATOR} ${MZ_CLI} ${_args} OUTPUT_FILE ${_file} RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "${MZ_CLI} ${_args} failed (${_rc})")
    endif()
  endforeach()
  execute_process(COMMAND ${MZ_EMULATOR} ${MZ_CLI} completion bash
    OUTPUT_FILE ${MZ_COMPLETION_DIR}/mazebench RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${MZ_CLI} completion bash failed (${_rc})")
  endif()
  return()
endif()

if(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  message(STATUS "Cross-compiling: no man pages or bash completion (the built mazebench writes them; run 'mazebench help --man' and 'mazebench completion bash' on the target)")
  return()
endif()

set(MZ_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(MZ_COMPLETION_DIR ${PROJECT_BINARY_DIR}/completion)
# Under an emulator (a cross build with CMAKE_CROSSCOMPILING_EMULATOR),
# through it: its program (its first word) runs the CLI.
set(_mz_emulator "")
if(CMAKE_CROSSCOMPILING_EMULATOR)
  list(GET CMAKE_CROSSCOMPILING_EMULATOR 0 _mz_emulator)
endif()
# The pages depend on the CLI (its tables, its version) and on nothing else:
# a stamp stands for the folder, whose page names follow the commands.
add_custom_command(OUTPUT ${MZ_MAN_DIR}/.stamp ${MZ_COMPLETION_DIR}/mazebench
  COMMAND ${CMAKE_COMMAND} -DMZ_CLI=$<TARGET_FILE:mazebench> "-DMZ_EMULATOR=${_mz_emulator}"
          -DMZ_MAN_DIR=${MZ_MAN_DIR}
          -DMZ_COMPLETION_DIR=${MZ_COMPLETION_DIR} -P ${CMAKE_CURRENT_LIST_DIR}/man.cmake
  COMMAND ${CMAKE_COMMAND} -E touch ${MZ_MAN_DIR}/.stamp
  DEPENDS mazebench ${CMAKE_CURRENT_LIST_DIR}/man.cmake
  COMMENT "Writing the man pages and the bash completion"
  VERBATIM)
add_custom_target(mz_man ALL DEPENDS ${MZ_MAN_DIR}/.stamp ${MZ_COMPLETION_DIR}/mazebench)

if(MZ_INSTALL)
  include(GNUInstallDirs)
  install(DIRECTORY ${MZ_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
    FILES_MATCHING PATTERN "*.1")
  install(FILES ${MZ_COMPLETION_DIR}/mazebench
    DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
endif()
