/*
 * compare_out.c - what 'mazebench compare' writes (compare_out.h): the
 * text, CSV, JSON and markdown reports of a comparison, its JUnit report
 * and its chart (drawn by gnuplot). The comparison itself is
 * src/tools/compare.c; nothing here computes a statistic.
 */
#define _POSIX_C_SOURCE 200809L
#include "compare_out.h"

#include "out/junit.h"
#include "out/out.h"
#include "stats_ab.h"
#include "sweep.h"

#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const kind_name[] = {"gen", "solve"};
static const char *const verdict_name[] = {"unchanged", "slower", "faster"};

/* The design, for the reports: "paired by round, 20 rounds" or "unpaired". */
static void design(const mzt_compare *c, char *buf, size_t len)
{
    if (c->paired)
        snprintf(buf, len, "paired by round, %zu rounds", c->rounds);
    else
        snprintf(buf, len, "unpaired");
}

/* ---- output ---- */

static int verdict_rank(int v)
{
    return v == SW_AB_SLOWER ? 0 : v == SW_AB_FASTER ? 1 : 2;
}

static const mzt_compare *sort_c;

/* Slower first (largest ratio first), then faster (smallest first), then
 * unchanged in file order. */
static int cmp_order(int va, double ra, size_t ia, int vb, double rb, size_t ib)
{
    if (verdict_rank(va) != verdict_rank(vb))
        return verdict_rank(va) - verdict_rank(vb);
    if (va == SW_AB_SLOWER && ra != rb)
        return ra > rb ? -1 : 1;
    if (va == SW_AB_FASTER && ra != rb)
        return ra < rb ? -1 : 1;
    return (ia > ib) - (ia < ib);
}

static int cmp_rec(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    const mzt_recipe *r = sort_c->rec;
    return cmp_order(r[x].verdict, r[x].ratio, x, r[y].verdict, r[y].ratio, y);
}

static int cmp_alg(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    const mzt_algo *r = sort_c->alg;
    return cmp_order(r[x].verdict, r[x].ratio, x, r[y].verdict, r[y].ratio, y);
}

/* The tested recipes (or algorithms) in report order; *n gets the count. */
static size_t *ordered(const mzt_compare *c, bool algos, size_t *n)
{
    size_t total = algos ? c->nalg : c->nrec;
    size_t *o = malloc((total ? total : 1) * sizeof *o);
    *n = 0;
    if (!o)
        return NULL;
    for (size_t k = 0; k < total; k++)
        if (algos ? c->alg[k].tested : c->rec[k].tested)
            o[(*n)++] = k;
    sort_c = c;
    qsort(o, *n, sizeof *o, algos ? cmp_alg : cmp_rec);
    return o;
}

static void fmt_num(char *buf, size_t len, const char *fmt, double v)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, fmt, v);
}

/* An interval; "n/a" when it is undefined for the sample (the note says why). */
static void fmt_ci(char *buf, size_t len, double lo, double hi)
{
    if (isnan(lo) || isnan(hi))
        snprintf(buf, len, "n/a");
    else
        snprintf(buf, len, "[%.4f, %.4f]", lo, hi);
}

static void fmt_ci3(char *buf, size_t len, double lo, double hi, const char *note)
{
    if (isnan(lo) || isnan(hi))
        snprintf(buf, len, "(no interval: %s)", note ? note : "undefined");
    else
        snprintf(buf, len, "[%.3f, %.3f]", lo, hi);
}

static void fmt_threshold(char *buf, size_t len, double t)
{
    snprintf(buf, len, "%g%%", t * 100);
}

/* The column an outside program's rows were compared by: "own_ns",
 * "process_ns", "own_ns or process_ns" (some programs report their own
 * time, some do not), or "" (no outside row, or CPU times). */
static const char *outside_time(const mzt_compare *c)
{
    unsigned bits = 0;
    for (size_t k = 0; k < c->nrec; k++)
        if (c->rec[k].tested)
            bits |= c->rec[k].outside;
    return bits == 3 ? "own_ns or process_ns" : bits == 1 ? "own_ns" : bits == 2 ? "process_ns" : "";
}

/* With outside programs' rows: which column their times are and the
 * threshold their verdicts use, one line after prefix; whether written. */
static bool outside_line(FILE *f, const mzt_compare *c, const char *prefix)
{
    const char *col = outside_time(c);
    if (!*col)
        return false;
    char th[32];
    fmt_threshold(th, sizeof th, mzt_cmp_threshold(c, 1));
    fprintf(f, "%soutside programs: %s (own_ns when the program reports it, else process_ns), "
               "threshold %s (--outside-threshold: the noise floor of whole-process timing)\n",
            prefix, col, th);
    /* The noise floor's lesson (docs/compare.md): a figure under a
     * millisecond is at the scheduler's mercy under load. */
    size_t tiny = 0, n = 0;
    for (size_t k = 0; k < c->nrec; k++)
        if (c->rec[k].tested && c->rec[k].outside) {
            n++;
            tiny += c->rec[k].med[0] < 1e6 || c->rec[k].med[1] < 1e6;
        }
    if (tiny)
        fprintf(f, "%snote: %zu of the %zu outside recipes time under 1 ms, where one preemption "
                   "doubles a figure under load: give the program more work (a larger grid), more "
                   "rounds, or compare --time cpu before trusting their verdicts\n",
                prefix, tiny, n);
    return true;
}

static void summary_lines(FILE *f, const mzt_compare *c)
{
    char gm[2][256];
    for (int k = 0; k < 2; k++) {
        char ci[160];
        fmt_ci3(ci, sizeof ci, c->gm_lo[k], c->gm_hi[k], c->gm_note[k]);
        if (isnan(c->gm[k]))
            snprintf(gm[k], sizeof gm[k], "; %s: no recipe", kind_name[k]);
        else
            snprintf(gm[k], sizeof gm[k], "; %s geomean %.3f %s", kind_name[k], c->gm[k], ci);
    }
    fprintf(f, "compare: %zu slower, %zu faster, %zu unchanged of %zu recipes%s%s\n",
            c->count[0][SW_AB_SLOWER], c->count[0][SW_AB_FASTER], c->count[0][SW_AB_UNCHANGED],
            c->tested[0], gm[0], gm[1]);
    fprintf(f, "compare: %zu slower, %zu faster, %zu unchanged of %zu algorithms\n",
            c->count[1][SW_AB_SLOWER], c->count[1][SW_AB_FASTER], c->count[1][SW_AB_UNCHANGED],
            c->tested[1]);
    if (c->only[0] || c->only[1])
        fprintf(f, "compare: %zu recipes timed only in '%s', %zu only in '%s' (not compared)\n",
                c->only[0], c->side[0].path, c->only[1], c->side[1].path);
    if (c->no_pair)
        fprintf(f, "compare: %zu recipes timed in both files but never in the same round (not "
                   "compared)\n", c->no_pair);
    if (c->ndiff_rows)
        fprintf(f, "compare: %zu deterministic values differ (%zu lines above)\n", c->ndiff_rows,
                c->ndiff);
    else
        fprintf(f, "compare: every deterministic column matches (%zu columns)\n", c->ncmp);
}

/* The writers return -1 when memory runs out, 0 otherwise (a write error
 * shows when the outputs are committed). */
static int write_text(FILE *f, const mzt_compare *c)
{
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    fprintf(f, "compare: base '%s'", c->side[0].path);
    if (*c->side[0].f.commit)
        fprintf(f, " (commit %s)", c->side[0].f.commit);
    fprintf(f, ", new '%s'", c->side[1].path);
    if (*c->side[1].f.commit)
        fprintf(f, " (commit %s)", c->side[1].f.commit);
    char des[64];
    design(c, des, sizeof des);
    fprintf(f, "; %s; alpha %g, threshold %s; %s time\n", des, c->alpha, th,
            c->cpu ? "CPU" : "wall");
    outside_line(f, c, "compare: ");
    for (size_t k = 0; k < c->ndiff; k++)
        fprintf(f, "%s\n", c->diff[k]);
    bool instr = false; /* the column only when some recipe has counts on both sides */
    for (size_t k = 0; k < c->nrec; k++)
        instr = instr || !isnan(c->rec[k].instr);
    for (int level = 0; level < 2; level++) {
        size_t n;
        size_t *o = ordered(c, level == 1, &n);
        if (!o)
            return -1;
        size_t w = level ? 9 : 6;
        char what[1024];
        for (size_t k = 0; k < n; k++) {
            const mzt_recipe *r = level ? &c->rec[c->alg[o[k]].first] : &c->rec[o[k]];
            mzt_cmp_describe(r, !level, what, sizeof what);
            if (strlen(what) > w)
                w = strlen(what);
        }
        fprintf(f, "\n%-9s  %-5s  %-*s  %11s  %12s  %12s  %7s  %-18s  %-8s  %-8s%s\n", "verdict",
                "kind", (int)w, level ? "algorithm" : "recipe", level ? "strata" : "n base/new",
                level ? "" : "base ns", level ? "" : "new ns", "ratio", "95% interval", "p",
                "p adj", instr && !level ? "  instr ratio" : "");
        for (size_t k = 0; k < n; k++) {
            char nn[32], mb[32], mn[32], ratio[32], ci[64], pv[32], pa[32], in[32] = "";
            double rr, lo, hi, pp, padj;
            const char *note;
            int v;
            if (level) {
                const mzt_algo *a = &c->alg[o[k]];
                mzt_cmp_describe(&c->rec[a->first], false, what, sizeof what);
                snprintf(nn, sizeof nn, "%zu", a->strata);
                mb[0] = mn[0] = '\0';
                rr = a->ratio, lo = a->lo, hi = a->hi, pp = a->p, padj = a->padj, v = a->verdict;
                note = a->note;
            } else {
                const mzt_recipe *r = &c->rec[o[k]];
                mzt_cmp_describe(r, true, what, sizeof what);
                snprintf(nn, sizeof nn, "%zu/%zu", r->t[0].len, r->t[1].len);
                fmt_num(mb, sizeof mb, "%.0f", r->med[0]);
                fmt_num(mn, sizeof mn, "%.0f", r->med[1]);
                rr = r->ratio, lo = r->lo, hi = r->hi, pp = r->p, padj = r->padj, v = r->verdict;
                note = r->note;
                if (instr) {
                    char x[24];
                    fmt_num(x, sizeof x, "%.4f", r->instr);
                    snprintf(in, sizeof in, "  %11s", x);
                }
            }
            fmt_num(ratio, sizeof ratio, "%.4f", rr);
            fmt_ci(ci, sizeof ci, lo, hi);
            if (isnan(pp)) {
                snprintf(pv, sizeof pv, "n/a");
                snprintf(pa, sizeof pa, "n/a");
            } else {
                fmt_num(pv, sizeof pv, "%.2g", pp);
                fmt_num(pa, sizeof pa, "%.2g", padj);
            }
            fprintf(f, "%-9s  %-5s  %-*s  %11s  %12s  %12s  %7s  %-18s  %-8s  %-8s%s%s%s%s\n",
                    verdict_name[v], kind_name[level ? c->alg[o[k]].kind : c->rec[o[k]].kind],
                    (int)w, what, nn, mb, mn, ratio, ci, pv, pa, in, note ? "  (" : "",
                    note ? note : "", note ? ")" : "");
        }
        free(o);
    }
    fputc('\n', f);
    summary_lines(f, c);
    return 0;
}

/* A number, or an empty CSV field / JSON null when it is NAN. */
static void put_num(FILE *f, const char *fmt, double v, bool json)
{
    if (isnan(v) || isinf(v))
        fputs(json ? "null" : "", f);
    else
        fprintf(f, fmt, v);
}

/* A recipe's seed, rows or cols: a JSON number when it is one. */
static void put_json_int(FILE *f, const char *s)
{
    bool digits = *s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 16;
    if (digits)
        fputs(s, f);
    else
        mzo_json_string(f, s);
}

static const char *test_name(const mzt_compare *c, bool algo, size_t k)
{
    bool exact = algo ? c->alg[k].exact : c->rec[k].exact;
    if (c->paired)
        return exact ? "signed-rank-exact" : "signed-rank-normal";
    if (algo)
        return "van-elteren";
    return exact ? "mann-whitney-exact" : "mann-whitney-normal";
}

static int write_csv(FILE *f, const mzt_compare *c)
{
    fputs("level,kind,gen,seed,topology,rows,cols,solver,strata,n_base,n_new,median_base_ns,"
          "median_new_ns,ratio,ci_lo,ci_hi,p,p_adj,test,verdict,instr_ratio,rounds,note,rng\n",
          f);
    for (int level = 0; level < 2; level++) {
        size_t n;
        size_t *o = ordered(c, level == 1, &n);
        if (!o)
            return -1;
        for (size_t k = 0; k < n; k++) {
            const mzt_algo *a = level ? &c->alg[o[k]] : NULL;
            const mzt_recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
            fprintf(f, "%s,%s,", level ? "algorithm" : "recipe", kind_name[r->kind]);
            mzo_csv_string(f, level && r->kind == MZT_KIND_SOLVE ? "" : r->gen);
            fputc(',', f);
            mzo_csv_string(f, level ? "" : r->seed);
            fputc(',', f);
            mzo_csv_string(f, r->topo);
            fputc(',', f);
            mzo_csv_string(f, r->rows);
            fputc(',', f);
            mzo_csv_string(f, r->cols);
            fputc(',', f);
            mzo_csv_string(f, r->solver);
            if (level)
                fprintf(f, ",%zu,%zu,%zu,,,", a->strata, a->n[0], a->n[1]);
            else
                fprintf(f, ",1,%zu,%zu,%.1f,%.1f,", r->t[0].len, r->t[1].len, r->med[0], r->med[1]);
            put_num(f, "%.6f", level ? a->ratio : r->ratio, false);
            fputc(',', f);
            put_num(f, "%.6f", level ? a->lo : r->lo, false);
            fputc(',', f);
            put_num(f, "%.6f", level ? a->hi : r->hi, false);
            fputc(',', f);
            put_num(f, "%.6g", level ? a->p : r->p, false);
            fputc(',', f);
            put_num(f, "%.6g", level ? a->padj : r->padj, false);
            fprintf(f, ",%s,%s,", test_name(c, level, o[k]),
                    verdict_name[level ? a->verdict : r->verdict]);
            if (!level)
                put_num(f, "%.6f", r->instr, false);
            if (c->paired)
                fprintf(f, ",%zu,", level ? a->pairs : r->pairs);
            else
                fputs(",,", f);
            const char *note = level ? a->note : r->note;
            mzo_csv_string(f, note ? note : "");
            fputc(',', f);
            mzo_csv_string(f, r->rng);
            fputc('\n', f);
        }
        free(o);
    }
    return 0;
}

static int write_json(FILE *f, const mzt_compare *c)
{
    fputs("{\n  \"base\": {\"file\": ", f);
    mzo_json_string(f, c->side[0].path);
    fputs(", \"commit\": ", f);
    mzo_json_string(f, c->side[0].f.commit);
    fprintf(f, ", \"rows\": %zu, \"rounds\": %zu},\n  \"new\": {\"file\": ", c->side[0].nrows,
            c->side[0].rounds);
    mzo_json_string(f, c->side[1].path);
    fputs(", \"commit\": ", f);
    mzo_json_string(f, c->side[1].f.commit);
    fprintf(f, ", \"rows\": %zu, \"rounds\": %zu},\n  \"alpha\": %g, \"threshold\": %g,\n",
            c->side[1].nrows, c->side[1].rounds, c->alpha, c->threshold);
    fprintf(f, "  \"outside_threshold\": %g, \"outside_time\": \"%s\",\n",
            mzt_cmp_threshold(c, 1), outside_time(c));
    fprintf(f, "  \"design\": \"%s\", \"rounds\": ", c->paired ? "paired" : "unpaired");
    if (c->paired)
        fprintf(f, "%zu,\n", c->rounds);
    else
        fputs("null,\n", f);
    for (int level = 0; level < 2; level++) {
        size_t n;
        size_t *o = ordered(c, level == 1, &n);
        if (!o)
            return -1;
        fprintf(f, "  \"%s\": [", level ? "algorithms" : "recipes");
        for (size_t k = 0; k < n; k++) {
            const mzt_algo *a = level ? &c->alg[o[k]] : NULL;
            const mzt_recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
            fprintf(f, "%s\n    {\"kind\": \"%s\", \"gen\": ", k ? "," : "", kind_name[r->kind]);
            if (level && r->kind == MZT_KIND_SOLVE)
                fputs("null", f);
            else
                mzo_json_string(f, r->gen);
            if (!level) {
                fputs(", \"seed\": ", f);
                put_json_int(f, r->seed);
            }
            fputs(", \"rng\": ", f);
            mzo_json_string(f, r->rng);
            fputs(", \"topology\": ", f);
            mzo_json_string(f, r->topo);
            fputs(", \"rows\": ", f);
            put_json_int(f, r->rows);
            fputs(", \"cols\": ", f);
            put_json_int(f, r->cols);
            fputs(", \"solver\": ", f);
            if (r->kind == MZT_KIND_SOLVE)
                mzo_json_string(f, r->solver);
            else
                fputs("null", f);
            if (level) {
                fprintf(f, ", \"strata\": %zu, \"n_base\": %zu, \"n_new\": %zu", a->strata,
                        a->n[0], a->n[1]);
            } else {
                fprintf(f, ", \"n_base\": %zu, \"n_new\": %zu, \"median_base_ns\": ", r->t[0].len,
                        r->t[1].len);
                put_num(f, "%.1f", r->med[0], true);
                fputs(", \"median_new_ns\": ", f);
                put_num(f, "%.1f", r->med[1], true);
            }
            fputs(", \"ratio\": ", f);
            put_num(f, "%.6f", level ? a->ratio : r->ratio, true);
            fputs(", \"ci95\": ", f);
            double lo = level ? a->lo : r->lo, hi = level ? a->hi : r->hi;
            if (isnan(lo) || isnan(hi))
                fputs("null", f);
            else
                fprintf(f, "[%.6f, %.6f]", lo, hi);
            fputs(", \"rounds\": ", f);
            if (c->paired)
                fprintf(f, "%zu", level ? a->pairs : r->pairs);
            else
                fputs("null", f);
            if (level) {
                fputs(", \"z\": ", f);
                put_num(f, "%.4f", a->z, true);
            }
            fputs(", \"p\": ", f);
            put_num(f, "%.6g", level ? a->p : r->p, true);
            fputs(", \"p_adj\": ", f);
            put_num(f, "%.6g", level ? a->padj : r->padj, true);
            fprintf(f, ", \"test\": \"%s\", \"verdict\": \"%s\"", test_name(c, level, o[k]),
                    verdict_name[level ? a->verdict : r->verdict]);
            if (!level) {
                fputs(", \"instr_ratio\": ", f);
                put_num(f, "%.6f", r->instr, true);
            }
            const char *note = level ? a->note : r->note;
            fputs(", \"note\": ", f);
            if (note)
                mzo_json_string(f, note);
            else
                fputs("null", f);
            fputc('}', f);
        }
        fputs(n ? "\n  ],\n" : "],\n", f);
        free(o);
    }
    fputs("  \"summary\": {", f);
    for (int level = 0; level < 2; level++)
        fprintf(f, "\"%s\": {\"slower\": %zu, \"faster\": %zu, \"unchanged\": %zu, \"total\": %zu}, ",
                level ? "algorithms" : "recipes", c->count[level][SW_AB_SLOWER],
                c->count[level][SW_AB_FASTER], c->count[level][SW_AB_UNCHANGED], c->tested[level]);
    for (int k = 0; k < 2; k++) {
        fprintf(f, "\"%s_geomean\": ", kind_name[k]);
        put_num(f, "%.6f", c->gm[k], true);
        fprintf(f, ", \"%s_geomean_ci95\": ", kind_name[k]);
        if (isnan(c->gm_lo[k]))
            fputs("null", f);
        else
            fprintf(f, "[%.6f, %.6f]", c->gm_lo[k], c->gm_hi[k]);
        fprintf(f, ", \"%s_geomean_note\": ", kind_name[k]);
        if (c->gm_note[k])
            mzo_json_string(f, c->gm_note[k]);
        else
            fputs("null", f);
        fputs(", ", f);
    }
    fprintf(f, "\"only_base\": %zu, \"only_new\": %zu, \"never_same_round\": %zu, "
               "\"differences\": %zu},\n", c->only[0], c->only[1], c->no_pair, c->ndiff_rows);
    fputs("  \"differences\": [", f);
    for (size_t k = 0; k < c->ndiff; k++) {
        fputs(k ? ",\n    " : "\n    ", f);
        mzo_json_string(f, c->diff[k]);
    }
    fputs(c->ndiff ? "\n  ]\n}\n" : "]\n}\n", f);
    return 0;
}

static int write_markdown(FILE *f, const mzt_compare *c)
{
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    size_t slow = c->count[0][SW_AB_SLOWER] + c->count[1][SW_AB_SLOWER];
    fprintf(f, "### mazebench compare: %s\n\n",
            slow || c->ndiff_rows ? "**regression**" : "no regression");
    /* the files' texts inert: src/out's markdown rule */
    fputs("Base ", f);
    mzo_md_text(f, *c->side[0].f.commit ? c->side[0].f.commit : c->side[0].path, true);
    fputs(", new ", f);
    mzo_md_text(f, *c->side[1].f.commit ? c->side[1].f.commit : c->side[1].path, true);
    char des[64];
    design(c, des, sizeof des);
    fprintf(f, "; %s; alpha %g (Holm), threshold %s.\n\n", des, c->alpha, th);
    if (outside_line(f, c, ""))
        fputc('\n', f);
    for (int level = 0; level < 2; level++)
        fprintf(f, "- %s: %zu slower, %zu faster, %zu unchanged of %zu\n",
                level ? "algorithms" : "recipes", c->count[level][SW_AB_SLOWER],
                c->count[level][SW_AB_FASTER], c->count[level][SW_AB_UNCHANGED], c->tested[level]);
    for (int k = 0; k < 2; k++) {
        char ci[160];
        fmt_ci3(ci, sizeof ci, c->gm_lo[k], c->gm_hi[k], c->gm_note[k]);
        if (!isnan(c->gm[k]))
            fprintf(f, "- %s time, geometric mean ratio: %.3f %s\n", kind_name[k], c->gm[k], ci);
    }
    if (c->ndiff_rows)
        fprintf(f, "- deterministic columns: **%zu values differ**\n", c->ndiff_rows);
    else
        fputs("- deterministic columns: all equal\n", f);
    bool head = false;
    for (int level = 1; level >= 0; level--) {
        size_t n;
        size_t *o = ordered(c, level == 1, &n);
        if (!o)
            return -1;
        for (size_t k = 0; k < n; k++) {
            const mzt_algo *a = level ? &c->alg[o[k]] : NULL;
            const mzt_recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
            int v = level ? a->verdict : r->verdict;
            if (v == SW_AB_UNCHANGED)
                break; /* they come last */
            if (!head) {
                fputs("\n| verdict | level | kind | what | ratio | 95% interval | p adj |\n"
                      "|---|---|---|---|---|---|---|\n",
                      f);
                head = true;
            }
            char what[1024], ci[64];
            mzt_cmp_describe(r, !level, what, sizeof what);
            fmt_ci(ci, sizeof ci, level ? a->lo : r->lo, level ? a->hi : r->hi);
            fprintf(f, "| %s | %s | %s | ", v == SW_AB_SLOWER ? "**slower**" : "faster",
                    level ? "algorithm" : "recipe", kind_name[r->kind]);
            mzo_md_text(f, what, false);
            fprintf(f, " | %.4f | %s | %.2g |\n", level ? a->ratio : r->ratio, ci,
                    level ? a->padj : r->padj); /* slower or faster: p is defined */
        }
        free(o);
    }
    return 0;
}

int mzr_compare_junit(const mzt_compare *c, FILE *f, char *err, size_t errlen)
{
    mzo_junit j;
    mzo_junit_init(&j, "mazebench compare");
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    for (int level = 0; level < 2; level++) {
        size_t total = level ? c->nalg : c->nrec;
        for (size_t k = 0; k < total; k++) {
            const mzt_algo *a = level ? &c->alg[k] : NULL;
            const mzt_recipe *r = level ? &c->rec[a->first] : &c->rec[k];
            char cls[64], what[1024], msg[512], ci[64];
            snprintf(cls, sizeof cls, "compare.%s%s", level ? "algorithm." : "",
                     kind_name[r->kind]);
            mzt_cmp_describe(r, !level, what, sizeof what);
            if (!(level ? a->tested : r->tested)) {
                if (!level)
                    mzo_junit_skip(&j, cls, what,
                                   r->t[0].len && r->t[1].len ? "never timed in the same round"
                                                          : "timed in one file only");
                continue;
            }
            int v = level ? a->verdict : r->verdict;
            fmt_ci(ci, sizeof ci, level ? a->lo : r->lo, level ? a->hi : r->hi);
            snprintf(msg, sizeof msg, "%s: time ratio %.4f %s, adjusted p %.2g (alpha %g, "
                     "threshold %s)", verdict_name[v], level ? a->ratio : r->ratio, ci,
                     level ? a->padj : r->padj, c->alpha, th);
            mzo_junit_add(&j, cls, what, v == SW_AB_SLOWER ? msg : NULL, NULL);
        }
    }
    if (c->ndiff == 0)
        mzo_junit_add(&j, "compare.determinism", "every deterministic column", NULL, NULL);
    for (size_t k = 0; k < c->ndiff; k++) {
        char name[64];
        snprintf(name, sizeof name, "difference %zu", k + 1);
        mzo_junit_add(&j, "compare.determinism", name, c->diff[k], NULL);
    }
    int rc = mzo_junit_print(&j, f, err, errlen);
    mzo_junit_free(&j);
    return rc;
}

/* The chart: each algorithm's ratio and interval as a horizontal error
 * bar, log scale, the threshold band shaded. gnuplot reads the program
 * on a pipe and writes the picture to its stdout, which is the temporary
 * output file (mzo_out_open) renamed into place when gnuplot succeeds. */
static void chart_program(FILE *g, const mzt_compare *c, const size_t *ord, size_t n,
                          bool png)
{
    const double t = c->threshold;
    fprintf(g, "set terminal %s size 900,%zu font ',9' noenhanced\nset output\n",
            png ? "pngcairo" : "svg", 120 + 16 * (n ? n : 1));
    fputs("set logscale x\nset xlabel 'time ratio, new / base (log scale); 95% intervals'\n"
          "set yrange [0:*] reverse\nset offsets 0, 0, 0.5, 0.5\nset grid xtics\nunset key\n"
          "set format x '%g'\n", g);
    fprintf(g, "set object 1 rect from %.6f, graph 0 to %.6f, graph 1 fc rgb '#e6e6e6' "
               "fs solid 1.0 noborder behind\n",
            1 / (1 + t), 1 + t);
    fputs("set arrow 1 from 1, graph 0 to 1, graph 1 nohead lc rgb '#606060' dt 2\n", g);
    double xlo = 1 / (1 + t), xhi = 1 + t; /* the band and every interval, with a margin */
    for (size_t k = 0; ord && k < n; k++) {
        const mzt_algo *a = &c->alg[ord[k]];
        double lo = isnan(a->lo) ? a->ratio : a->lo, hi = isnan(a->hi) ? a->ratio : a->hi;
        xlo = lo < xlo ? lo : xlo;
        xhi = hi > xhi ? hi : xhi;
    }
    fprintf(g, "set xrange [%.6f:%.6f]\n", xlo / 1.03, xhi * 1.03);
    fputs("set xtics (0.1, 0.2, 0.33, 0.5, 0.67, 0.8, 0.9, 0.95, 1, 1.05, 1.1, 1.25, 1.5, 2, 3, "
          "5, 10)\n", g);
    fprintf(g, "set title 'mazebench compare: %zu slower, %zu faster, %zu unchanged "
               "algorithms (shaded: within %g%%)'\n",
            c->count[1][SW_AB_SLOWER], c->count[1][SW_AB_FASTER], c->count[1][SW_AB_UNCHANGED],
            t * 100);
    fputs("$d << EOD\n", g);
    for (size_t k = 0; ord && k < n; k++) {
        const mzt_algo *a = &c->alg[ord[k]];
        char what[1024];
        mzt_cmp_describe(&c->rec[a->first], false, what, sizeof what);
        for (char *p = what; *p; p++)
            if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20)
                *p = '\'';
        double lo = isnan(a->lo) ? a->ratio : a->lo, hi = isnan(a->hi) ? a->ratio : a->hi;
        unsigned color = a->verdict == SW_AB_SLOWER   ? 0xc00000u
                         : a->verdict == SW_AB_FASTER ? 0x007000u
                                                      : 0x404040u;
        fprintf(g, "%zu %.6f %.6f %.6f %u \"%s %s\"\n", k + 1, a->ratio, lo, hi, color,
                kind_name[a->kind], what);
    }
    fputs("EOD\n", g);
    fputs("plot $d using 2:1:3:4:5:ytic(6) with xerrorbars lc rgb variable pt 7 ps 0.8\n", g);
}


int mzr_compare_chart(const mzt_compare *c, FILE *out, const char *path, char *err,
                      size_t errlen)
{
    size_t len = strlen(path);
    bool png = len > 4 && !strcmp(path + len - 4, ".png");
    size_t n;
    size_t *ord = ordered(c, true, &n);
    if (!ord) {
        snprintf(err, errlen, "out of memory");
        return MZO_FAIL;
    }
    int fd[2];
    if (fflush(out) != 0 || pipe(fd) != 0) {
        free(ord);
        snprintf(err, errlen, "cannot run gnuplot");
        return MZO_FAIL;
    }
    pid_t pid = fork();
    if (pid == 0) { /* gnuplot: the program on stdin, the picture to the file */
        close(fd[1]);
        if (dup2(fd[0], 0) < 0 || dup2(fileno(out), 1) < 0)
            _exit(127);
        execlp("gnuplot", "gnuplot", (char *)NULL);
        _exit(127);
    }
    close(fd[0]);
    FILE *g = pid > 0 ? fdopen(fd[1], "w") : NULL;
    if (!g) {
        close(fd[1]);
        if (pid > 0)
            waitpid(pid, NULL, 0);
        free(ord);
        snprintf(err, errlen, "cannot run gnuplot");
        return MZO_FAIL;
    }
    /* gnuplot may stop reading on an error: a write then fails, no signal. */
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    chart_program(g, c, ord, n, png);
    fclose(g);
    signal(SIGPIPE, old);
    free(ord);
    int st = 0;
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "gnuplot failed drawing '%s'", path);
        return MZO_FAIL;
    }
    return MZO_OK;
}

int mzr_compare_write(FILE *f, const mzt_compare *c, const char *format)
{
    return !strcmp(format, "csv")        ? write_csv(f, c)
           : !strcmp(format, "json")     ? write_json(f, c)
           : !strcmp(format, "markdown") ? write_markdown(f, c)
                                         : write_text(f, c);
}
