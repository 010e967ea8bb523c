/*
 * check_out.c - the JUnit report of 'mazebench check' (check_out.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "check_out.h"

#include "out/junit.h"
#include "out/out.h"

#include <stdlib.h>
#include <string.h>

/* The JUnit report: one test case per row, named after its line and
 * recipe; a row that differs fails with its first line as the message and
 * every line as the body; a row not compared fails with its recipe's
 * failure. */
int mzr_check_junit(const mzt_check *c, FILE *out, char *err, size_t errlen)
{
    mzo_junit j;
    mzo_junit_init(&j, "mazebench check");
    char cls[512], name[1024];
    snprintf(cls, sizeof cls, "check.%s", c->path);
    for (size_t k = 0; k < c->nrows; k++) {
        const mzt_check_row *r = &c->row[k];
        char what[512];
        mzt_check_describe(r, true, what, sizeof what);
        snprintf(name, sizeof name, "line %zu: %s", r->line, what);
        if (r->diff) {
            size_t n = strcspn(r->diff, "\n");
            char *msg = strndup(r->diff, n);
            mzo_junit_add(&j, cls, name, msg ? msg : "differs", r->diff);
            free(msg);
        } else if (r->why) {
            char msg[512];
            snprintf(msg, sizeof msg, "not compared: %s", r->why);
            mzo_junit_add(&j, cls, name, msg, NULL);
        } else if (r->ndiff || r->nfail) {
            mzo_junit_add(&j, cls, name, "differs (out of memory for the lines)", NULL);
        } else {
            mzo_junit_add(&j, cls, name, NULL, NULL);
        }
    }
    /* Completeness: one more case, skipped when the file has no plan. */
    const char *whole = "completeness: the rows of its plan";
    if (!c->nsect) {
        mzo_junit_skip(&j, cls, whole, "no '# plan:' lines: completeness not checked");
    } else if (c->plan_diff) {
        size_t n = strcspn(c->plan_diff, "\n");
        char *msg = strndup(c->plan_diff, n);
        mzo_junit_add(&j, cls, whole, msg ? msg : "rows missing, extra or out of order",
                      c->plan_diff);
        free(msg);
    } else if (c->nmissing || c->nextra || c->norder) {
        mzo_junit_add(&j, cls, whole, "rows missing, extra or out of order", NULL);
    } else {
        mzo_junit_add(&j, cls, whole, NULL, NULL);
    }
    int rc = mzo_junit_print(&j, out, err, errlen);
    mzo_junit_free(&j);
    return rc;
}
