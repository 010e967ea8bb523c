/*
 * junit.h - JUnit XML reports for CI servers (GitLab, Jenkins, GitHub
 * test reporters): one <testcase> per thing checked, failures with a
 * one-line message and a longer text.
 *
 * Collect the cases in memory, then write the file once at the end:
 *
 *     mzo_junit j;
 *     mzo_junit_init(&j, "mazebench check");
 *     mzo_junit_add(&j, "check.rows", "dfs, seed 1, 31x31", NULL, NULL);      // passed
 *     mzo_junit_add(&j, "check.rows", "kruskal, seed 2, 31x31",
 *                   "column 'dead_ends': expected '12', got '13'", detail); // failed
 *     rc = mzo_junit_print(&j, junit_file, err, sizeof err);  // a command's output
 *     mzo_junit_free(&j);
 *
 * The file holds one <testsuites> with one <testsuite> named as given to
 * mzo_junit_init; each case has a classname (the report groups by it) and
 * a name. No times and no dates are written: the same cases give the same
 * bytes. Every text goes through mzo_xml_text (src/out/out.h), so any
 * bytes are safe. A library like the rest of src/out: nothing prints; the
 * file is the caller's (a command writes it beside its target and renames
 * it into place with its other outputs, after its stdout result).
 */
#ifndef MZ_OUT_JUNIT_H
#define MZ_OUT_JUNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../util/util.h"

typedef struct mzo_junit_case {
    char *classname, *name;
    char *failure; /* NULL: passed; otherwise the one-line message */
    char *detail;  /* the failure's body text, NULL for none */
    bool skipped;  /* reported as <skipped/> (failure NULL) */
} mzo_junit_case;

typedef struct mzo_junit {
    char *suite;
    mzu_vec cases; /* of mzo_junit_case */
    size_t failures, skipped;
    bool oom; /* an add ran out of memory: mzo_junit_print reports it */
} mzo_junit;

/* An empty report whose suite is called suite. */
void mzo_junit_init(mzo_junit *j, const char *suite);

/* One test case. failure NULL: it passed; otherwise it failed with that
 * message and detail (may be NULL) as the body. The strings are copied.
 * Returns 0, or -1 when memory ran out (remembered in j->oom). */
int mzo_junit_add(mzo_junit *j, const char *classname, const char *name, const char *failure,
                  const char *detail);

/* A case that was not run, with the reason as its message. */
int mzo_junit_skip(mzo_junit *j, const char *classname, const char *name, const char *why);

/* Write the report to f. MZO_FAIL with the reason in err when memory ran
 * out while adding cases; MZO_OK otherwise (a write error shows when f is
 * committed). */
int mzo_junit_print(const mzo_junit *j, FILE *f, char *err, size_t errlen);

void mzo_junit_free(mzo_junit *j);

#endif /* MZ_OUT_JUNIT_H */
