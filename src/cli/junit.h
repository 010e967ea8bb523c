/*
 * junit.h - JUnit XML reports for CI servers (GitLab, Jenkins, GitHub
 * test reporters): one <testcase> per thing checked, failures with a
 * one-line message and a longer text.
 *
 * Collect the cases in memory, then write the file once at the end:
 *
 *     mzc_junit j;
 *     mzc_junit_init(&j, "mazebench check");
 *     mzc_junit_add(&j, "check.rows", "dfs, seed 1, 31x31", NULL, NULL);      // passed
 *     mzc_junit_add(&j, "check.rows", "kruskal, seed 2, 31x31",
 *                   "column 'dead_ends': expected '12', got '13'", detail); // failed
 *     rc = mzc_junit_print(&j, junit_file, "check");  // an mzc_outs file
 *     mzc_junit_free(&j);
 *
 * The file holds one <testsuites> with one <testsuite> named as given to
 * mzc_junit_init; each case has a classname (the report groups by it) and
 * a name. No times and no dates are written: the same cases give the same
 * bytes. Every text goes through mzo_xml_text (src/out/out.h), so any
 * bytes are safe. The file follows the output rules of every command: an
 * existing file is refused unless force, and it is written beside and
 * renamed into place with the command's other outputs, after its stdout
 * result (mzc_outs in cli.h).
 */
#ifndef MZ_CLI_JUNIT_H
#define MZ_CLI_JUNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/util.h"

typedef struct mzc_junit_case {
    char *classname, *name;
    char *failure; /* NULL: passed; otherwise the one-line message */
    char *detail;  /* the failure's body text, NULL for none */
    bool skipped;  /* reported as <skipped/> (failure NULL) */
} mzc_junit_case;

typedef struct mzc_junit {
    char *suite;
    mzu_vec cases; /* of mzc_junit_case */
    size_t failures, skipped;
    bool oom; /* an add ran out of memory: mzc_junit_write reports it */
} mzc_junit;

/* An empty report whose suite is called suite. */
void mzc_junit_init(mzc_junit *j, const char *suite);

/* One test case. failure NULL: it passed; otherwise it failed with that
 * message and detail (may be NULL) as the body. The strings are copied.
 * Returns 0, or -1 when memory ran out (remembered in j->oom). */
int mzc_junit_add(mzc_junit *j, const char *classname, const char *name, const char *failure,
                  const char *detail);

/* A case that was not run, with the reason as its message. */
int mzc_junit_skip(mzc_junit *j, const char *classname, const char *name, const char *why);

/* Write the report to f, an output of the command (mzc_outs_open): it is
 * committed with the command's other outputs, after its stdout result.
 * MZC_FAIL after one line "mazebench: CMD: ..." when memory ran out while
 * adding cases; MZC_OK otherwise (a write error shows at the commit). */
int mzc_junit_print(const mzc_junit *j, FILE *f, const char *cmd);

/* Write the report to path alone (refused when it exists unless force;
 * written beside it and renamed, after stdout was flushed: mzc_outs). On
 * error prints one line and returns MZC_USAGE (the file exists, '-') or
 * MZC_FAIL (a write error, stdout that failed, or memory ran out while
 * adding cases); MZC_OK otherwise. */
int mzc_junit_write(const mzc_junit *j, const char *path, bool force, const char *cmd);

void mzc_junit_free(mzc_junit *j);

#endif /* MZ_CLI_JUNIT_H */
