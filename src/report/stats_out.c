/*
 * stats_out.c - what 'mazebench stats' writes, through the table model
 * (stats_out.h). Every format's rows are an mzr_table built here from the
 * tools' results; the writers below lay a table out (padded text columns,
 * CSV fields, a markdown pipe table, JSON objects of the CSV table's
 * values) and never compute.
 */
#include "stats_out.h"

#include "table.h"
#include "out/out.h"

#include <math.h>
#include <string.h>

#define is_share mzt_stat_is_share
#define stat_name mzt_stat_name

int mzr_stats_format_parse(const char *text, mzr_stats_format *f)
{
    static const char *const names[] = {"text", "csv", "json", "markdown"};
    for (unsigned k = 0; k < 4; k++)
        if (strcmp(text, names[k]) == 0) {
            *f = (mzr_stats_format)k;
            return 0;
        }
    return -1;
}

/* ---- a table's columns, and its layouts ---- */

/* A column: its header, CSV key and alignment; in text, its width (0: as
 * long as its cell) and the spaces before it; code: a name (between
 * backticks in markdown). */
typedef struct colspec {
    const char *head, *key;
    mzr_align align;
    unsigned width, gap;
    bool code;
} colspec;

#define NCOLS(a) (sizeof(a) / sizeof(a)[0])

static int table_of(mzr_table *t, const char *id, const colspec *c, size_t n)
{
    int rc = mzr_table_init(t, id, "", "");
    for (size_t k = 0; k < n && rc == MZO_OK; k++) {
        rc = mzr_table_col(t, c[k].head, NULL, c[k].key, c[k].align);
        if (rc == MZO_OK && c[k].code)
            mzr_table_col_code(t);
    }
    return rc;
}

/* Cell c of the last row as text s. */
static int put(mzr_table *t, size_t c, const char *s)
{
    return mzr_table_set(t, c, "%s", s);
}

/* Text: a row a line after two spaces, each cell padded to its column's
 * width by its alignment; a row ends at its first unset cell. The header
 * row is the columns' heads. */
static void text_line(FILE *f, const colspec *c, size_t n, const char *const *cell)
{
    fputs("  ", f);
    for (size_t k = 0; k < n && cell[k]; k++) {
        fprintf(f, "%*s", (int)c[k].gap, "");
        int w = (int)c[k].width;
        fprintf(f, c[k].align == MZR_RIGHT ? "%*s" : "%-*s", w, cell[k]);
    }
    fputc('\n', f);
}

static void text_write(FILE *f, const mzr_table *t, const colspec *c, bool header)
{
    const char *cell[16];
    size_t n = t->ncols < 16 ? t->ncols : 16;
    if (header) {
        for (size_t k = 0; k < n; k++)
            cell[k] = t->col[k].head;
        text_line(f, c, n, cell);
    }
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t k = 0; k < n; k++)
            cell[k] = mzr_table_at(t, r, k)->text;
        text_line(f, c, n, cell);
    }
}

/* CSV: the keys, or a row's fields (RFC 4180, as the project's data files
 * are read back: mzo_csv_string). */
static void csv_header(FILE *f, const mzr_table *t)
{
    for (size_t k = 0; k < t->ncols; k++)
        fprintf(f, "%s%s", k ? "," : "", t->col[k].key);
    fputc('\n', f);
}

static void csv_write(FILE *f, const mzr_table *t)
{
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t k = 0; k < t->ncols; k++) {
            const char *s = mzr_table_at(t, r, k)->text;
            if (k)
                fputc(',', f);
            if (s)
                mzo_csv_string(f, s);
        }
        fputc('\n', f);
    }
}

/* Markdown: "| head | ... |" and its rule (--- left, ---: right), or the
 * rows, a code column's cells between backticks. */
static void md_header(FILE *f, const mzr_table *t)
{
    for (size_t k = 0; k < t->ncols; k++)
        fprintf(f, "%s%s", k ? " | " : "| ", t->col[k].head);
    fputs(" |\n|", f);
    for (size_t k = 0; k < t->ncols; k++)
        fputs(t->col[k].align == MZR_RIGHT ? "---:|" : "---|", f);
    fputc('\n', f);
}

static void md_write(FILE *f, const mzr_table *t)
{
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t k = 0; k < t->ncols; k++) {
            const char *s = mzr_table_at(t, r, k)->text;
            const char *q = t->col[k].code ? "`" : "";
            fprintf(f, "%s%s%s%s", k ? " | " : "| ", q, s ? s : "", q);
        }
        fputs(" |\n", f);
    }
}

/* The cell of column key in row r (NULL when unset or no such column). */
static const char *at_key(const mzr_table *t, size_t r, const char *key)
{
    for (size_t k = 0; k < t->ncols; k++)
        if (strcmp(t->col[k].key, key) == 0)
            return mzr_table_at(t, r, k)->text;
    return NULL;
}

/* A JSON value from a CSV cell: the number as written, null when empty. */
static void json_cell(FILE *f, const char *s)
{
    fputs(s && *s ? s : "null", f);
}

/* ---- results: one generator on one grid ---- */

/* A standard deviation and an interval need two values or more: over one
 * maze (one seed, or one reachable exit) they are undefined, shown as n/a
 * in text and markdown, empty in CSV and null in JSON, and counted in
 * o->undefined. */
static bool has_spread(mzr_stats_out *o, const mz_summary *s)
{
    if (s->n == 1)
        o->undefined = true;
    return s->n >= 2;
}

/* Is figure st shown for t? degree_d up to its shape's degree. */
static bool shown(const mzt_stats_table *t, unsigned st)
{
    return st < MZT_S_DEG1 || st > MZT_S_DEG8 || st - MZT_S_DEG1 + 1 <= t->max_degree;
}

static const colspec result_text[] = {
    {"statistic", "stat", MZR_LEFT, 16, 0, false},
    {"mean", "mean", MZR_RIGHT, 12, 1, false},
    {"sd", "sd", MZR_RIGHT, 12, 1, false},
    {"95% ci", "ci95", MZR_LEFT, 27, 2, false},
    {"published", "published", MZR_LEFT, 0, 1, false},
};

/* The CSV's columns: the topology before rows, as in result CSVs
 * (docs/shapes.md), the cells after cols; the rng column and the test
 * against the published share last (added after the others). */
static const colspec result_values[] = {
    {"gen", "gen", MZR_LEFT, 0, 0, true},
    {"topology", "topology", MZR_LEFT, 0, 0, false},
    {"rows", "rows", MZR_RIGHT, 0, 0, false},
    {"cols", "cols", MZR_RIGHT, 0, 0, false},
    {"cells", "cells", MZR_RIGHT, 0, 0, false},
    {"seeds", "seeds", MZR_RIGHT, 0, 0, false},
    {"stat", "stat", MZR_LEFT, 0, 0, false},
    {"n", "n", MZR_RIGHT, 0, 0, false},
    {"mean", "mean", MZR_RIGHT, 0, 0, false},
    {"sd", "sd", MZR_RIGHT, 0, 0, false},
    {"se", "se", MZR_RIGHT, 0, 0, false},
    {"ci95_lo", "ci95_lo", MZR_RIGHT, 0, 0, false},
    {"ci95_hi", "ci95_hi", MZR_RIGHT, 0, 0, false},
    {"exact", "exact", MZR_RIGHT, 0, 0, false},
    {"published_lo", "published_lo", MZR_RIGHT, 0, 0, false},
    {"published_hi", "published_hi", MZR_RIGHT, 0, 0, false},
    {"published_source", "published_source", MZR_LEFT, 0, 0, false},
    {"rng", "rng", MZR_LEFT, 0, 0, false},
    {"published_p", "published_p", MZR_RIGHT, 0, 0, false},
    {"published_verdict", "published_verdict", MZR_LEFT, 0, 0, false},
};

static const colspec result_md[] = {
    {"generator", "gen", MZR_LEFT, 0, 0, true},
    {"topology", "topology", MZR_LEFT, 0, 0, false},
    {"grid", "grid", MZR_LEFT, 0, 0, false},
    {"cells", "cells", MZR_RIGHT, 0, 0, false},
    {"seeds", "seeds", MZR_RIGHT, 0, 0, false},
    {"dead ends % (95% CI)", "dead_ends", MZR_RIGHT, 0, 0, false},
    {"published %", "published", MZR_RIGHT, 0, 0, false},
    {"inner dead ends %", "inner_dead_ends", MZR_RIGHT, 0, 0, false},
    {"degree 1/2/3/... %", "degrees", MZR_LEFT, 0, 0, false},
    {"straight %", "straight", MZR_RIGHT, 0, 0, false},
    {"turn %", "turn", MZR_RIGHT, 0, 0, false},
    {"route (95% CI)", "route", MZR_RIGHT, 0, 0, false},
    {"longest (95% CI)", "longest", MZR_RIGHT, 0, 0, false},
    {"rng", "rng", MZR_LEFT, 0, 0, false},
};

/* The text's rows: a figure a row, its mean, sd and interval (a share to 4
 * places, a length to 1), and what stands beside it: the published share
 * and its test, the band left out, a bound or a count of mazes. */
static int result_text_rows(mzr_stats_out *o, mzr_table *tb, const mzt_stats_table *t,
                            const mzt_published *pub, const mzt_pub_check *chk)
{
    int rc = table_of(tb, "stats", result_text, NCOLS(result_text));
    for (unsigned st = 0; st < MZT_NSTATS && rc == MZO_OK; st++) {
        const mz_summary *s = &t->s[st];
        if (!shown(t, st))
            continue;
        rc = mzr_table_row(tb);
        if (rc == MZO_OK)
            rc = put(tb, 0, stat_name[st]);
        if (s->n == 0) {
            if (rc == MZO_OK)
                rc = put(tb, 1, "-");
            continue;
        }
        char ci[64], sd[32], mean[32], pubt[400] = "";
        const bool spread = has_spread(o, s);
        if (is_share(st)) {
            snprintf(ci, sizeof ci, spread ? "[%.4f, %.4f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.4f" : "n/a", s->sd);
            snprintf(mean, sizeof mean, "%.4f", s->mean);
        } else {
            snprintf(ci, sizeof ci, spread ? "[%.1f, %.1f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.1f" : "n/a", s->sd);
            snprintf(mean, sizeof mean, "%.1f", s->mean);
        }
        if (st == MZT_S_DEAD && pub) {
            if (pub->lo == pub->hi)
                snprintf(pubt, sizeof pubt, "%.0f%% (%s, %s)", pub->lo, pub->name, pub->source);
            else
                snprintf(pubt, sizeof pubt, "%.0f-%.0f%% (%s, %s)", pub->lo, pub->hi, pub->name,
                         pub->source);
            if (chk && chk->verdict != MZT_UNTESTED) {
                size_t len = strlen(pubt);
                snprintf(pubt + len, sizeof pubt - len, ": %s, p %.2g",
                         mzt_verdict_name(chk->verdict), chk->p);
            }
        } else if (st == MZT_S_INNER) {
            snprintf(pubt, sizeof pubt, "(border band of %llu cells left out)",
                     (unsigned long long)o->band);
        } else if (st == MZT_S_LONGEST && !t->longest_exact) {
            snprintf(pubt, sizeof pubt, "(lower bound: a maze has loops)");
        } else if (st == MZT_S_ROUTE && !t->route_all) {
            snprintf(pubt, sizeof pubt, "(over the %llu mazes whose exit is reachable)",
                     (unsigned long long)s->n);
        }
        const char *cells[] = {mean, sd, ci, pubt};
        for (size_t k = 0; k < 4 && rc == MZO_OK; k++)
            rc = put(tb, k + 1, cells[k]);
    }
    return rc;
}

/* The values: a figure a row, each number as the CSV holds it. */
static int result_value_rows(mzr_stats_out *o, mzr_table *tb, const mzt_stats_table *t,
                             const mzt_published *pub, const mzt_pub_check *chk)
{
    int rc = table_of(tb, "stats", result_values, NCOLS(result_values));
    for (unsigned st = 0; st < MZT_NSTATS && rc == MZO_OK; st++) {
        const mz_summary *s = &t->s[st];
        if (!shown(t, st))
            continue;
        rc = mzr_table_row(tb);
        rc = rc ? rc : put(tb, 0, t->gen);
        rc = rc ? rc : put(tb, 1, t->topo);
        rc = rc ? rc : mzr_table_set(tb, 2, "%llu", (unsigned long long)t->rows);
        rc = rc ? rc : mzr_table_set(tb, 3, "%llu", (unsigned long long)t->cols);
        rc = rc ? rc : mzr_table_set(tb, 4, "%llu", (unsigned long long)t->cells);
        rc = rc ? rc : mzr_table_set(tb, 5, "%zu", t->seeds);
        rc = rc ? rc : put(tb, 6, stat_name[st]);
        rc = rc ? rc : mzr_table_set(tb, 7, "%llu", (unsigned long long)s->n);
        if (s->n)
            rc = rc ? rc : mzr_table_set(tb, 8, "%.6f", s->mean);
        if (s->n && has_spread(o, s)) {
            rc = rc ? rc : mzr_table_set(tb, 9, "%.6f", s->sd);
            rc = rc ? rc : mzr_table_set(tb, 10, "%.6f", s->se);
            rc = rc ? rc : mzr_table_set(tb, 11, "%.6f", s->ci_lo);
            rc = rc ? rc : mzr_table_set(tb, 12, "%.6f", s->ci_hi);
        }
        rc = rc ? rc : mzr_table_set(tb, 13, "%d", st == MZT_S_LONGEST ? t->longest_exact : 1);
        if (st == MZT_S_DEAD && pub) {
            rc = rc ? rc : mzr_table_set(tb, 14, "%.4f", pub->lo / 100);
            rc = rc ? rc : mzr_table_set(tb, 15, "%.4f", pub->hi / 100);
            rc = rc ? rc : put(tb, 16, pub->source);
        }
        rc = rc ? rc : put(tb, 17, t->rng);
        if (st == MZT_S_DEAD && pub && chk && chk->verdict != MZT_UNTESTED) {
            rc = rc ? rc : mzr_table_set(tb, 18, "%.6g", chk->p);
            rc = rc ? rc : put(tb, 19, mzt_verdict_name(chk->verdict));
        }
    }
    return rc;
}

/* The markdown's row: the generator on the grid, shares in percent. */
static int result_md_row(mzr_stats_out *o, mzr_table *tb, const mzt_stats_table *t,
                         const mzt_published *pub, const mzt_pub_check *chk)
{
    int rc = table_of(tb, "stats", result_md, NCOLS(result_md));
    rc = rc ? rc : mzr_table_row(tb);
    if (rc)
        return rc;
    const mz_summary *d = &t->s[MZT_S_DEAD], *in = &t->s[MZT_S_INNER];
    char pubt[64] = "-";
    if (pub && pub->lo == pub->hi)
        snprintf(pubt, sizeof pubt, "%.0f", pub->lo);
    else if (pub)
        snprintf(pubt, sizeof pubt, "%.0f-%.0f", pub->lo, pub->hi);
    if (pub && chk && chk->verdict != MZT_UNTESTED) {
        size_t len = strlen(pubt);
        snprintf(pubt + len, sizeof pubt - len, " (%s)", mzt_verdict_name(chk->verdict));
    }
    char dead[96], inner[32] = "-", deg[160] = "", route[96] = "-", longest[96];
    if (has_spread(o, d))
        snprintf(dead, sizeof dead, "%.2f [%.2f, %.2f]", 100 * d->mean, 100 * d->ci_lo,
                 100 * d->ci_hi);
    else
        snprintf(dead, sizeof dead, "%.2f (n/a)", 100 * d->mean);
    if (in->n)
        snprintf(inner, sizeof inner, "%.2f", 100 * in->mean);
    for (unsigned k = 1; k <= t->max_degree; k++) {
        size_t len = strlen(deg);
        snprintf(deg + len, sizeof deg - len, "%s%.1f", k > 1 ? " / " : "",
                 100 * t->s[MZT_S_DEG1 + k - 1].mean);
    }
    const mz_summary *ro = &t->s[MZT_S_ROUTE], *lo = &t->s[MZT_S_LONGEST];
    if (ro->n && has_spread(o, ro))
        snprintf(route, sizeof route, "%.0f [%.0f, %.0f]", ro->mean, ro->ci_lo, ro->ci_hi);
    else if (ro->n)
        snprintf(route, sizeof route, "%.0f (n/a)", ro->mean);
    const char *bound = t->longest_exact ? "" : ">= ";
    if (has_spread(o, lo))
        snprintf(longest, sizeof longest, "%s%.0f [%.0f, %.0f]", bound, lo->mean, lo->ci_lo,
                 lo->ci_hi);
    else
        snprintf(longest, sizeof longest, "%s%.0f (n/a)", bound, lo->mean);
    rc = rc ? rc : put(tb, 0, t->gen);
    rc = rc ? rc : put(tb, 1, t->topo);
    rc = rc ? rc : put(tb, 2, t->grid);
    rc = rc ? rc : mzr_table_set(tb, 3, "%llu", (unsigned long long)t->cells);
    rc = rc ? rc : mzr_table_set(tb, 4, "%zu", t->seeds);
    rc = rc ? rc : put(tb, 5, dead);
    rc = rc ? rc : put(tb, 6, pubt);
    rc = rc ? rc : put(tb, 7, inner);
    rc = rc ? rc : put(tb, 8, deg);
    rc = rc ? rc : mzr_table_set(tb, 9, "%.2f", 100 * t->s[MZT_S_STRAIGHT].mean);
    rc = rc ? rc : mzr_table_set(tb, 10, "%.2f", 100 * t->s[MZT_S_TURN].mean);
    rc = rc ? rc : put(tb, 11, route);
    rc = rc ? rc : put(tb, 12, longest);
    rc = rc ? rc : put(tb, 13, t->rng);
    return rc;
}

/* The JSON object of a result: the grid and the published share from the
 * result, each figure's values from the CSV table (vt). */
static void result_json(mzr_stats_out *o, const mzr_table *vt, const mzt_stats_table *t,
                        const mzt_published *pub, const mzt_pub_check *chk)
{
    FILE *f = o->f;
    fprintf(f, "%s  {\"gen\": ", o->first ? "" : ",\n");
    mzo_json_string(f, t->gen);
    fprintf(f, ", \"topology\": \"%s\", \"grid\": ", t->topo);
    mzo_json_string(f, t->grid);
    fprintf(f, ", \"cells\": %llu", (unsigned long long)t->cells);
    fprintf(f, ", \"rows\": %llu, \"cols\": %llu, \"seeds\": %zu, \"rng\": \"%s\", "
            "\"longest_exact\": %s",
            (unsigned long long)t->rows, (unsigned long long)t->cols, t->seeds, t->rng,
            t->longest_exact ? "true" : "false");
    if (t->failed) {
        char why[512];
        fprintf(f, ", \"failed\": %zu, \"failed_why\": ", t->failed);
        mzo_json_string(f, mzt_stats_failures(t, why, sizeof why));
    }
    if (pub) {
        fprintf(f, ", \"published\": {\"name\": ");
        mzo_json_string(f, pub->name);
        fprintf(f, ", \"dead_ends_lo\": %.4f, \"dead_ends_hi\": %.4f, \"source\": ",
                pub->lo / 100, pub->hi / 100);
        mzo_json_string(f, pub->source);
        if (chk && chk->verdict != MZT_UNTESTED)
            fprintf(f, ", \"p\": %.6g, \"verdict\": \"%s\"", chk->p,
                    mzt_verdict_name(chk->verdict));
        fputc('}', f);
    }
    fputs(", \"stats\": {", f);
    for (size_t r = 0; r < vt->nrows; r++) {
        fprintf(f, "%s\"%s\": ", r ? ", " : "", at_key(vt, r, "stat"));
        const char *n = at_key(vt, r, "n"), *sd = at_key(vt, r, "sd");
        if (strcmp(n, "0") == 0) {
            fputs("null", f);
        } else if (sd) {
            fprintf(f, "{\"n\": %s, \"mean\": %s, \"sd\": %s, \"ci95\": [%s, %s]}", n,
                    at_key(vt, r, "mean"), sd, at_key(vt, r, "ci95_lo"),
                    at_key(vt, r, "ci95_hi"));
        } else {
            fprintf(f, "{\"n\": %s, \"mean\": %s, \"sd\": null, \"ci95\": null}", n,
                    at_key(vt, r, "mean"));
        }
    }
    fputs("}}", f);
}

/* ---- claims: one generator against another ---- */

static const colspec claim_text[] = {
    {"figure", "stat", MZR_LEFT, 16, 0, false},
    {"A (95% ci)", "a", MZR_LEFT, 28, 1, false},
    {"B (95% ci)", "b", MZR_LEFT, 28, 1, false},
    {"A - B (95% ci)", "diff", MZR_LEFT, 30, 1, false},
    {"p welch", "welch_p", MZR_RIGHT, 8, 1, false},
    {"adj", "welch_p_adj", MZR_RIGHT, 8, 1, false},
    {"p rank", "mw_p", MZR_RIGHT, 8, 1, false},
    {"adj", "mw_p_adj", MZR_RIGHT, 8, 1, false},
    {"detectable", "detectable", MZR_RIGHT, 10, 1, false},
    {"verdict", "verdict", MZR_LEFT, 0, 2, false},
};

static const colspec claim_md[] = {
    {"generator", "gen", MZR_LEFT, 0, 0, true},
    {"against", "against", MZR_LEFT, 0, 0, true},
    {"grid", "grid", MZR_LEFT, 0, 0, false},
    {"figure", "stat", MZR_LEFT, 0, 0, false},
    {"generator (95% CI)", "a", MZR_RIGHT, 0, 0, false},
    {"against (95% CI)", "b", MZR_RIGHT, 0, 0, false},
    {"difference (95% CI)", "diff", MZR_RIGHT, 0, 0, false},
    {"Welch p (adj.)", "welch_p", MZR_RIGHT, 0, 0, false},
    {"rank p (adj.)", "mw_p", MZR_RIGHT, 0, 0, false},
    {"detectable", "detectable", MZR_RIGHT, 0, 0, false},
    {"verdict", "verdict", MZR_LEFT, 0, 0, false},
};

#define V(key) {key, key, MZR_RIGHT, 0, 0, false}
static const colspec claim_values[] = {
    {"gen", "gen", MZR_LEFT, 0, 0, true},
    {"against", "against", MZR_LEFT, 0, 0, true},
    V("topology"), V("rows"), V("cols"), V("cells"), V("seeds"), V("against_seeds"),
    V("failed"), V("against_failed"), V("stat"), V("n"), V("mean"), V("ci95_lo"),
    V("ci95_hi"), V("against_n"), V("against_mean"), V("against_ci95_lo"),
    V("against_ci95_hi"), V("diff"), V("diff_ci95_lo"), V("diff_ci95_hi"), V("welch_t"),
    V("welch_df"), V("welch_p"), V("welch_p_adj"), V("mw_u"), V("mw_z"), V("mw_p"),
    V("mw_p_adj"), V("detectable"), V("alpha"), V("correction"), V("verdict"),
    V("rank_verdict"), V("rng"), V("against_rng"),
};
#undef V

/* mean [lo, hi] of a summary, as a share (4 places, or percent with 2 when
 * pct) or a length (1 place); n/a for the interval of one value, "-" for
 * none. */
static void fmt_mean_ci(mzr_stats_out *o, char *buf, size_t len, const mz_summary *s,
                        unsigned st, bool pct)
{
    const bool share = is_share(st);
    const double k = share && pct ? 100 : 1;
    const int dec = share ? (pct ? 2 : 4) : 1;
    if (s->n == 0) {
        snprintf(buf, len, "-");
    } else if (s->n == 1) {
        o->undefined = true;
        snprintf(buf, len, "%.*f (n/a)", dec, k * s->mean);
    } else {
        snprintf(buf, len, "%.*f [%.*f, %.*f]", dec, k * s->mean, dec, k * s->ci_lo, dec,
                 k * s->ci_hi);
    }
}

static void fmt_diff(char *buf, size_t len, const mzt_claim_row *c, bool pct)
{
    const bool share = is_share(c->stat);
    const double k = share && pct ? 100 : 1;
    const int dec = share ? (pct ? 2 : 4) : 1;
    if (!c->tested)
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%+.*f [%+.*f, %+.*f]", dec, k * c->welch.diff, dec,
                 k * c->welch.ci_lo, dec, k * c->welch.ci_hi);
}

/* The rows of a claim for text (md false) or markdown (md true). */
static int claim_rows(mzr_stats_out *o, mzr_table *tb, const mzt_stats_table *a,
                      const mzt_stats_table *b, const mzt_claim *c, bool md)
{
    int rc = md ? table_of(tb, "claim", claim_md, NCOLS(claim_md))
                : table_of(tb, "claim", claim_text, NCOLS(claim_text));
    const size_t at = md ? 3 : 0; /* the figure's column */
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES && rc == MZO_OK; k++) {
        const mzt_claim_row *r = &c->row[k];
        char ma[96], mb[96], d[128];
        fmt_mean_ci(o, ma, sizeof ma, &r->a, r->stat, md);
        fmt_mean_ci(o, mb, sizeof mb, &r->b, r->stat, md);
        fmt_diff(d, sizeof d, r, md);
        rc = mzr_table_row(tb);
        if (md) {
            rc = rc ? rc : put(tb, 0, a->gen);
            rc = rc ? rc : put(tb, 1, b->gen);
            rc = rc ? rc : put(tb, 2, a->grid);
            rc = rc ? rc : mzr_table_set(tb, 3, "%s%s", stat_name[r->stat],
                                         is_share(r->stat) ? " %" : "");
        } else {
            rc = rc ? rc : put(tb, 0, stat_name[r->stat]);
        }
        rc = rc ? rc : put(tb, at + 1, ma);
        rc = rc ? rc : put(tb, at + 2, mb);
        rc = rc ? rc : put(tb, at + 3, d);
        if (!r->tested) {
            for (size_t j = at + 4; j < tb->ncols && rc == MZO_OK; j++)
                rc = put(tb, j, "-");
            continue;
        }
        char det[32];
        if (md && is_share(r->stat))
            snprintf(det, sizeof det, "%.2f", 100 * r->detectable);
        else
            snprintf(det, sizeof det, is_share(r->stat) && !md ? "%.4f" : "%.1f", r->detectable);
        if (md) {
            rc = rc ? rc : mzr_table_set(tb, 7, "%.2g (%.2g)", r->welch.p, r->welch_p_adj);
            rc = rc ? rc : mzr_table_set(tb, 8, "%.2g (%.2g)", r->mw_p, r->mw_p_adj);
            rc = rc ? rc : put(tb, 9, det);
            rc = rc ? rc : put(tb, 10, mzt_verdict_name(r->verdict));
        } else {
            rc = rc ? rc : mzr_table_set(tb, 4, "%.2g", r->welch.p);
            rc = rc ? rc : mzr_table_set(tb, 5, "%.2g", r->welch_p_adj);
            rc = rc ? rc : mzr_table_set(tb, 6, "%.2g", r->mw_p);
            rc = rc ? rc : mzr_table_set(tb, 7, "%.2g", r->mw_p_adj);
            rc = rc ? rc : put(tb, 8, det);
            rc = rc ? rc : mzr_table_set(
                               tb, 9, "%s%s", mzt_verdict_name(r->verdict),
                               r->rank_verdict != r->verdict
                                   ? (r->rank_verdict == MZT_DIFFER ? " (rank test: differ)"
                                                                    : " (rank test: agree)")
                                   : "");
        }
    }
    return rc;
}

/* A number as the CSV holds it: fmt, or empty when not finite. */
static int put_num(mzr_table *tb, size_t c, const char *fmt, double v)
{
    return isfinite(v) ? mzr_table_set(tb, c, fmt, v) : put(tb, c, "");
}

static int claim_value_rows(mzr_table *tb, const mzt_stats_table *a, const mzt_stats_table *b,
                            const mzt_claim *c)
{
    int rc = table_of(tb, "claim", claim_values, NCOLS(claim_values));
    for (unsigned k = 0; k < MZT_CLAIM_FIGURES && rc == MZO_OK; k++) {
        const mzt_claim_row *r = &c->row[k];
        rc = mzr_table_row(tb);
        rc = rc ? rc : put(tb, 0, a->gen);
        rc = rc ? rc : put(tb, 1, b->gen);
        rc = rc ? rc : put(tb, 2, a->topo);
        rc = rc ? rc : mzr_table_set(tb, 3, "%llu", (unsigned long long)a->rows);
        rc = rc ? rc : mzr_table_set(tb, 4, "%llu", (unsigned long long)a->cols);
        rc = rc ? rc : mzr_table_set(tb, 5, "%llu", (unsigned long long)a->cells);
        rc = rc ? rc : mzr_table_set(tb, 6, "%zu", a->seeds);
        rc = rc ? rc : mzr_table_set(tb, 7, "%zu", b->seeds);
        rc = rc ? rc : mzr_table_set(tb, 8, "%zu", a->failed);
        rc = rc ? rc : mzr_table_set(tb, 9, "%zu", b->failed);
        rc = rc ? rc : put(tb, 10, stat_name[r->stat]);
        rc = rc ? rc : mzr_table_set(tb, 11, "%llu", (unsigned long long)r->a.n);
        const bool sa = r->a.n >= 2, sb = r->b.n >= 2, t = r->tested;
        rc = rc ? rc : put_num(tb, 12, "%.6f", r->a.n ? r->a.mean : NAN);
        rc = rc ? rc : put_num(tb, 13, "%.6f", sa ? r->a.ci_lo : NAN);
        rc = rc ? rc : put_num(tb, 14, "%.6f", sa ? r->a.ci_hi : NAN);
        rc = rc ? rc : mzr_table_set(tb, 15, "%llu", (unsigned long long)r->b.n);
        rc = rc ? rc : put_num(tb, 16, "%.6f", r->b.n ? r->b.mean : NAN);
        rc = rc ? rc : put_num(tb, 17, "%.6f", sb ? r->b.ci_lo : NAN);
        rc = rc ? rc : put_num(tb, 18, "%.6f", sb ? r->b.ci_hi : NAN);
        const double no = NAN;
        rc = rc ? rc : put_num(tb, 19, "%.6f", t ? r->welch.diff : no);
        rc = rc ? rc : put_num(tb, 20, "%.6f", t ? r->welch.ci_lo : no);
        rc = rc ? rc : put_num(tb, 21, "%.6f", t ? r->welch.ci_hi : no);
        rc = rc ? rc : put_num(tb, 22, "%.4f", t ? r->welch.t : no);
        rc = rc ? rc : put_num(tb, 23, "%.2f", t ? r->welch.df : no);
        rc = rc ? rc : put_num(tb, 24, "%.6g", t ? r->welch.p : no);
        rc = rc ? rc : put_num(tb, 25, "%.6g", t ? r->welch_p_adj : no);
        rc = rc ? rc : put_num(tb, 26, "%.1f", t ? r->mw_u : no);
        rc = rc ? rc : put_num(tb, 27, "%.4f", t ? r->mw_z : no);
        rc = rc ? rc : put_num(tb, 28, "%.6g", t ? r->mw_p : no);
        rc = rc ? rc : put_num(tb, 29, "%.6g", t ? r->mw_p_adj : no);
        rc = rc ? rc : put_num(tb, 30, "%.6f", t ? r->detectable : no);
        rc = rc ? rc : mzr_table_set(tb, 31, "%g", c->alpha);
        rc = rc ? rc : put(tb, 32, mzt_correction_name(c->correction));
        rc = rc ? rc : put(tb, 33, t ? mzt_verdict_name(r->verdict) : "");
        rc = rc ? rc : put(tb, 34, t ? mzt_verdict_name(r->rank_verdict) : "");
        rc = rc ? rc : put(tb, 35, a->rng);
        rc = rc ? rc : put(tb, 36, b->rng);
    }
    return rc;
}

/* The JSON object of a claim: the pair from the tables, each figure tested
 * from the CSV table's values (null for one that was not). */
static void claim_json(mzr_stats_out *o, const mzr_table *vt, const mzt_stats_table *a,
                       const mzt_stats_table *b, const mzt_claim *c)
{
    FILE *f = o->f;
    fprintf(f, "%s  {\"gen\": ", o->first ? "" : ",\n");
    mzo_json_string(f, a->gen);
    fputs(", \"against\": ", f);
    mzo_json_string(f, b->gen);
    fprintf(f, ", \"topology\": \"%s\", \"grid\": ", a->topo);
    mzo_json_string(f, a->grid);
    fprintf(f, ", \"cells\": %llu, \"seeds\": %zu, \"against_seeds\": %zu, \"failed\": %zu, "
            "\"against_failed\": %zu, \"rng\": \"%s\", \"against_rng\": \"%s\", "
            "\"alpha\": %g, \"correction\": \"%s\", \"verdict\": \"%s\", \"figures\": {",
            (unsigned long long)a->cells, a->seeds, b->seeds, a->failed, b->failed, a->rng,
            b->rng, c->alpha, mzt_correction_name(c->correction), mzt_verdict_name(c->verdict));
    static const char *const nums[] = {"welch_t", "welch_df", "welch_p", "welch_p_adj", "mw_u",
                                       "mw_z",    "mw_p",     "mw_p_adj", "detectable"};
    for (size_t r = 0; r < vt->nrows; r++) {
        fprintf(f, "%s\"%s\": ", r ? ", " : "", at_key(vt, r, "stat"));
        if (!c->row[r].tested) {
            fputs("null", f);
            continue;
        }
        fprintf(f, "{\"n\": %s, \"mean\": ", at_key(vt, r, "n"));
        json_cell(f, at_key(vt, r, "mean"));
        fprintf(f, ", \"ci95\": [%s, %s], \"against_n\": %s, \"against_mean\": ",
                at_key(vt, r, "ci95_lo"), at_key(vt, r, "ci95_hi"), at_key(vt, r, "against_n"));
        json_cell(f, at_key(vt, r, "against_mean"));
        fprintf(f, ", \"against_ci95\": [%s, %s], \"diff\": ", at_key(vt, r, "against_ci95_lo"),
                at_key(vt, r, "against_ci95_hi"));
        json_cell(f, at_key(vt, r, "diff"));
        fprintf(f, ", \"diff_ci95\": [%s, %s]", at_key(vt, r, "diff_ci95_lo"),
                at_key(vt, r, "diff_ci95_hi"));
        for (size_t k = 0; k < NCOLS(nums); k++) {
            fprintf(f, ", \"%s\": ", nums[k]);
            json_cell(f, at_key(vt, r, nums[k]));
        }
        fprintf(f, ", \"verdict\": \"%s\", \"rank_verdict\": \"%s\"}",
                at_key(vt, r, "verdict"), at_key(vt, r, "rank_verdict"));
    }
    fputs("}}", f);
}

/* ---- the stream ---- */

int mzr_stats_begin(mzr_stats_out *o, FILE *f, mzr_stats_format format, bool claims,
                    uint64_t band)
{
    memset(o, 0, sizeof *o);
    o->f = f;
    o->format = format;
    o->claims = claims;
    o->band = band;
    o->first = true;
    if (format == MZR_STATS_JSON) {
        fputs("[\n", f);
        return MZO_OK;
    }
    if (format == MZR_STATS_TEXT)
        return MZO_OK;
    mzr_table t;
    const bool csv = format == MZR_STATS_CSV;
    int rc = claims ? (csv ? table_of(&t, "claim", claim_values, NCOLS(claim_values))
                           : table_of(&t, "claim", claim_md, NCOLS(claim_md)))
                    : (csv ? table_of(&t, "stats", result_values, NCOLS(result_values))
                           : table_of(&t, "stats", result_md, NCOLS(result_md)));
    if (rc == MZO_OK)
        csv ? csv_header(f, &t) : md_header(f, &t);
    mzr_table_free(&t);
    return rc;
}

int mzr_stats_result(mzr_stats_out *o, const mzt_stats_table *t, const mzt_published *pub,
                     const mzt_pub_check *chk)
{
    FILE *f = o->f;
    mzr_table tb = {0};
    int rc = MZO_OK;
    switch (o->format) {
    case MZR_STATS_CSV:
        if ((rc = result_value_rows(o, &tb, t, pub, chk)) == MZO_OK)
            csv_write(f, &tb);
        break;
    case MZR_STATS_JSON:
        if ((rc = result_value_rows(o, &tb, t, pub, chk)) == MZO_OK)
            result_json(o, &tb, t, pub, chk);
        break;
    case MZR_STATS_MARKDOWN:
        if ((rc = result_md_row(o, &tb, t, pub, chk)) == MZO_OK)
            md_write(f, &tb);
        break;
    case MZR_STATS_TEXT:
        if ((rc = result_text_rows(o, &tb, t, pub, chk)) != MZO_OK)
            break;
        /* A grid of another shape than square cells is named by its
         * topology and cells. */
        if (!o->first)
            fputc('\n', f);
        if (t->geo.shape == MZ_SHAPE_ORTHO)
            fprintf(f, "%s  %llux%llu  %zu seeds  rng %s\n", t->gen, (unsigned long long)t->rows,
                    (unsigned long long)t->cols, t->seeds, t->rng);
        else
            fprintf(f, "%s  %s  %zu seeds  (topology %s, %llu cells)  rng %s\n", t->gen, t->grid,
                    t->seeds, t->topo, (unsigned long long)t->cells, t->rng);
        if (t->failed) {
            char why[512];
            fprintf(f, "  %zu of %zu seeds failed (%s): left out\n", t->failed, t->seeds,
                    mzt_stats_failures(t, why, sizeof why));
        }
        text_write(f, &tb, result_text, true);
        break;
    }
    mzr_table_free(&tb);
    o->first = false;
    return rc;
}

int mzr_stats_claim(mzr_stats_out *o, const mzt_stats_table *a, const mzt_stats_table *b,
                    const mzt_claim *c)
{
    FILE *f = o->f;
    mzr_table tb = {0};
    int rc = MZO_OK;
    switch (o->format) {
    case MZR_STATS_CSV:
        if ((rc = claim_value_rows(&tb, a, b, c)) == MZO_OK)
            csv_write(f, &tb);
        break;
    case MZR_STATS_JSON:
        if ((rc = claim_value_rows(&tb, a, b, c)) == MZO_OK)
            claim_json(o, &tb, a, b, c);
        break;
    case MZR_STATS_MARKDOWN:
        if ((rc = claim_rows(o, &tb, a, b, c, true)) == MZO_OK)
            md_write(f, &tb);
        break;
    case MZR_STATS_TEXT:
        if ((rc = claim_rows(o, &tb, a, b, c, false)) != MZO_OK)
            break;
        if (!o->first)
            fputc('\n', f);
        fprintf(f, "%s against %s  %s", a->gen, b->gen, a->grid);
        if (a->geo.shape != MZ_SHAPE_ORTHO)
            fprintf(f, " (topology %s, %llu cells)", a->topo, (unsigned long long)a->cells);
        fprintf(f, "  seeds %zu and %zu  rng %s and %s\n", a->seeds, b->seeds, a->rng, b->rng);
        for (unsigned side = 0; side < 2; side++) {
            const mzt_stats_table *t = side ? b : a;
            char why[512];
            if (t->failed)
                fprintf(f, "  %s: %zu of %zu seeds failed (%s): left out\n", t->gen, t->failed,
                        t->seeds, mzt_stats_failures(t, why, sizeof why));
        }
        fprintf(f, "  level %g over %zu figures (%s); verdict by Welch's t-test\n", c->alpha,
                c->ntested, c->correction == MZT_HOLM ? "Holm" : "Bonferroni");
        text_write(f, &tb, claim_text, true);
        fprintf(f, "  verdict: %s\n", mzt_verdict_name(c->verdict));
        break;
    }
    mzr_table_free(&tb);
    o->first = false;
    return rc;
}

int mzr_stats_end(mzr_stats_out *o)
{
    if (o->format == MZR_STATS_JSON)
        fputs("\n]\n", o->f);
    return MZO_OK;
}
