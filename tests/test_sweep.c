/*
 * test_sweep.c - the sweep and merge commands, run through the CLI binary
 * (MZ_CLI) on small plans, in a mktemp directory.
 *
 *   - the small plan's figures equal data/sweep-small.csv, column by column
 *     by name (scripts/regen-sweep-golden.sh rebuilds it);
 *   - --jobs 1 and --jobs 2 write the same deterministic columns;
 *   - a file cut anywhere (provenance, header, mid-row) and --resume, and a
 *     sweep stopped by SIGINT and --resume, equal an uninterrupted sweep;
 *   - --resume refuses a file of another plan;
 *   - --shard I/N parts joined by merge, in any order, equal the unsharded
 *     file, also when the parts are run by GNU parallel (skipped without it);
 *   - plan errors, optional entries, a plan without solvers, and every
 *     fixed-size generator of the registry running once a seed.
 *
 * "Deterministic columns" are those before gen_ns: the timing and memory
 * columns come last in every row.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mazebench.h"

#define SMALL_PLAN "bench/plans/small.plan"
#define GOLDEN "data/sweep-small.csv"

static char tmp[256];

/* ---- helpers ---- */

static int run(const char *fmt, ...)
{
    char cmd[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static const char *path(const char *name)
{
    static char buf[8][512];
    static int k;
    k = (k + 1) % 8;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmp, name);
    return buf[k];
}

/* A CSV file without its '#' lines: header fields and rows of fields. */
struct table {
    size_t ncol, nrow;
    char **head;
    char ***row;
};

static size_t split(const char *line, char ***out)
{
    size_t n = 0, cap = 8;
    char **f = malloc(cap * sizeof *f);
    char *cur = malloc(strlen(line) + 1);
    size_t len = 0;
    int q = 0;
    for (const char *p = line;; p++) {
        if (q && *p == '"' && p[1] == '"') {
            cur[len++] = '"';
            p++;
        } else if (*p == '"') {
            q = !q;
        } else if ((*p == ',' && !q) || *p == '\0') {
            cur[len] = '\0';
            if (n == cap)
                f = realloc(f, (cap *= 2) * sizeof *f);
            f[n++] = strdup(cur);
            len = 0;
            if (*p == '\0')
                break;
        } else {
            cur[len++] = *p;
        }
    }
    free(cur);
    *out = f;
    return n;
}

static void table_read(const char *file, struct table *t)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(file, "r");
    assert_non_null(f);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        if (line[n - 1] == '\n')
            line[--n] = '\0';
        else
            fail_msg("%s: a line without a newline: '%s'", file, line);
        if (line[0] == '#')
            continue;
        char **fields;
        size_t nf = split(line, &fields);
        if (!t->head) {
            t->head = fields;
            t->ncol = nf;
            continue;
        }
        if (nf != t->ncol)
            fail_msg("%s: row %zu has %zu fields, the header %zu", file, t->nrow + 1, nf,
                     t->ncol);
        t->row = realloc(t->row, (t->nrow + 1) * sizeof *t->row);
        t->row[t->nrow++] = fields;
    }
    free(line);
    fclose(f);
    assert_non_null(t->head);
}

static void table_free(struct table *t)
{
    for (size_t c = 0; c < t->ncol; c++)
        free(t->head[c]);
    for (size_t r = 0; r < t->nrow; r++) {
        for (size_t c = 0; c < t->ncol; c++)
            free(t->row[r][c]);
        free(t->row[r]);
    }
    free(t->head);
    free(t->row);
}

static size_t column(const struct table *t, const char *name)
{
    for (size_t c = 0; c < t->ncol; c++)
        if (strcmp(t->head[c], name) == 0)
            return c;
    return SIZE_MAX;
}

/* Deterministic columns: those before gen_ns. */
static size_t figures(const struct table *t)
{
    size_t c = column(t, "gen_ns");
    assert_true(c != SIZE_MAX);
    return c;
}

/* Two sweep files hold the same header and the same figures, row by row. */
static void assert_same_figures(const char *a, const char *b)
{
    struct table x, y;
    table_read(a, &x);
    table_read(b, &y);
    size_t n = figures(&x);
    assert_int_equal(n, figures(&y));
    for (size_t c = 0; c < n; c++)
        assert_string_equal(x.head[c], y.head[c]);
    if (x.nrow != y.nrow)
        fail_msg("%s has %zu rows, %s %zu", a, x.nrow, b, y.nrow);
    for (size_t r = 0; r < x.nrow; r++)
        for (size_t c = 0; c < n; c++)
            if (strcmp(x.row[r][c], y.row[r][c]) != 0)
                fail_msg("row %zu column %s: '%s' in %s, '%s' in %s", r + 1, x.head[c],
                         x.row[r][c], a, y.row[r][c], b);
    table_free(&x);
    table_free(&y);
}

static void copy_prefix(const char *from, const char *to, long bytes)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    for (long k = 0; k < bytes; k++) {
        int c = fgetc(in);
        if (c == EOF)
            break;
        fputc(c, out);
    }
    fclose(in);
    fclose(out);
}

static long file_size(const char *file)
{
    struct stat st;
    return stat(file, &st) == 0 ? (long)st.st_size : -1;
}

/* The reference: the small plan, one job. */
static const char *reference(void)
{
    const char *ref = path("ref.csv");
    if (file_size(ref) <= 0)
        assert_int_equal(run("%s sweep %s --jobs 1 --out %s", MZ_CLI, SMALL_PLAN, ref), 0);
    return ref;
}

/* ---- tests ---- */

static void test_golden(void **state)
{
    (void)state;
    struct table g, s;
    table_read(GOLDEN, &g);
    table_read(reference(), &s);
    assert_int_equal(g.nrow, s.nrow);
    for (size_t c = 0; c < g.ncol; c++) {
        size_t sc = column(&s, g.head[c]);
        if (sc == SIZE_MAX)
            fail_msg("golden column '%s' missing from the sweep", g.head[c]);
        for (size_t r = 0; r < g.nrow; r++)
            if (strcmp(g.row[r][c], s.row[r][sc]) != 0)
                fail_msg("row %zu (%s seed %s %sx%s %s) column %s: golden '%s', sweep '%s'",
                         r + 1, g.row[r][0], g.row[r][1], g.row[r][2], g.row[r][3],
                         s.row[r][column(&s, "solver")], g.head[c], g.row[r][c],
                         s.row[r][sc]);
    }
    /* The article's figures, by hand: board 01 and board 07 at seed 464. */
    size_t de = column(&s, "dead_ends"), rt = column(&s, "route"), st = column(&s, "steps");
    assert_string_equal(s.row[0][0], "dfs");
    assert_string_equal(s.row[0][de], "96");
    assert_string_equal(s.row[0][rt], "320");
    assert_string_equal(s.row[1][st], "1095"); /* wall, left hand */
    assert_string_equal(s.row[2][st], "1484"); /* wall, right hand */
    table_free(&g);
    table_free(&s);
}

static void test_jobs_equal(void **state)
{
    (void)state;
    const char *j2 = path("j2.csv");
    assert_int_equal(run("%s sweep %s --jobs 2 --out %s", MZ_CLI, SMALL_PLAN, j2), 0);
    assert_same_figures(reference(), j2);
}

static void test_resume_after_cut(void **state)
{
    (void)state;
    const char *ref = reference(), *cut = path("cut.csv");
    long size = file_size(ref);
    /* Find the header's end, to cut just after it and mid-row. */
    FILE *f = fopen(ref, "r");
    char line[8192];
    long header_end = 0, row1_end = 0, pos = 0;
    while (fgets(line, sizeof line, f)) {
        pos += (long)strlen(line);
        if (line[0] == '#')
            continue;
        if (!header_end)
            header_end = pos;
        else if (!row1_end)
            row1_end = pos;
    }
    fclose(f);
    long cuts[] = {20, header_end - 5, header_end + 7, row1_end, size / 2, size - 3};
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        copy_prefix(ref, cut, cuts[k]);
        if (run("%s sweep %s --resume --out %s 2>/dev/null", MZ_CLI, SMALL_PLAN, cut) != 0)
            fail_msg("--resume after a cut at byte %ld of %ld failed", cuts[k], size);
        assert_same_figures(ref, cut);
    }
}

static void test_resume_refuses_other_plan(void **state)
{
    (void)state;
    const char *other = path("other.csv");
    copy_prefix(reference(), other, file_size(reference()) / 2);
    long before = file_size(other);
    assert_int_equal(run("%s sweep %s --seeds 1..3 --resume --out %s 2>/dev/null", MZ_CLI,
                         SMALL_PLAN, other), 1);
    assert_int_equal(file_size(other), before);
    assert_int_equal(run("%s sweep %s --shard 1/2 --resume --out %s 2>/dev/null", MZ_CLI,
                         SMALL_PLAN, other), 1);
    assert_int_equal(file_size(other), before);
}

/* Stop a sweep with SIGINT part-way, check the file holds only whole rows,
 * then --resume and compare with an uninterrupted sweep. */
static void test_sigint_then_resume(void **state)
{
    (void)state;
    const char *args = "--gen dfs,dfs+braid --solve bfs,wall --seeds 1..40 --sizes 101";
    const char *full = path("sig-full.csv"), *part = path("sig-part.csv");
    assert_int_equal(run("%s sweep %s --jobs 2 --out %s", MZ_CLI, args, full), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "exec %s sweep %s --jobs 2 --out %s 2>/dev/null", MZ_CLI,
                 args, part);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    /* Wait for the header and a few rows, then interrupt. */
    long header = file_size(full) / 30;
    for (int k = 0; k < 5000 && file_size(part) < header * 3; k++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    kill(pid, SIGINT);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    int code = WEXITSTATUS(st);
    assert_true(code == 130 || code == 0); /* 0: it finished first */
    long cut = file_size(part);
    struct table t; /* fails on a partial row */
    table_read(part, &t);
    print_message("interrupted sweep: exit %d, %zu rows written\n", code, t.nrow);
    assert_int_equal(t.nrow % 2, 0); /* whole tasks: two solvers each */
    table_free(&t);
    assert_true(cut <= file_size(full) + 1000);
    assert_int_equal(run("%s sweep %s --jobs 2 --resume --out %s 2>/dev/null", MZ_CLI, args,
                         part), 0);
    assert_same_figures(full, part);
}

static void test_shard_merge(void **state)
{
    (void)state;
    for (int i = 1; i <= 3; i++)
        assert_int_equal(run("%s sweep %s --shard %d/3 --out %s/shard%d.csv", MZ_CLI,
                             SMALL_PLAN, i, tmp, i), 0);
    const char *merged = path("merged.csv");
    assert_int_equal(run("%s merge %s/shard3.csv %s/shard1.csv %s/shard2.csv --out %s", MZ_CLI,
                         tmp, tmp, tmp, merged), 0);
    assert_same_figures(reference(), merged);
    /* A missing part, or a part given twice, is refused. */
    assert_int_not_equal(run("%s merge %s/shard1.csv %s/shard2.csv > /dev/null 2>&1", MZ_CLI,
                             tmp, tmp), 0);
    assert_int_not_equal(run("%s merge %s/shard1.csv %s/shard1.csv %s/shard2.csv "
                             "> /dev/null 2>&1", MZ_CLI, tmp, tmp, tmp), 0);
}

static void test_gnu_parallel(void **state)
{
    (void)state;
    if (run("command -v parallel > /dev/null 2>&1") != 0) {
        print_message("GNU parallel not installed: skipped (scripts/setup.sh installs it)\n");
        skip();
    }
    assert_int_equal(run("parallel --will-cite %s sweep %s --shard {}/4 --out %s/part{}.csv "
                         "::: 1 2 3 4", MZ_CLI, SMALL_PLAN, tmp), 0);
    const char *merged = path("parallel.csv");
    assert_int_equal(run("%s merge %s/part1.csv %s/part2.csv %s/part3.csv %s/part4.csv "
                         "--out %s", MZ_CLI, tmp, tmp, tmp, tmp, merged), 0);
    assert_same_figures(reference(), merged);
}

static void test_plan_errors(void **state)
{
    (void)state;
    const char *plan = path("bad.plan"), *out = path("bad.csv");
    FILE *f = fopen(plan, "w");
    fputs("gen dfs\ngen? nosuch:x=1\nsolve bfs\nsolve? nosolver\nseeds 464\nsizes 11\n", f);
    fclose(f);
    /* Optional entries that are not registered are skipped. */
    assert_int_equal(run("%s sweep %s --out %s 2>/dev/null", MZ_CLI, plan, out), 0);
    struct table t;
    table_read(out, &t);
    assert_int_equal(t.nrow, 1);
    table_free(&t);
    /* No solver: one row a maze, the solver columns empty. */
    assert_int_equal(run("%s sweep --gen dfs --solve '' --seeds 1..2 --sizes 5,7 --out %s",
                         MZ_CLI, out), 0);
    table_read(out, &t);
    assert_int_equal(t.nrow, 4);
    assert_string_equal(t.row[3][column(&t, "solver")], "");
    assert_string_equal(t.row[3][column(&t, "rows")], "7");
    table_free(&t);
    /* Unknown names, bad lines and bad values are usage errors. */
    assert_int_equal(run("%s sweep --gen nosuch --out %s 2>/dev/null", MZ_CLI, out), 2);
    assert_int_equal(run("%s sweep %s --sizes 0 --out %s 2>/dev/null", MZ_CLI, plan, out), 2);
    assert_int_equal(run("%s sweep %s --shard 3/2 --out %s 2>/dev/null", MZ_CLI, plan, out), 2);
    f = fopen(plan, "w");
    fputs("gen dfs\nsizes 11\nseed 1\n", f);
    fclose(f);
    assert_int_equal(run("%s sweep %s --out %s 2>/dev/null", MZ_CLI, plan, out), 2);
}

/* A fixed-size generator runs once a seed, whatever the sizes, and its rows
 * give the size it made. Every such registry entry is checked. */
static void test_fixed_size_once_per_seed(void **state)
{
    (void)state;
    const char *out = path("fixed.csv");
    int checked = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        if ((*a)->kind != MZ_GEN || !((*a)->flags & MZ_F_FIXED_SIZE))
            continue;
        assert_int_equal(run("%s sweep --gen %s --solve bfs --seeds 7..8 --sizes 11,21,31x41 "
                             "--out %s 2>/dev/null", MZ_CLI, (*a)->name, out), 0);
        struct table t;
        table_read(out, &t);
        assert_int_equal(t.nrow, 2);
        assert_string_equal(t.row[0][column(&t, "rows")], t.row[1][column(&t, "rows")]);
        table_free(&t);
        checked++;
    }
    print_message("%d fixed-size generators checked\n", checked);
}

static int setup(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/mz-sweep-XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(tmp) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return run("rm -rf '%s'", tmp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden),
        cmocka_unit_test(test_jobs_equal),
        cmocka_unit_test(test_resume_after_cut),
        cmocka_unit_test(test_resume_refuses_other_plan),
        cmocka_unit_test(test_sigint_then_resume),
        cmocka_unit_test(test_shard_merge),
        cmocka_unit_test(test_gnu_parallel),
        cmocka_unit_test(test_plan_errors),
        cmocka_unit_test(test_fixed_size_once_per_seed),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
