/*
 * fuzz_lists.c - the sweep's command-line lists: --gen, --solve, --seeds,
 * --sizes and --reps (sw_plan_set_*), applied to a small plan. The first
 * byte picks the list (modulo 5), the rest is its text. Properties as
 * fuzz_plan: a list accepted gives a plan that finishes (or is refused
 * with a reason, of one line unless the list holds a newline), whose
 * tasks lie inside it and whose written text reads back to the same task
 * count. A seed list of 2^32 seeds costs no memory.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "sweep.h"

static const char base[] = "gen dfs\nsolve bfs\nseeds 1..3\nsizes 5,3x7\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    char *text = fz_string(data + 1, size - 1);
    char err[512] = "";
    sw_plan p;
    sw_plan_init(&p, NULL, NULL);
    FZ_CHECK(sw_plan_parse_text(&p, base, sizeof base - 1, "base", err, sizeof err) == SW_OK,
             "base plan: %s", err);
    int rc;
    switch (data[0] % 5) {
    case 0: rc = sw_plan_set_gens(&p, text, err, sizeof err); break;
    case 1: rc = sw_plan_set_solvers(&p, text, err, sizeof err); break;
    case 2: rc = sw_plan_set_seeds(&p, text, err, sizeof err); break;
    case 3: rc = sw_plan_set_sizes(&p, text, err, sizeof err); break;
    default: rc = sw_plan_set_reps(&p, text, err, sizeof err); break;
    }
    if (rc == SW_OK)
        rc = sw_plan_finish(&p, err, sizeof err);
    if (rc != SW_OK) {
        FZ_CHECK(rc == SW_BAD || rc == SW_FAIL, "status %d", rc);
        /* The engine quotes the list as given, newlines included (the CLI
         * shows them as '?'); a newline the input lacks is a bug. */
        FZ_CHECK(err[0] && (!strchr(err, '\n') || strchr(text, '\n')), "list '%s': reason '%s'",
                 text, err);
    } else {
        FZ_CHECK(p.ntask > 0, "'%s': no tasks", text);
        sw_task t;
        sw_plan_task(&p, p.ntask - 1, &t);
        FZ_CHECK(t.gen < p.ngen && t.rep <= p.reps, "'%s': last task off the plan", text);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        FZ_CHECK(f && sw_plan_write(f, &p, "") == 0, "write");
        fclose(f);
        sw_plan q;
        sw_plan_init(&q, NULL, NULL);
        rc = sw_plan_parse_text(&q, buf, len, "written", err, sizeof err);
        if (rc == SW_OK)
            rc = sw_plan_finish(&q, err, sizeof err);
        FZ_CHECK(rc == SW_OK && q.ntask == p.ntask, "'%s': written plan: %s\n%s", text, err, buf);
        sw_plan_free(&q);
        free(buf);
    }
    sw_plan_free(&p);
    free(text);
    return 0;
}
