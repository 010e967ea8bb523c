# Run at every build (cmake -P): write OUT with the commit the sources are
# at, "-dirty" when tracked files differ from it, rewriting OUT only when
# that changes so nothing rebuilds needlessly. Read by src/sweep/prov.c.
execute_process(COMMAND git rev-parse HEAD WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(rc EQUAL 0)
  execute_process(COMMAND git diff --quiet HEAD WORKING_DIRECTORY ${SRC}
    RESULT_VARIABLE dirty ERROR_QUIET)
  if(NOT dirty EQUAL 0)
    string(APPEND commit "-dirty")
  endif()
  execute_process(COMMAND git log -1 --format=%cI HEAD WORKING_DIRECTORY ${SRC}
    OUTPUT_VARIABLE when OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
else()
  set(commit "unknown")
endif()
set(text "#define MZ_BUILD_COMMIT \"${commit}\"\n")
if(when)
  # the commit's date (committer, ISO 8601): runs of several commits in order
  string(APPEND text "#define MZ_BUILD_COMMIT_DATE \"${when}\"\n")
endif()
if(EXISTS ${OUT})
  file(READ ${OUT} old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
