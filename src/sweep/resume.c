/*
 * resume.c - the row checks behind --resume and merge: a file's rows
 * against the plan's recipes, its provenance against the plan and shard,
 * copying a partial file's finished tasks, and merging shards.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"
#include "out/out.h"
#include "util/util.h"
#include "internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- checks against the plan ---- */

static char *header_text(void)
{
    mz_cols cols;
    if (sw_columns(&cols) != 0)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    sw_write_header(f, &cols);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The recipe columns' indices in the header. */
enum { R_GEN, R_SEED, R_RNG, R_TOPO, R_ROWS, R_COLS, R_REP, R_SOLVER, R_N };
static const char *const recipe_cols[R_N] = {"gen",  "seed", "rng", "topology", "rows",
                                             "cols", "rep",  "solver"};

static void describe(char *buf, size_t len, const char *gen, const char *seed, const char *rng,
                     const char *topo, const char *rows, const char *cols, const char *rep,
                     const char *solver)
{
    bool sq = strcmp(topo, "ortho") == 0;
    snprintf(buf, len, "%.200s seed %.24s (%.24s) %.24s%s%.24sx%.24s rep %.24s%s%.200s", gen,
             seed, rng, sq ? "" : topo, sq ? "" : " ", rows, cols, rep,
             solver[0] ? " solver " : "", solver);
}

int sw_check_rows(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                  uint64_t *whole, char *err, size_t errlen)
{
    *whole = 0;
    if (f->header_at == SIZE_MAX)
        return sw_fail(err, errlen, SW_BAD, "it has no header line");
    char *want = header_text();
    if (!want)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    size_t hlen = f->rows_at - f->header_at;
    bool same = strlen(want) == hlen && memcmp(want, f->text + f->header_at, hlen) == 0;
    free(want);
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "its header differs from this build's (another "
                    "registry or version)");
    size_t at[R_N];
    for (int c = 0; c < R_N; c++)
        if ((at[c] = sw_file_column(f, recipe_cols[c])) == SIZE_MAX)
            return sw_fail(err, errlen, SW_BAD, "its header has no '%s' column", recipe_cols[c]);
    uint64_t ntask = sw_shard_tasks(p, shard, nshard);
    size_t maxf = f->ncols;
    sw_csv_field *fld = malloc(maxf * sizeof *fld);
    if (!fld)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    int rc = SW_OK;
    for (size_t r = 0; r < f->nrows; r++) {
        uint64_t i = r / p->per_task;
        size_t j = r % p->per_task;
        if (i >= ntask) {
            rc = sw_fail(err, errlen, SW_BAD, "row %zu is past the plan's last task (%llu tasks of "
                      "%zu rows)", r + 1, (unsigned long long)ntask, p->per_task);
            break;
        }
        sw_task t;
        sw_plan_task(p, (uint64_t)(shard - 1) + i * nshard, &t);
        char seed[24], rows[24], cols[24], rep[24], topo[40];
        mz_shape_column_format(t.size.shape, t.size.levels, topo, sizeof topo);
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)t.seed);
        const char *rng = sw_own_source_col(&p->gspec[t.gen], "rng") ? "" : mz_rng_name(t.rng);
        snprintf(rows, sizeof rows, "%llu", (unsigned long long)t.size.rows);
        snprintf(cols, sizeof cols, "%llu", (unsigned long long)t.size.cols);
        snprintf(rep, sizeof rep, "%llu", (unsigned long long)t.rep);
        const char *solver = p->nsolv ? p->solv[j] : "";
        size_t off = r ? f->row_end[r - 1] : f->rows_at, n;
        sw_csv_read_row(f->text, f->len, &off, fld, maxf, &n);
        bool ok = sw_csv_equals(&fld[at[R_GEN]], p->gen[t.gen]) &&
                  sw_csv_equals(&fld[at[R_SEED]], seed) && sw_csv_equals(&fld[at[R_REP]], rep) &&
                  sw_csv_equals(&fld[at[R_RNG]], rng) &&
                  sw_csv_equals(&fld[at[R_SOLVER]], solver) &&
                  sw_csv_equals(&fld[at[R_TOPO]], topo) &&
                  sw_csv_equals(&fld[at[R_ROWS]], rows) && sw_csv_equals(&fld[at[R_COLS]], cols);
        if (!ok) {
            char v[R_N][128], have[640], wanted[640];
            for (int c = 0; c < R_N; c++)
                sw_csv_value(&fld[at[c]], v[c], sizeof v[c]);
            describe(have, sizeof have, v[R_GEN], v[R_SEED], v[R_RNG], v[R_TOPO], v[R_ROWS],
                     v[R_COLS], v[R_REP], v[R_SOLVER]);
            describe(wanted, sizeof wanted, p->gen[t.gen], seed, rng, topo, rows, cols, rep,
                     solver);
            rc = sw_fail(err, errlen, SW_BAD, "row %zu is %s, but the plan's task %llu wants %s "
                      "(a row missing, moved or repeated)", r + 1, have,
                      (unsigned long long)t.index + 1, wanted);
            break;
        }
    }
    free(fld);
    if (rc == SW_OK)
        *whole = f->nrows / p->per_task;
    return rc;
}

/* Strict "# shard: I/N, tasks T, rows per task K" (no sign, no overflow). */
static int read_u64(const char **s, uint64_t *v)
{
    return mzu_scan_u64(s, 0, UINT64_MAX, 0, v) == MZU_INT_OK ? 0 : -1;
}

static int lit(const char **s, const char *t)
{
    size_t n = strlen(t);
    if (strncmp(*s, t, n) != 0)
        return -1;
    *s += n;
    return 0;
}

int sw_file_shard(const sw_file *f, uint64_t v[4])
{
    char *line = sw_file_lines(f, "# shard: ");
    if (!line)
        return -1;
    const char *s = line;
    int bad = lit(&s, "# shard: ") || read_u64(&s, &v[0]) || lit(&s, "/") ||
              read_u64(&s, &v[1]) || lit(&s, ", tasks ") || read_u64(&s, &v[2]) ||
              lit(&s, ", rows per task ") || read_u64(&s, &v[3]) || lit(&s, "\n") || *s;
    free(line);
    return bad ? -1 : 0;
}

/* Does f's provenance say it is a sweep of plan p, shard I/N, with this
 * registry? Returns SW_OK or SW_BAD with why. */
static int check_prov(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                      char *err, size_t errlen)
{
    uint64_t v[4];
    if (sw_file_shard(f, v) != 0)
        return sw_fail(err, errlen, SW_BAD, "it has no valid '# shard: I/N, tasks T, rows per task "
                    "K' line (not a sweep file)");
    if (v[0] != shard || v[1] != nshard)
        return sw_fail(err, errlen, SW_BAD, "it is shard %llu/%llu, not %u/%u",
                    (unsigned long long)v[0], (unsigned long long)v[1], shard, nshard);
    if (v[2] != p->ntask || v[3] != p->per_task)
        return sw_fail(err, errlen, SW_BAD, "its '# shard:' line says %llu tasks of %llu rows, the "
                    "plan has %llu of %zu", (unsigned long long)v[2], (unsigned long long)v[3],
                    (unsigned long long)p->ntask, p->per_task);
    char *have = sw_file_lines(f, "# plan: "), *want = NULL;
    size_t wlen = 0;
    FILE *m = open_memstream(&want, &wlen);
    if (m) {
        sw_plan_write(m, p, "# plan: ");
        fclose(m);
    }
    bool same = have && want && strcmp(have, want) == 0;
    free(have);
    free(want);
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "it was written for another plan (its '# plan:' lines "
                    "differ)");
    char *reg = sw_file_lines(f, "# registry: ");
    char mine[64];
    /* The hash a sweep of p writes: over the shapes of its grids. */
    snprintf(mine, sizeof mine, "# registry: %016llx\n",
             (unsigned long long)mz_registry_hash(sw_plan_shapes(p)));
    same = reg && strcmp(reg, mine) == 0;
    bool none = reg && reg[0] == '\0';
    free(reg);
    if (none)
        return sw_fail(err, errlen, SW_BAD, "it has no '# registry:' line (not a sweep file, or "
                    "its provenance was cut)");
    if (!same)
        return sw_fail(err, errlen, SW_BAD, "it was written with another registry (its '# "
                    "registry:' line differs from %.16s)", mine + 12);
    return SW_OK;
}

int sw_check_build(const sw_file *f, char *err, size_t errlen)
{
    static const char *const prefix[3] = {"# commit: ", "# compiler: ", "# cflags: "};
    const char *const mine[3] = {sw_build_commit(), sw_build_compiler(), sw_build_cflags()};
    for (int k = 0; k < 3; k++) {
        char *have = sw_file_lines(f, prefix[k]);
        if (!have)
            return sw_fail(err, errlen, SW_FAIL, "out of memory");
        size_t plen = strlen(prefix[k]), hlen = strlen(have);
        /* one line, prefix and value and its newline */
        bool same = hlen == plen + strlen(mine[k]) + 1 &&
                    memcmp(have + plen, mine[k], hlen - plen - 1) == 0;
        if (!same) {
            int rc;
            if (!hlen)
                rc = sw_fail(err, errlen, SW_BAD, "it has no '%.*s' line (not a sweep file, or "
                             "its provenance was cut)", (int)plen - 1, prefix[k]);
            else
                rc = sw_fail(err, errlen, SW_BAD, "it was written by another build (its "
                             "'%.*s' line is '%.*s', this build's is '%.120s'): carry it on "
                             "with that build, or start afresh with --force", (int)plen - 1,
                             prefix[k], (int)(strcspn(have + plen, "\n") > 120
                                                  ? 120 : strcspn(have + plen, "\n")),
                             have + plen, mine[k]);
            free(have);
            return rc;
        }
        free(have);
    }
    return SW_OK;
}

int sw_resume_copy(const sw_plan *p, const sw_file *f, unsigned shard, unsigned nshard,
                   int argc, char *const *argv, FILE *out, uint64_t *done, char *err,
                   size_t errlen, sw_prov_clock *clock)
{
    int rc = check_prov(p, f, shard, nshard, err, errlen);
    if (rc == SW_OK)
        rc = sw_check_build(f, err, errlen);
    if (rc == SW_OK)
        rc = sw_check_rows(p, f, shard, nshard, done, err, errlen);
    if (rc != SW_OK)
        return rc;
    /* Whole: an interrupted write leaves at most one partial row at the
     * tail, without its newline (dropped with its task); a whole line that
     * is not a row of this header (a row edited or damaged, rows after it)
     * is refused, never dropped with every row after it. */
    size_t end = f->nrows ? f->row_end[f->nrows - 1] : f->rows_at;
    if (end < f->len && memchr(f->text + end, '\n', f->len - end))
        return sw_fail(err, errlen, SW_BAD, "the line after row %zu is not a row of its header "
                    "(%zu fields): the file was edited or damaged", f->nrows, f->ncols);
    fwrite(f->text, 1, f->prov_end, out);
    char date[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(out, "# resumed: %s after %llu of %llu tasks, commit %s, cflags %s, command: "
            "mazebench", date, (unsigned long long)*done,
            (unsigned long long)sw_shard_tasks(p, shard, nshard), sw_build_commit(),
            sw_build_cflags());
    for (int k = 0; k < argc; k++) {
        fputc(' ', out);
        for (const char *s = argv[k]; *s; s++)
            fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
    }
    fputc('\n', out);
    /* this run's start and end (the last end line is the file's) */
    if (clock && sw_provenance_start(out, clock) != 0)
        return sw_fail(err, errlen, SW_FAIL, "write error");
    size_t keep = *done ? f->row_end[*done * p->per_task - 1] : f->rows_at;
    fwrite(f->text + f->header_at, 1, keep - f->header_at, out);
    if (ferror(out))
        return sw_fail(err, errlen, SW_FAIL, "write error");
    return SW_OK;
}

int sw_file_plan(const sw_file *f, const char *prefix, const char *what, sw_plan *p, char *err,
                 size_t errlen)
{
    char *text = sw_file_lines(f, prefix);
    if (!text)
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    /* Strip the prefixes in place. */
    size_t w = 0, n = strlen(prefix);
    for (size_t r = 0; text[r];) {
        if (strncmp(text + r, prefix, n) == 0)
            r += n;
        while (text[r] && text[r] != '\n')
            text[w++] = text[r++];
        if (text[r] == '\n')
            text[w++] = text[r++];
    }
    text[w] = '\0';
    int rc = sw_plan_parse_text(p, text, w, what, err, errlen);
    free(text);
    if (rc == SW_OK)
        rc = sw_plan_finish(p, err, errlen);
    return rc;
}

int sw_merge(sw_file *parts, const char *const *names, size_t n, FILE *out, char *err,
             size_t errlen)
{
    char why[768];
    /* The plan, read back from the first part. */
    uint64_t v0[4];
    if (sw_file_shard(&parts[0], v0) != 0 || parts[0].header_at == SIZE_MAX)
        return sw_fail(err, errlen, SW_BAD, "'%s' is not a sweep file (no valid '# shard:' line "
                    "or no header)", names[0]);
    if (v0[1] != n)
        return sw_fail(err, errlen, SW_BAD, "'%s' is part %llu of %llu, but %zu file%s given",
                    names[0], (unsigned long long)v0[0], (unsigned long long)v0[1], n,
                    n == 1 ? " was" : "s were");
    sw_plan p;
    sw_plan_init(&p, NULL, NULL);
    int rc = sw_file_plan(&parts[0], "# plan: ", "plan", &p, why, sizeof why);
    if (rc == SW_FAIL && strcmp(why, "out of memory") == 0) {
        sw_plan_free(&p);
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    }
    if (rc != SW_OK) {
        sw_plan_free(&p);
        return sw_fail(err, errlen, SW_BAD, "'%s': its plan does not run with this build: %s",
                    names[0], why);
    }
    sw_file **by = calloc(n, sizeof *by);
    if (!by) {
        sw_plan_free(&p);
        return sw_fail(err, errlen, SW_FAIL, "out of memory");
    }
    for (size_t k = 0; k < n && rc == SW_OK; k++) {
        uint64_t v[4];
        if (sw_file_shard(&parts[k], v) != 0 || v[1] != n || v[0] < 1 || v[0] > n) {
            rc = sw_fail(err, errlen, SW_BAD, "'%s' is not part I/%zu of a sweep (its '# shard:' "
                      "line)", names[k], n);
            break;
        }
        if (by[v[0] - 1]) {
            size_t other = (size_t)(by[v[0] - 1] - parts);
            rc = sw_fail(err, errlen, SW_BAD, "'%s' and '%s' are both part %llu/%zu", names[other],
                      names[k], (unsigned long long)v[0], n);
            break;
        }
        by[v[0] - 1] = &parts[k];
        unsigned shard = (unsigned)v[0];
        uint64_t whole;
        if ((rc = check_prov(&p, &parts[k], shard, (unsigned)n, why, sizeof why)) != SW_OK ||
            (rc = sw_check_rows(&p, &parts[k], shard, (unsigned)n, &whole, why,
                                sizeof why)) != SW_OK) {
            rc = sw_fail(err, errlen, rc, "'%s': %s", names[k], why);
            break;
        }
        uint64_t mine = sw_shard_tasks(&p, shard, (unsigned)n);
        size_t end = parts[k].nrows ? parts[k].row_end[parts[k].nrows - 1] : parts[k].rows_at;
        if (whole != mine || parts[k].nrows % p.per_task || end != parts[k].len) {
            rc = sw_fail(err, errlen, SW_BAD, "'%s' is incomplete (%llu of %llu tasks): finish it "
                      "with 'mazebench sweep --resume --shard %u/%zu --out %s'", names[k],
                      (unsigned long long)whole, (unsigned long long)mine, shard, n, names[k]);
            break;
        }
    }
    if (rc == SW_OK) {
        const sw_file *f0 = &parts[0];
        for (size_t off = 0; off < f0->prov_end;) {
            const char *nl = memchr(f0->text + off, '\n', f0->prov_end - off);
            size_t end = (size_t)(nl - f0->text) + 1;
            if (strncmp(f0->text + off, "# shard: ", 9) == 0) {
                fprintf(out, "# shard: 1/1, tasks %llu, rows per task %zu\n",
                        (unsigned long long)p.ntask, p.per_task);
                fputs("# merged:", out);
                for (size_t k = 0; k < n; k++)
                    fprintf(out, " %s", names[by[k] - parts]);
                fputs(" (the lines above are the first file's)\n", out);
            } else {
                fwrite(f0->text + off, 1, end - off, out);
            }
            off = end;
        }
        fwrite(f0->text + f0->header_at, 1, f0->rows_at - f0->header_at, out);
        for (uint64_t t = 0; t < p.ntask; t++) {
            const sw_file *f = by[t % n];
            size_t first = (size_t)(t / n) * p.per_task;
            size_t from = first ? f->row_end[first - 1] : f->rows_at;
            size_t to = f->row_end[first + p.per_task - 1];
            fwrite(f->text + from, 1, to - from, out);
        }
        if (fflush(out) != 0 || ferror(out))
            rc = sw_fail(err, errlen, SW_FAIL, "cannot write the merged file: %s", strerror(errno));
    }
    free(by);
    sw_plan_free(&p);
    return rc;
}
