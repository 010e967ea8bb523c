/*
 * verdict_vet.c - vet's checks of an entry as one check of its verdict
 * (mzv_add_vet in verdict.h): apart from verdict.c, since vet's header
 * cannot share a file with the statistics'.
 */
#include "verdict.h"
#include "vet.h"

#include <stdio.h>
#include <string.h>

/* vet's checks (src/tools/vet.c), counted into one line. */
typedef struct vet_tally {
    unsigned ok, failed, skipped;
    char failures[1024];
    char why[640];
} vet_tally;

static void vet_line(void *user, const mz_algo *a, const char *check, mzt_verdict v,
                     const char *why)
{
    (void)a;
    vet_tally *t = user;
    if (v == MZT_VET_OK)
        t->ok++;
    else if (v == MZT_VET_SKIP)
        t->skipped++;
    else {
        size_t l = strlen(t->failures);
        if (t->failed++ == 0)
            snprintf(t->why, sizeof t->why, "%s", why);
        snprintf(t->failures + l, sizeof t->failures - l, "%s%s", l ? ", " : "", check);
    }
}

void mzv_add_vet(const mz_algo *a, mzv_result *r, const char *(*outside_why)(const mz_algo *))
{
    vet_tally t;
    memset(&t, 0, sizeof t);
    mzt_vet_opts vo = {NULL, 0, outside_why};
    mzt_vet_with(a, vet_line, &t, &vo);
    char detail[2048];
    if (t.failed)
        snprintf(detail, sizeof detail, "mazebench vet: %u checks ok, %u skipped, %u failed (%s); "
                 "the first: %s", t.ok, t.skipped, t.failed, t.failures, t.why);
    else
        snprintf(detail, sizeof detail, "mazebench vet: %u checks ok, %u skipped (walls, scratch "
                 "bits, same seed, trace, allocation failures on its sample grids)", t.ok,
                 t.skipped);
    mzv_add_check(r, "vet", "", t.failed ? MZV_FAIL : MZV_PASS, detail, NULL);
}
