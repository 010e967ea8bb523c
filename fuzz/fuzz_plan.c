/*
 * fuzz_plan.c - sweep plan files (sw_plan_parse_text, sw_plan_finish,
 * sw_plan_task, sw_plan_write). Properties: a plan that parses and
 * finishes writes itself as plan text that parses and finishes to the
 * same tasks and writes the same text again; every task lies inside the
 * plan (generator, size and seed indices in range, seeds inside the seed
 * ranges); reasons are one line. A plan is never expanded, so a range of
 * 2^32 seeds costs no memory (libFuzzer's malloc limit would catch it).
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "sweep.h"

static char *plan_text(const sw_plan *p, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    FZ_CHECK(f != NULL, "open_memstream");
    FZ_CHECK(sw_plan_write(f, p, "") == 0, "sw_plan_write failed");
    fclose(f);
    return buf;
}

static void check_task(const sw_plan *p, uint64_t k)
{
    sw_task t;
    sw_plan_task(p, k, &t);
    FZ_CHECK(t.index == k && t.gen < p->ngen && t.rep >= 1 && t.rep <= p->reps,
             "task %llu: gen %zu rep %llu", (unsigned long long)k, t.gen,
             (unsigned long long)t.rep);
    bool in = false;
    for (size_t r = 0; r < p->nrange && !in; r++)
        in = t.seed >= p->range[r].lo && t.seed <= p->range[r].hi;
    FZ_CHECK(in, "task %llu: seed %llu outside the plan", (unsigned long long)k,
             (unsigned long long)t.seed);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "";
    sw_plan p;
    sw_plan_init(&p, NULL, NULL);
    int rc = sw_plan_parse_text(&p, (const char *)data, size, "fuzz", err, sizeof err);
    if (rc == SW_OK)
        rc = sw_plan_finish(&p, err, sizeof err);
    if (rc != SW_OK) {
        FZ_CHECK(rc == SW_BAD || rc == SW_FAIL, "status %d", rc);
        FZ_CHECK(err[0] && !strchr(err, '\n'), "reason '%s'", err);
        sw_plan_free(&p);
        return 0;
    }
    FZ_CHECK(p.ntask > 0, "a finished plan without tasks");
    check_task(&p, 0);
    check_task(&p, p.ntask / 2);
    check_task(&p, p.ntask - 1);

    size_t len1, len2;
    char *t1 = plan_text(&p, &len1);
    sw_plan q;
    sw_plan_init(&q, NULL, NULL);
    rc = sw_plan_parse_text(&q, t1, len1, "written", err, sizeof err);
    if (rc == SW_OK)
        rc = sw_plan_finish(&q, err, sizeof err);
    FZ_CHECK(rc == SW_OK, "the written plan is refused: %s\n%s", err, t1);
    FZ_CHECK(q.ntask == p.ntask && q.per_task == p.per_task, "tasks %llu x %zu became %llu x %zu",
             (unsigned long long)p.ntask, p.per_task, (unsigned long long)q.ntask, q.per_task);
    uint64_t probe[3] = {0, p.ntask / 3, p.ntask - 1};
    for (int i = 0; i < 3; i++) {
        sw_task a, b;
        sw_plan_task(&p, probe[i], &a);
        sw_plan_task(&q, probe[i], &b);
        FZ_CHECK(a.seed == b.seed && a.rep == b.rep && a.size.rows == b.size.rows &&
                     a.size.cols == b.size.cols && strcmp(p.gen[a.gen], q.gen[b.gen]) == 0,
                 "task %llu differs after writing the plan", (unsigned long long)probe[i]);
    }
    char *t2 = plan_text(&q, &len2);
    FZ_CHECK(len1 == len2 && memcmp(t1, t2, len1) == 0, "plan text not stable:\n%s---\n%s", t1, t2);
    free(t1);
    free(t2);
    sw_plan_free(&q);
    sw_plan_free(&p);
    return 0;
}
