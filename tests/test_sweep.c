/*
 * test_sweep.c - the sweep and merge commands, run through the CLI binary
 * (MZ_CLI) on small plans, in a mktemp directory.
 *
 *   - the small plan's figures equal data/sweep-small.csv, column by column
 *     by name (scripts/regen-sweep-golden.sh rebuilds it);
 *   - --jobs 1 and --jobs 2 write the same deterministic columns;
 *   - a file cut anywhere (provenance, header, mid-row) and --resume, a
 *     sweep stopped by SIGINT (FILE left as it was, its finished tasks in
 *     FILE.partial) and --resume, and one killed by SIGKILL (its
 *     FILE.partial) and --resume, equal an uninterrupted sweep; blank and
 *     '#' lines among the rows do not stop --resume;
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
#include <glob.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mazebench.h"
#include "mazebench_bench.h"
#include "sweep.h"

#define SMALL_PLAN "bench/plans/small.plan"
#define GOLDEN "data/sweep-small.csv"

static char tmp[256];
static char errpath[600]; /* stderr of RUN_ERR */

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
    static char buf[64][512];
    static int k;
    k = (k + 1) % 64;
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

/* Size of the file a sweep or merge writes beside tmp/name before the
 * commit: a sweep's NAME.partial, or a hidden temporary file where the
 * system has no unnamed ones; -1 when there is none. */
static long tmp_size(const char *name)
{
    char pat[600];
    snprintf(pat, sizeof pat, "%s/%s.partial", tmp, name);
    struct stat st;
    if (stat(pat, &st) == 0)
        return (long)st.st_size;
    snprintf(pat, sizeof pat, "%s/.%s.tmp-*", tmp, name);
    glob_t g;
    long size = -1;
    if (glob(pat, 0, NULL, &g) == 0) {
        if (g.gl_pathc)
            size = file_size(g.gl_pathv[0]);
        globfree(&g);
    }
    return size;
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
                         SMALL_PLAN, other), 2);
    assert_int_equal(file_size(other), before);
    assert_int_equal(run("%s sweep %s --shard 1/2 --resume --out %s 2>/dev/null", MZ_CLI,
                         SMALL_PLAN, other), 2);
    assert_int_equal(file_size(other), before);
}

/* Stop a sweep with SIGINT part-way: the target is left as it was (an old
 * file stays), FILE.partial holds only whole rows; then --resume and
 * compare with an uninterrupted sweep. */
static void test_sigint_then_resume(void **state)
{
    (void)state;
    const char *args = "--gen dfs,dfs+braid --solve bfs,wall --seeds 1..40 --sizes 101";
    const char *full = path("sig-full.csv"), *part = path("sig-part.csv");
    char partial[600];
    snprintf(partial, sizeof partial, "%s.partial", part);
    assert_int_equal(run("%s sweep %s --jobs 2 --out %s", MZ_CLI, args, full), 0);
    FILE *old = fopen(part, "w");
    assert_non_null(old);
    fputs("old bytes\n", old);
    fclose(old);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "exec %s sweep %s --jobs 2 --force --out %s 2>/dev/null",
                 MZ_CLI, args, part);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    /* Wait for the header and a few rows in the temporary file the sweep
     * writes beside --out, then interrupt. */
    long header = file_size(full) / 30;
    for (int k = 0; k < 5000 && tmp_size("sig-part.csv") < header * 3; k++) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    kill(pid, SIGINT);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    int code = WEXITSTATUS(st);
    assert_true(code == 130 || code == 0); /* 0: it finished first */
    if (code == 0) {
        print_message("the sweep finished before SIGINT\n");
        assert_same_figures(full, part);
        return;
    }
    assert_int_equal(file_size(part), 10); /* the old file, as it was */
    long cut = file_size(partial);
    struct table t; /* fails on a partial row */
    table_read(partial, &t);
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
    assert_int_equal(run("%s sweep --gen dfs --solve '' --seeds 1..2 --sizes 5,7 --out %s "
                         "--force", MZ_CLI, out), 0);
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
                             "--out %s --force 2>/dev/null", MZ_CLI, (*a)->name, out), 0);
        struct table t;
        table_read(out, &t);
        assert_int_equal(t.nrow, 2);
        assert_string_equal(t.row[0][column(&t, "rows")], t.row[1][column(&t, "rows")]);
        table_free(&t);
        checked++;
    }
    print_message("%d fixed-size generators checked\n", checked);
}


/* ---- the file and its checks ---- */

static char *read_text(const char *file)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

static void write_text(const char *file, const char *text)
{
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* The command failed with status want and exactly one stderr line that
 * contains pattern. */
static void assert_one_error(int got, int want, const char *pattern)
{
    char *err = read_text(errpath);
    assert_non_null(err);
    size_t lines = 0;
    for (const char *c = err; *c; c++)
        lines += *c == '\n';
    if (got != want || lines != 1 || !strstr(err, pattern) || strncmp(err, "mazebench: ", 11))
        fail_msg("exit %d (want %d), stderr (want one line with '%s'):\n%s", got, want, pattern,
                 err);
    free(err);
}

#define RUN_ERR(fmt, ...) run(fmt " 2>%s", __VA_ARGS__, errpath)

/* Rows of a sweep file as lines: [0] .. [n), after the header. */
static char **file_lines(const char *file, size_t *n, char **head)
{
    char *text = read_text(file);
    assert_non_null(text);
    size_t cap = 64, k = 0;
    char **l = malloc(cap * sizeof *l);
    char *save = NULL;
    size_t headlen = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (k == cap)
            l = realloc(l, (cap *= 2) * sizeof *l);
        l[k++] = strdup(line);
        if (line[0] == '#')
            headlen = k;
    }
    *head = text; /* caller frees */
    *n = k;
    (void)headlen;
    return l;
}

/* Write file out from lines in[0..n), applying fn. */
static void write_lines(const char *file, char **l, size_t n)
{
    FILE *f = fopen(file, "wb");
    for (size_t k = 0; k < n; k++)
        fprintf(f, "%s\n", l[k]);
    fclose(f);
}

static void free_lines(char **l, size_t n, char *text)
{
    for (size_t k = 0; k < n; k++)
        free(l[k]);
    free(l);
    free(text);
}

/* Index of the first row (after the header) in lines. */
static size_t first_row(char **l, size_t n)
{
    size_t k = 0;
    while (k < n && l[k][0] == '#')
        k++;
    return k + 1;
}

/* A part with a task deleted from the middle, two rows swapped or a row
 * repeated is refused by merge and by --resume, with one line naming the
 * row, exit 2; so is a crafted '# shard:' line whose counts overflow. */
static void test_row_identity(void **state)
{
    (void)state;
    for (int i = 1; i <= 2; i++)
        assert_int_equal(run("%s sweep %s --shard %d/2 --out %s/id%d.csv --force", MZ_CLI,
                             SMALL_PLAN, i, tmp, i), 0);
    const char *p1 = path("id1.csv"), *p2 = path("id2.csv"), *bad = path("idbad.csv");
    const char *outm = path("idm.csv");
    size_t n;
    char *text;
    char **l = file_lines(p1, &n, &text);
    size_t r0 = first_row(l, n); /* 4 rows a task */
    assert_true(n > r0 + 12);

    /* A whole task deleted from the middle (count still a multiple of 4). */
    char *saved[4];
    for (int k = 0; k < 4; k++)
        saved[k] = l[r0 + 4 + k];
    memmove(&l[r0 + 4], &l[r0 + 8], (n - r0 - 8) * sizeof *l);
    write_lines(bad, l, n - 4);
    memmove(&l[r0 + 8], &l[r0 + 4], (n - r0 - 8) * sizeof *l);
    for (int k = 0; k < 4; k++)
        l[r0 + 4 + k] = saved[k];
    assert_one_error(RUN_ERR("%s merge %s %s --out %s", MZ_CLI, bad, p2, outm), 2, "row 5 ");
    assert_int_equal(file_size(outm), -1);
    /* --resume of the same file: refused, the file untouched. */
    long before = file_size(bad);
    assert_one_error(RUN_ERR("%s sweep %s --shard 1/2 --resume --out %s", MZ_CLI, SMALL_PLAN,
                             bad), 2, "row 5 ");
    assert_int_equal(file_size(bad), before);

    /* Two rows swapped. */
    char *t = l[r0 + 5];
    l[r0 + 5] = l[r0 + 9];
    l[r0 + 9] = t;
    write_lines(bad, l, n);
    assert_one_error(RUN_ERR("%s merge %s %s --out %s", MZ_CLI, p2, bad, outm), 2, "row 6 ");
    assert_one_error(RUN_ERR("%s sweep %s --shard 1/2 --resume --out %s", MZ_CLI, SMALL_PLAN,
                             bad), 2, "row 6 ");
    l[r0 + 9] = l[r0 + 5];
    l[r0 + 5] = t;

    /* A row repeated (and the last dropped, so the count is right). */
    char *last = l[n - 1];
    memmove(&l[r0 + 3], &l[r0 + 2], (n - 1 - r0 - 2) * sizeof *l);
    write_lines(bad, l, n);
    memmove(&l[r0 + 2], &l[r0 + 3], (n - 1 - r0 - 2) * sizeof *l);
    l[n - 1] = last;
    assert_one_error(RUN_ERR("%s merge %s %s --out %s", MZ_CLI, bad, p2, outm), 2, "row 4 ");

    /* Crafted '# shard:' lines: counts that overflow, or disagree. */
    const char *crafted[] = {
        "# shard: 1/2, tasks 18, rows per task 4611686018427387904",
        "# shard: 1/2, tasks 18446744073709551615, rows per task 18446744073709551615",
        "# shard: 1/2, tasks 99999999999999999999999, rows per task 4",
        "# shard: 1/2, tasks 18, rows per task 0",
        "# shard: 1/2, tasks 17, rows per task 4",
        "# shard: 0/2, tasks 18, rows per task 4",
        "# shard: 1/2, tasks -18, rows per task 4",
    };
    size_t si = 0;
    while (strncmp(l[si], "# shard: ", 9) != 0)
        si++;
    char *orig = l[si];
    for (size_t c = 0; c < sizeof crafted / sizeof crafted[0]; c++) {
        l[si] = (char *)crafted[c];
        write_lines(bad, l, n);
        int rc = RUN_ERR("%s merge %s %s --out %s", MZ_CLI, bad, p2, outm);
        if (rc != 2)
            fail_msg("merge with '%s': exit %d, want 2", crafted[c], rc);
        assert_one_error(rc, 2, "shard");
        rc = RUN_ERR("%s sweep %s --shard 1/2 --resume --out %s", MZ_CLI, SMALL_PLAN, bad);
        if (rc != 2)
            fail_msg("resume with '%s': exit %d, want 2", crafted[c], rc);
    }
    l[si] = orig;
    free_lines(l, n, text);
    /* The crash reproducer: both parts claim 2^63 + 2 tasks of 36 rows, so
     * tasks-of-this-part x rows-per-task wraps round to the 36 rows each
     * holds; a merge that trusts the line reads far past the rows. */
    const char *p2bad = path("idbad2.csv");
    assert_int_equal(run("sed 's|^# shard: 1/2, .*|# shard: 1/2, tasks 9223372036854775810, rows "
                         "per task 36|' %s > %s && sed 's|^# shard: 2/2, .*|# shard: 2/2, tasks "
                         "9223372036854775810, rows per task 36|' %s > %s", p1, bad, p2, p2bad),
                     0);
    assert_one_error(RUN_ERR("%s merge %s %s --out %s", MZ_CLI, bad, p2bad, outm), 2,
                     "'# shard:' line says 9223372036854775810 tasks");
    /* A CSV that is not a sweep file. */
    write_text(bad, "a,b\n1,2\n");
    assert_one_error(RUN_ERR("%s merge %s --out %s", MZ_CLI, bad, outm), 2, "not a sweep file");
}

/* No silent clobbering: stdout by default, an existing --out refused
 * without --force, an output that is an input refused by identity. */
static void test_no_clobber(void **state)
{
    (void)state;
    const char *dir = path("clobber");
    assert_int_equal(run("mkdir -p %s/results", dir), 0);
    /* No --out: stdout, and nothing under results/. */
    assert_int_equal(run("cd %s && %s sweep --gen dfs --solve bfs --seeds 1 --sizes 5 > out.csv",
                         dir, MZ_CLI), 0);
    assert_int_equal(run("test -s %s/out.csv && test ! -e %s/results/sweep.csv", dir, dir), 0);
    const char *f = path("clobber/keep.csv");
    write_text(f, "precious\n");
    assert_one_error(RUN_ERR("%s sweep --gen dfs --seeds 1 --sizes 5 --out %s", MZ_CLI, f), 2,
                     "give --force");
    char *t = read_text(f);
    assert_string_equal(t, "precious\n");
    free(t);
    assert_int_equal(run("%s sweep --gen dfs --seeds 1 --sizes 5 --out %s --force", MZ_CLI, f),
                     0);
    assert_true(file_size(f) > 100);
    /* The plan as --out, by another name (a symbolic link): refused. */
    const char *plan = path("clobber/ok.plan");
    write_text(plan, "gen dfs\nseeds 1\nsizes 5\n");
    assert_int_equal(run("ln -sf ok.plan %s/link.plan", dir), 0);
    assert_one_error(RUN_ERR("%s sweep %s --out %s/link.plan --force", MZ_CLI, plan, dir), 2,
                     "is the plan file itself");
    t = read_text(plan);
    assert_string_equal(t, "gen dfs\nseeds 1\nsizes 5\n");
    free(t);
    /* merge a.csv b.csv --out ./a.csv */
    for (int i = 1; i <= 2; i++)
        assert_int_equal(run("%s sweep %s --shard %d/2 --out %s/m%d.csv", MZ_CLI, plan, i, dir,
                             i), 0);
    long before = file_size(path("clobber/m1.csv"));
    assert_one_error(RUN_ERR("cd %s && %s merge m1.csv m2.csv --out ./m1.csv --force", dir,
                             MZ_CLI), 2, "is one of the files to merge");
    assert_int_equal(file_size(path("clobber/m1.csv")), before);
    /* No temporary file left behind by refusals. */
    assert_int_equal(run("ls -A %s | grep -q tmp-", dir), 1);
}

/* A killed merge leaves the old file or the new one, never a mix: kill -9
 * at several moments of a merge of a few MB. */
static void test_merge_killed(void **state)
{
    (void)state;
    const char *args = "--gen dfs --solve '' --seeds 1..30000 --sizes 3";
    for (int i = 1; i <= 2; i++)
        assert_int_equal(run("%s sweep %s --shard %d/2 --jobs 2 --out %s/big%d.csv --force",
                             MZ_CLI, args, i, tmp, i), 0);
    const char *target = path("big.csv"), *fresh = path("big-fresh.csv");
    uint64_t t0 = mz_clock_ns();
    assert_int_equal(run("%s merge %s/big1.csv %s/big2.csv --out %s --force", MZ_CLI, tmp, tmp,
                         fresh), 0);
    uint64_t dur = mz_clock_ns() - t0;
    long new_size = file_size(fresh);
    print_message("merged file: %ld bytes in %.0f ms\n", new_size, (double)dur / 1e6);
    int mid = 0;
    for (int k = 0; k < 12; k++) {
        write_text(target, "old\n");
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            execl(MZ_CLI, MZ_CLI, "merge", path("big1.csv"), path("big2.csv"), "--out", target,
                  "--force", (char *)NULL);
            _exit(127);
        }
        uint64_t wait = dur * (uint64_t)k / 10;
        struct timespec ts = {(time_t)(wait / 1000000000u), (long)(wait % 1000000000u)};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int st;
        waitpid(pid, &st, 0);
        long got = file_size(target);
        if (got != 4 && got != new_size)
            fail_msg("killed after %.0f ms: '%s' holds %ld bytes (old 4, new %ld)",
                     (double)wait / 1e6, target, got, new_size);
        long t = tmp_size("big.csv");
        mid += got == 4 && t > 0;
        run("rm -f %s/.big.csv.tmp-*", tmp);
    }
    print_message("%d of 12 kills landed while the temporary file was being written\n", mid);
}

/* Rows (lines after the header) of a sweep file, 0 when unreadable. */
static long count_rows(const char *file)
{
    FILE *f = fopen(file, "r");
    if (!f)
        return 0;
    char line[8192];
    long rows = -1; /* the header */
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && strchr(line, '\n'))
            rows++;
    fclose(f);
    return rows < 0 ? 0 : rows;
}

/* A sweep killed with SIGKILL (no handler runs) keeps its finished tasks
 * in FILE.partial: a run without --resume refuses to start over it, and
 * --resume carries on, losing at most the tasks in flight; no temporary
 * file is left. A handful of kill points. */
static void test_sigkill_then_resume(void **state)
{
    (void)state;
    const char *args = "--gen dfs,dfs+braid --solve bfs,wall --seeds 1..40 --sizes 101";
    const char *full = path("kill-full.csv"), *part = path("kill-part.csv");
    char partial[600];
    snprintf(partial, sizeof partial, "%s.partial", part);
    if (file_size(full) <= 0)
        assert_int_equal(run("%s sweep %s --jobs 2 --out %s", MZ_CLI, args, full), 0);
    const long points[] = {2, 30, 100};
    long lost_rows = 0;
    int landed = 0;
    for (size_t k = 0; k < sizeof points / sizeof points[0]; k++) {
        run("rm -f %s %s", part, partial);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            execl(MZ_CLI, MZ_CLI, "sweep", "--gen", "dfs,dfs+braid", "--solve", "bfs,wall",
                  "--seeds", "1..40", "--sizes", "101", "--jobs", "2", "--out", part,
                  (char *)NULL);
            _exit(127);
        }
        /* Wait for the rows in the file being written: the partial, or a
         * hidden temporary file. */
        for (int w = 0; w < 20000; w++) {
            char pat[600], file[600] = "";
            snprintf(pat, sizeof pat, "%s/.kill-part.csv.tmp-*", tmp);
            glob_t g;
            if (file_size(partial) >= 0)
                snprintf(file, sizeof file, "%s", partial);
            else if (glob(pat, 0, NULL, &g) == 0) {
                if (g.gl_pathc)
                    snprintf(file, sizeof file, "%s", g.gl_pathv[0]);
                globfree(&g);
            }
            if (file[0] && count_rows(file) >= points[k])
                break;
            struct timespec ts = {0, 500000};
            nanosleep(&ts, NULL);
        }
        kill(pid, SIGKILL);
        int st;
        assert_int_equal(waitpid(pid, &st, 0), pid);
        long kept = count_rows(partial);
        if (WIFEXITED(st)) { /* it finished first */
            print_message("kill point %ld: the sweep finished first\n", points[k]);
            continue;
        }
        landed++;
        assert_int_equal(run("ls -A %s | grep -q '\\.tmp-'", tmp), 1); /* no orphan */
        assert_true(kept >= 1);
        /* The no-clobber promise holds for the partial too. */
        long before = file_size(partial);
        assert_one_error(RUN_ERR("%s sweep %s --jobs 2 --out %s", MZ_CLI, args, part), 2,
                         "--resume");
        assert_int_equal(file_size(partial), before);
        assert_int_equal(RUN_ERR("%s sweep %s --jobs 2 --resume --out %s", MZ_CLI, args, part),
                         0);
        char *err = read_text(errpath);
        assert_non_null(err);
        const char *at = strstr(err, "after ");
        long tasks = at ? strtol(at + 6, NULL, 10) : -1;
        free(err);
        /* Two rows a task: every whole task kept, at most one partial row. */
        if (tasks != kept / 2)
            fail_msg("killed with %ld rows in the partial, resumed after %ld tasks", kept, tasks);
        lost_rows += kept - 2 * tasks;
        assert_same_figures(full, part);
        assert_true(file_size(partial) < 0);
    }
    print_message("SIGKILL at %d of %zu points: %ld rows lost\n", landed,
                  sizeof points / sizeof points[0], lost_rows);
    assert_true(landed > 0);
}

/* Blank and '#' lines among the rows of a file being resumed are skipped,
 * not the end of its rows: no finished task runs again. */
static void test_resume_blank_lines(void **state)
{
    (void)state;
    const char *ref = reference(), *cut = path("blank.csv");
    size_t n;
    char *head, **l = file_lines(ref, &n, &head);
    size_t r0 = first_row(l, n), kept = (n - r0) / 2;
    assert_true(kept >= 12);
    FILE *f = fopen(cut, "w");
    assert_non_null(f);
    for (size_t k = 0; k < r0 + kept; k++) {
        fprintf(f, "%s\n", l[k]);
        if (k == r0 + 3)
            fputs("\n# a note\n\n", f);
    }
    fclose(f);
    size_t per_task = 4; /* the small plan's four solvers */
    assert_int_equal(RUN_ERR("%s sweep %s --resume --out %s", MZ_CLI, SMALL_PLAN, cut), 0);
    char *err = read_text(errpath);
    assert_non_null(err);
    char want[64];
    snprintf(want, sizeof want, "after %zu of", kept / per_task);
    if (!strstr(err, want))
        fail_msg("want '%s' in: %s", want, err);
    free(err);
    assert_same_figures(ref, cut);
    free_lines(l, n, head);
}

/* A plan read from stdin is never the output: `sweep - --out p.plan
 * --force < p.plan` is refused and the plan kept. */
static void test_stdin_plan_is_out(void **state)
{
    (void)state;
    const char *plan = path("stdin.plan");
    write_text(plan, "gen dfs\nsolve bfs\nseeds 1..2\nsizes 5\n");
    long before = file_size(plan);
    assert_one_error(RUN_ERR("%s sweep - --out %s --force < %s", MZ_CLI, plan, plan), 2,
                     "plan file itself");
    assert_int_equal(file_size(plan), before);
    assert_int_equal(run("%s sweep - --out %s --force < %s 2>/dev/null", MZ_CLI,
                         path("stdin.csv"), plan), 0);
}

/* --seeds 0..4294967295 streams: memory stays small while it runs, and a
 * non-terminal stderr gets periodic progress lines. */
static void test_streaming_plan(void **state)
{
    (void)state;
    const char *out = path("stream.csv"), *err = path("stream.err");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char cmd[1024];
        snprintf(cmd, sizeof cmd, "exec %s sweep --gen dfs --solve bfs --seeds 0..4294967295 "
                 "--sizes 4 --jobs 2 --progress 1 --out %s 2>%s", MZ_CLI, out, err);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    struct timespec ts = {2, 200000000};
    nanosleep(&ts, NULL);
    char status[64], line[256];
    snprintf(status, sizeof status, "/proc/%d/status", (int)pid);
    long hwm = -1;
    FILE *f = fopen(status, "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            hwm = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    kill(pid, SIGINT);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 130);
    /* interrupted: the rows are in FILE.partial, FILE is not made */
    assert_true(file_size(out) < 0);
    char partial[600];
    snprintf(partial, sizeof partial, "%s.partial", out);
    struct table t;
    table_read(partial, &t);
    print_message("streaming sweep: %zu rows in 2.2 s, peak RSS %ld KiB\n", t.nrow, hwm);
    assert_true(t.nrow > 100);
    table_free(&t);
    /* An expanded plan of 2^32 seeds would need tens of GiB; a streaming
     * one stays near the process's floor (about 5 MiB in a release build;
     * AddressSanitizer adds its shadow memory and a quarantine of up to
     * 256 MiB of freed blocks). */
#if defined(__SANITIZE_ADDRESS__)
    long limit = 640 * 1024;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    long limit = 640 * 1024;
#else
    long limit = 64 * 1024;
#endif
#else
    long limit = 64 * 1024;
#endif
    if (hwm <= 0 || hwm >= limit)
        fail_msg("peak RSS %ld KiB, limit %ld KiB", hwm, limit);
    char *e = read_text(err);
    assert_non_null(strstr(e, "mazebench: sweep: "));
    assert_non_null(strstr(e, "/4294967296 mazes"));
    assert_non_null(strstr(e, "interrupted after"));
    free(e);
    /* The task count is exact. */
    assert_int_equal(run("%s sweep --gen dfs --solve bfs --seeds 0..4294967295 --sizes 4 "
                         "--print-plan | grep -q '^# tasks: 4294967296 '", MZ_CLI), 0);
}

/* Duplicates are dropped, keeping first places; a bad plan fails before
 * any work with one line; a fixed-size generator is not refused for a size
 * it ignores. */
static void test_plan_checks(void **state)
{
    (void)state;
    const char *out = path("dup.csv");
    assert_int_equal(run("%s sweep --gen dfs,dfs --solve bfs,bfs --seeds 1..3,2 "
                         "--sizes 5,5,5x5 --out %s 2>/dev/null", MZ_CLI, out), 0);
    struct table t;
    table_read(out, &t);
    assert_int_equal(t.nrow, 3);
    assert_string_equal(t.row[2][column(&t, "seed")], "3");
    table_free(&t);
    const char *no = path("never.csv");
    assert_one_error(RUN_ERR("%s sweep --gen dfs --solve flood:from=50 --sizes 10,3 --seeds 1 "
                             "--out %s", MZ_CLI, no), 2, "does not fit size 3x3");
    assert_int_equal(file_size(no), -1);
    assert_int_equal(run("%s sweep --gen pacman --solve bfs --sizes 1000000x1000000 --seeds 1 "
                         "--out %s 2>/dev/null", MZ_CLI, no), 0);
    table_read(no, &t);
    assert_int_equal(t.nrow, 1);
    table_free(&t);
    /* Plan files: a byte-order mark and trailing comments are fine. */
    const char *plan = path("bom.plan");
    write_text(plan, "\xEF\xBB\xBFgen dfs   # the classic\nseeds 1..2 # two\nsizes 5\n");
    assert_int_equal(run("%s sweep %s --out %s --force", MZ_CLI, plan, out), 0);
    write_text(plan, "gen dfs\nlimit nosuch 5\nseeds 1\nsizes 5\n");
    assert_one_error(RUN_ERR("%s sweep %s", MZ_CLI, plan), 2, "unknown generator 'nosuch'");
    write_text(plan, "gen dfs\nseeds 1\nsizes 5\nsizes 0\n");
    assert_one_error(RUN_ERR("%s sweep %s", MZ_CLI, plan), 2, "bom.plan:4: size '0'");
    assert_one_error(RUN_ERR("%s sweep %s", MZ_CLI, tmp), 2, "is a directory");
    assert_one_error(RUN_ERR("%s sweep %s", MZ_CLI, MZ_CLI), 2, "binary");
    /* '--' ends the options. */
    assert_int_equal(run("cd %s && cp bom.plan ./-x.plan && printf 'gen dfs\\nseeds 1\\nsizes "
                         "5\\n' > ./-x.plan && %s sweep -- -x.plan > /dev/null", tmp, MZ_CLI),
                     0);
    assert_one_error(RUN_ERR("%s sweep --seeds 1 --seeds 2", MZ_CLI), 2, "given twice");
    assert_one_error(RUN_ERR("%s sweep --out ''", MZ_CLI), 2, "needs a value");
    /* The dry run reads the plan and the options. */
    write_text(plan, "gen dfs\nsolve bfs\nseeds 1..4\nsizes 5,7\n");
    assert_int_equal(run("%s sweep %s --seeds 1..10 --print-plan > %s", MZ_CLI, plan, out), 0);
    char *p = read_text(out);
    assert_non_null(strstr(p, "seeds 1..10\n"));
    assert_non_null(strstr(p, "# tasks: 20 (20 rows)"));
    assert_non_null(strstr(p, "# estimate: "));
    free(p);
}

/* The shapes sw_plan_shapes gives the finished plan of text. */
static unsigned plan_shapes(const char *text)
{
    sw_plan p;
    char err[512];
    sw_plan_init(&p, NULL, NULL);
    assert_int_equal(sw_plan_parse_text(&p, text, strlen(text), "test", err, sizeof err), SW_OK);
    assert_int_equal(sw_plan_finish(&p, err, sizeof err), SW_OK);
    unsigned shapes = sw_plan_shapes(&p);
    sw_plan_free(&p);
    return shapes;
}

/* A sweep's '# registry:' line hashes the registry over the shapes its
 * rows are on: square cells for a square-only plan, whatever shapes the
 * registry's entries run on besides, so an entry gaining a shape other
 * than square cells leaves a square-only file's hash as it is; a plan with
 * a hex size is hashed over hex cells too. */
static void test_registry_shapes(void **state)
{
    (void)state;
    const unsigned square = MZ_SHAPE_BIT(MZ_SHAPE_ORTHO), hex = MZ_SHAPE_BIT(MZ_SHAPE_HEX);
    assert_int_equal(plan_shapes("gen dfs\nseeds 1\nsizes 9,7x11\n"), square);
    assert_int_equal(plan_shapes("gen dfs\nseeds 1\nsizes 9,hex:9x9\n"), square | hex);
    assert_int_equal(plan_shapes("gen dfs\nseeds 1\nsizes hex:9x9\n"), hex);
    /* Rows on the grids a generator runs at: treasure's only on square. */
    assert_int_equal(plan_shapes("gen treasure\nseeds 1\nsizes 9,hex:9x9\nskip unsupported\n"),
                     square);
    char *small = read_text(SMALL_PLAN);
    assert_non_null(small);
    assert_int_equal(plan_shapes(small), square);
    free(small);
    uint64_t on_square = mz_registry_hash(square);
    /* Entries run on other shapes, whose bits the square hash leaves out. */
    assert_true(on_square != mz_registry_hash(MZ_SHAPES_ALL));
    assert_true(on_square != mz_registry_hash(square | hex));
    /* The reference sweep (bench/plans/small.plan, square sizes) says so. */
    char *text = read_text(reference());
    char want[64];
    snprintf(want, sizeof want, "# registry: %016llx\n", (unsigned long long)on_square);
    assert_non_null(strstr(text, want));
    free(text);
}

/* Provenance: the flags, the registry hash, resumed files. */
static void test_provenance(void **state)
{
    (void)state;
    char *text = read_text(reference());
    assert_non_null(strstr(text, "-ffp-contract=off"));
#if defined(__SANITIZE_ADDRESS__)
    assert_non_null(strstr(text, "-fsanitize=address"));
#endif
    char want[64];
    /* over the shapes of its grids: bench/plans/small.plan's are square */
    snprintf(want, sizeof want, "# registry: %016llx\n",
             (unsigned long long)mz_registry_hash(MZ_SHAPE_BIT(MZ_SHAPE_ORTHO)));
    assert_non_null(strstr(text, want));
    assert_non_null(strstr(text, "# commit: "));
    free(text);
    const char *cut = path("prov-cut.csv");
    copy_prefix(reference(), cut, file_size(reference()) / 2);
    assert_int_equal(run("%s sweep %s --resume --out %s 2>/dev/null", MZ_CLI, SMALL_PLAN, cut),
                     0);
    text = read_text(cut);
    assert_non_null(strstr(text, "# resumed: "));
    free(text);
    assert_same_figures(reference(), cut);
    assert_int_equal(run("%s --version | grep -q 'commit'", MZ_CLI), 0);
    assert_int_equal(run("%s merge --help | grep -q \"'# shard: 1/1\"", MZ_CLI), 0);
}

static int setup(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/mz-sweep-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp))
        return -1;
    snprintf(errpath, sizeof errpath, "%s/stderr", tmp);
    return 0;
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
        cmocka_unit_test(test_row_identity),
        cmocka_unit_test(test_no_clobber),
        cmocka_unit_test(test_merge_killed),
        cmocka_unit_test(test_sigkill_then_resume),
        cmocka_unit_test(test_resume_blank_lines),
        cmocka_unit_test(test_stdin_plan_is_out),
        cmocka_unit_test(test_streaming_plan),
        cmocka_unit_test(test_plan_checks),
        cmocka_unit_test(test_provenance), cmocka_unit_test(test_registry_shapes),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
