/*
 * junit.c - JUnit XML reports (junit.h).
 */
#include "junit.h"
#include "out.h"

#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s, bool *bad)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d)
        *bad = true;
    else
        memcpy(d, s, n);
    return d;
}

void mzo_junit_init(mzo_junit *j, const char *suite)
{
    memset(j, 0, sizeof *j);
    mzu_vec_init(&j->cases, sizeof(mzo_junit_case), NULL);
    bool bad = false;
    j->suite = dup_or_null(suite ? suite : "mazebench", &bad);
    j->oom = bad;
}

static int add(mzo_junit *j, const char *classname, const char *name, const char *failure,
               const char *detail, bool skipped)
{
    mzo_junit_case *c = mzu_vec_push(&j->cases);
    if (!c) {
        j->oom = true;
        return -1;
    }
    bool bad = false;
    c->classname = dup_or_null(classname ? classname : "", &bad);
    c->name = dup_or_null(name ? name : "", &bad);
    c->failure = dup_or_null(failure, &bad);
    c->detail = dup_or_null(detail, &bad);
    c->skipped = skipped;
    if (failure && !skipped)
        j->failures++;
    if (skipped)
        j->skipped++;
    if (bad)
        j->oom = true;
    return bad ? -1 : 0;
}

int mzo_junit_add(mzo_junit *j, const char *classname, const char *name, const char *failure,
                  const char *detail)
{
    return add(j, classname, name, failure, detail, false);
}

int mzo_junit_skip(mzo_junit *j, const char *classname, const char *name, const char *why)
{
    return add(j, classname, name, why, NULL, true);
}

int mzo_junit_print(const mzo_junit *j, FILE *f, char *err, size_t errlen)
{
    if (j->oom) {
        snprintf(err, errlen, "out of memory building the JUnit report");
        return MZO_FAIL;
    }
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
    fputs("<testsuites name=\"", f);
    mzo_xml_text(f, j->suite);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", j->cases.len,
            j->failures, j->skipped);
    fputs("  <testsuite name=\"", f);
    mzo_xml_text(f, j->suite);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n", j->cases.len,
            j->failures, j->skipped);
    for (size_t k = 0; k < j->cases.len; k++) {
        const mzo_junit_case *c = &MZU_AT(&j->cases, mzo_junit_case, k);
        fputs("    <testcase classname=\"", f);
        mzo_xml_text(f, c->classname);
        fputs("\" name=\"", f);
        mzo_xml_text(f, c->name);
        if (!c->failure) {
            fputs("\"/>\n", f);
            continue;
        }
        fputs(c->skipped ? "\">\n      <skipped message=\"" : "\">\n      <failure message=\"", f);
        mzo_xml_text(f, c->failure);
        if (c->detail) {
            fputs("\">", f);
            mzo_xml_text(f, c->detail);
            fputs(c->skipped ? "</skipped>\n" : "</failure>\n", f);
        } else {
            fputs("\"/>\n", f);
        }
        fputs("    </testcase>\n", f);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
    return MZO_OK;
}

void mzo_junit_free(mzo_junit *j)
{
    for (size_t k = 0; k < j->cases.len; k++) {
        free(MZU_AT(&j->cases, mzo_junit_case, k).classname);
        free(MZU_AT(&j->cases, mzo_junit_case, k).name);
        free(MZU_AT(&j->cases, mzo_junit_case, k).failure);
        free(MZU_AT(&j->cases, mzo_junit_case, k).detail);
    }
    mzu_vec_free(&j->cases);
    free(j->suite);
    memset(j, 0, sizeof *j);
}
