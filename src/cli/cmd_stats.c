/*
 * cmd_stats.c - the stats command: shape figures of a generator's mazes
 * over seeds (mean, standard deviation, 95% confidence interval), next to
 * the published dead-end shares of data/published-deadends.csv.
 * The figures come from mz_maze_stats_compute; docs/stats.md.
 */
#include "cli.h"
#include "out/out.h"
#include "sweep.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char stats_help[] =
    "usage: mazebench stats GEN... [--grid LIST] [--seeds LIST] [--rng NAME] [--band N]\n"
    "                       [--format text|csv|json|markdown] [--published FILE]\n\n"
    "Generate each GEN spec (or 'all': every generator at its defaults plus every\n"
    "spec of the published file) on each grid and seed, and summarise over the\n"
    "seeds: mean, standard deviation and 95% confidence interval (Student's t) of\n"
    "  dead_ends         share of the open cells with one open side\n"
    "  inner_dead_ends   the same, leaving out a border band of N cells\n"
    "  degree_1..D       shares of the open cells with 1..D open sides (D: 4 on\n"
    "                    square and weave cells, 6 hex, polar and 3d, 3 tri)\n"
    "  straight, turn    shares of the open cells that are straight or turning\n"
    "                    corridor cells (two open sides, opposite or not)\n"
    "  route             entrance -> exit steps\n"
    "  longest           longest path by a double breadth-first sweep: exact on a\n"
    "                    maze without loops, a lower bound otherwise (marked)\n"
    "The published dead-end share of the generator, when the published file has\n"
    "one, is printed next to the measured one (on square cells: the published\n"
    "figures are of square grids).\n\n"
    "  --grid LIST       grids, comma-separated, each ROWSxCOLS or N (square cells;\n"
    "                    default 101) or SHAPE:DIMS: hex:RxC, tri:RxC, weave:RxC,\n"
    "                    torus:RxC, polar:RINGS, 3d:LxRxC. The CSV, JSON and\n"
    "                    markdown outputs give each grid's topology and cells; a\n"
    "                    generator that does not run on a shape is skipped\n"
    "                    there. --sizes and --size: older names\n"
    "  --seeds LIST      seeds, comma-separated, each a seed or a range A..B\n"
    "                    (default 1..10; 64-bit seeds)\n"
    "  --rng NAME        the random source of each generator and grid: auto\n"
    "                    (default: mulberry32, or splitmix64 with a note when a\n"
    "                    maze would take more than 2^28 draws or a seed is past\n"
    "                    32 bits), mulberry32 (refused, exit 2, when it cannot\n"
    "                    serve) or splitmix64 (docs/random.md). Every output\n"
    "                    names each row's source (rng)\n"
    "  --band N          border band left out of inner_dead_ends (default 10)\n"
    "  --format F        text (default), csv, json or markdown (one table row a\n"
    "                    generator and size)\n"
    "  --published FILE  published figures (default data/published-deadends.csv\n"
    "                    when it exists)\n\n"
    "Over one seed a statistic has no standard deviation or interval: n/a in text\n"
    "and markdown, empty in CSV, null in JSON, and one note on stderr.\n";

#define MAX_SIZES 32
#define MAX_SEEDS 100000
#define MAX_GENS 128

/* The statistics in output order; degree_d is printed for d up to the
 * result's max_degree (4 on square cells, so their output is as before). */
enum { S_DEAD, S_INNER, S_DEG1, S_DEG8 = S_DEG1 + 7, S_STRAIGHT, S_TURN, S_ROUTE, S_LONGEST,
       NSTATS };
static const char *const stat_name[NSTATS] = {
    "dead_ends", "inner_dead_ends", "degree_1", "degree_2", "degree_3", "degree_4", "degree_5",
    "degree_6",  "degree_7",        "degree_8", "straight", "turn",     "route",    "longest"};

typedef struct published {
    char name[64], spec[256], source[256];
    double lo, hi; /* percent */
} published;

typedef struct pub_table {
    published *e;
    size_t n;
} pub_table;

/* The published file is read by the sweep engine's CSV reader, with its
 * rules (docs/robustness.md): '#' lines, a header with name, spec, a
 * percent (a range lo-hi) and source, then one row an entry. */
static int load_published(const char *path, bool required, pub_table *t)
{
    memset(t, 0, sizeof *t);
    sw_file f;
    char err[1024];
    int r = sw_file_read(path, &f, err, sizeof err);
    if (r < 0) {
        if (required) {
            mzc_error("cannot read the published file '%s': %s", path, strerror(ENOENT));
            return -1;
        }
        return 0;
    }
    if (r != SW_OK) {
        mzc_error("published file: %s", err);
        return -1;
    }
    static const char *const need[] = {"name", "spec"};
    size_t cpct = SIZE_MAX;
    if (sw_file_need(&f, need, 2, err, sizeof err) != SW_OK) {
        mzc_error("published file '%s': %s", path, err);
        sw_file_free(&f);
        return -1;
    }
    size_t cname = sw_file_column(&f, "name"), cspec = sw_file_column(&f, "spec"),
           csrc = sw_file_column(&f, "source");
    for (size_t k = 0; k < f.ncols && cpct == SIZE_MAX; k++) {
        /* The percent column: published_pct (or the older 'percent'). */
        if (sw_file_column(&f, "published_pct") != SIZE_MAX)
            cpct = sw_file_column(&f, "published_pct");
        else
            cpct = sw_file_column(&f, "percent");
    }
    if (cpct == SIZE_MAX) {
        mzc_error("published file '%s': the header has no 'published_pct' column", path);
        sw_file_free(&f);
        return -1;
    }
    size_t end = f.nrows ? f.row_end[f.nrows - 1] : f.rows_at;
    if (end != f.len) {
        mzc_error("published file '%s' row %zu is not name,spec,percent,source", path,
                  f.nrows + 1);
        sw_file_free(&f);
        return -1;
    }
    t->e = calloc(f.nrows ? f.nrows : 1, sizeof *t->e);
    if (!t->e) {
        mzc_error("out of memory reading '%s'", path);
        sw_file_free(&f);
        return -1;
    }
    size_t off = f.rows_at;
    for (size_t k = 0; k < f.nrows; k++) {
        sw_csv_field fld[16];
        size_t n;
        sw_csv_read_row(f.text, f.len, &off, fld, 16, &n);
        published *p = &t->e[t->n];
        char pct[64], *e1, *e2;
        if (cname < 16)
            sw_csv_value(&fld[cname], p->name, sizeof p->name);
        if (cspec < 16)
            sw_csv_value(&fld[cspec], p->spec, sizeof p->spec);
        if (csrc < 16)
            sw_csv_value(&fld[csrc], p->source, sizeof p->source);
        if (cpct < 16)
            sw_csv_value(&fld[cpct], pct, sizeof pct);
        p->lo = strtod(pct, &e1);
        p->hi = *e1 == '-' ? strtod(e1 + 1, &e2) : p->lo;
        if (cpct >= 16 || e1 == pct || (*e1 == '-' ? *e2 != '\0' : *e1 != '\0') ||
            !(p->lo >= 0 && p->hi >= p->lo && p->hi <= 100)) {
            mzc_error("published file '%s' row %zu: percent '%s' is not a number or a range "
                      "lo-hi in 0..100",
                      path, k + 1, cpct < 16 ? pct : "");
            free(t->e);
            t->e = NULL;
            sw_file_free(&f);
            return -1;
        }
        t->n++;
    }
    sw_file_free(&f);
    return 0;
}

/* The published entry whose spec has the same canonical form, or NULL. */
static const published *find_published(const pub_table *t, const char *canon)
{
    for (size_t k = 0; k < t->n; k++) {
        mz_spec sp;
        char err[256], buf[256];
        if (mz_spec_parse(t->e[k].spec, &sp, err, sizeof err) != MZ_OK)
            continue;
        mz_spec_format(&sp, buf, sizeof buf);
        if (strcmp(buf, canon) == 0)
            return &t->e[k];
    }
    return NULL;
}

/* Seeds use the sweep's list syntax (ranges A..B, duplicates dropped),
 * parsed by the sweep engine so the two commands agree; grids are
 * comma-separated, each parsed by mz_dims_parse, duplicates dropped. */
static int parse_lists(const char *seeds_text, const char *grids_text, uint64_t **seeds,
                       size_t *nseeds, mz_dims *grids, size_t *ngrids)
{
    sw_plan p;
    char err[512];
    sw_plan_init(&p, NULL, NULL);
    int rc = -1;
    if (sw_plan_set_seeds(&p, seeds_text, err, sizeof err) != SW_OK) {
        mzc_error("%s", err);
        goto out;
    }
    uint64_t total = 0;
    for (size_t k = 0; k < p.nrange; k++)
        total += (uint64_t)p.range[k].hi - p.range[k].lo + 1;
    if (total > MAX_SEEDS) {
        mzc_error("more than %d seeds in '%s'", MAX_SEEDS, seeds_text);
        goto out;
    }
    *ngrids = 0;
    for (const char *piece = grids_text;;) {
        size_t len = strcspn(piece, ",");
        char one[256];
        if (len >= sizeof one) {
            mzc_error("grid '%.40s...' is too long", piece);
            goto out;
        }
        memcpy(one, piece, len);
        one[len] = '\0';
        mz_dims geo;
        if (mzc_parse_grid(one, &geo) != 0)
            goto out;
        mz_dims_cells(&geo);
        bool dup = false;
        for (size_t k = 0; k < *ngrids && !dup; k++)
            dup = grids[k].shape == geo.shape && grids[k].levels == geo.levels &&
                  grids[k].rows == geo.rows && grids[k].cols == geo.cols;
        if (!dup) {
            if (*ngrids == MAX_SIZES) {
                mzc_error("more than %d grids in '%s'", MAX_SIZES, grids_text);
                goto out;
            }
            grids[(*ngrids)++] = geo;
        }
        if (piece[len] == '\0')
            break;
        piece += len + 1;
    }
    *seeds = malloc((size_t)total * sizeof **seeds);
    if (!*seeds) {
        mzc_error("out of memory for the seed list");
        goto out;
    }
    *nseeds = 0;
    for (size_t k = 0; k < p.nrange; k++)
        for (uint64_t v = p.range[k].lo; v <= p.range[k].hi; v++)
            (*seeds)[(*nseeds)++] = v;
    rc = 0;
out:
    sw_plan_free(&p);
    return rc;
}

typedef struct result {
    char gen[256];
    mz_dims geo;        /* the grid made (a fixed-size generator's own size) */
    char grid[96];      /* geo as mz_dims_format writes it */
    char topo[64];      /* the topology column, as mz_shape_column_format writes it */
    const char *rng;    /* the random source's name (the rng column) */
    uint64_t rows, cols, cells;
    unsigned max_degree; /* degree_1..max_degree are printed */
    size_t seeds;
    mz_summary s[NSTATS];
    bool longest_exact; /* every maze's sweep was exact */
    bool route_all;     /* every maze had its exit reachable */
    const published *pub;
} result;

/* Run one generator on one grid over the seeds. */
static int run_one(const mz_spec *spec, const char *canon, const mz_dims *geo,
                   const uint64_t *seeds, size_t nseeds, uint64_t band, double *buf, result *r)
{
    char grid[96];
    mz_dims_format(geo, grid, sizeof grid);
    mz_grid g;
    memset(&g, 0, sizeof g);
    memset(r, 0, sizeof *r);
    snprintf(r->gen, sizeof r->gen, "%s", canon);
    r->seeds = nseeds;
    r->rng = mz_rng_name(spec->rng);
    r->longest_exact = r->route_all = true;
    size_t routes = 0;
    /* A progress line on stderr every 10 s: 20,000 seeds of a large size
     * take minutes. */
    static uint64_t next_ns;
    if (!next_ns)
        next_ns = mzc_now_ns() + UINT64_C(10000000000);
    for (size_t k = 0; k < nseeds; k++) {
        if ((k & 15) == 0 && mzc_now_ns() >= next_ns) {
            fprintf(stderr, "mazebench: stats: %s at %s: seed %zu of %zu\n", canon, grid, k,
                    nseeds);
            next_ns = mzc_now_ns() + UINT64_C(10000000000);
        }
        mz_extra x;
        memset(&x, 0, sizeof x);
        mz_status s = mz_generate(spec, seeds[k], geo, &g, MZ_GEN_OPTS(1, NULL, &x));
        mz_maze_stats ms;
        if (s == MZ_OK)
            s = mz_maze_stats_compute(&g, band, &ms);
        if (s != MZ_OK) {
            mzc_error("stats: '%s' at %s seed %llu: %s", canon, grid, (unsigned long long)seeds[k],
                      mz_status_str(s));
            mz_grid_free(&g);
            return -1;
        }
        r->geo = mz_grid_dims(&g);
        r->rows = g.rows;
        r->cols = g.cols;
        r->cells = g.cells;
        if (k == 0)
            r->max_degree = mz_shape_max_degree(g.shape);
        for (unsigned d = r->max_degree + 1; d <= 8; d++)
            if (ms.degree[d])
                r->max_degree = d; /* never hide a degree the rules should not allow */
        const double cells = ms.cells ? (double)ms.cells : 1.0;
        double *v = buf + k * NSTATS;
        v[S_DEAD] = (double)ms.degree[1] / cells;
        v[S_INNER] = ms.inner_cells ? (double)ms.inner_dead_ends / (double)ms.inner_cells : NAN;
        for (unsigned d = 1; d <= 8; d++)
            v[S_DEG1 + d - 1] = (double)ms.degree[d] / cells;
        v[S_STRAIGHT] = (double)ms.straight / cells;
        v[S_TURN] = (double)ms.turn / cells;
        v[S_ROUTE] = (double)ms.route;
        v[S_LONGEST] = (double)ms.longest;
        r->longest_exact &= ms.longest_exact;
        if (ms.route < 0)
            r->route_all = false;
        else
            routes++;
    }
    mz_grid_free(&g);
    mz_dims_format(&r->geo, r->grid, sizeof r->grid);
    mz_shape_column_format(r->geo.shape, r->geo.levels, r->topo, sizeof r->topo);
    double *col = malloc(nseeds * sizeof *col);
    if (!col) {
        mzc_error("out of memory");
        return -1;
    }
    for (unsigned st = 0; st < NSTATS; st++) {
        size_t n = 0;
        for (size_t k = 0; k < nseeds; k++) {
            double v = buf[k * NSTATS + st];
            if (st == S_ROUTE && v < 0)
                continue; /* unreachable exits are left out of the route */
            if (isnan(v))
                continue;
            col[n++] = v;
        }
        mz_summarise(col, n, &r->s[st]);
    }
    free(col);
    (void)routes;
    return 0;
}

static bool is_share(unsigned st) { return st != S_ROUTE && st != S_LONGEST; }

/* A standard deviation and an interval need two values or more: over one
 * maze (one seed, or one reachable exit) they are undefined, printed as
 * n/a in text and markdown, empty in CSV and null in JSON, and said once on
 * stderr at the end. */
static bool undefined_seen;

static bool has_spread(const mz_summary *s)
{
    if (s->n == 1)
        undefined_seen = true;
    return s->n >= 2;
}

/* Is statistic st printed for r? degree_d up to its shape's degree. */
static bool shown(const result *r, unsigned st)
{
    return st < S_DEG1 || st > S_DEG8 || st - S_DEG1 + 1 <= r->max_degree;
}

/* The text names a grid of another shape than square cells by its
 * topology and cells; the other formats name every grid's. */
static void print_text(FILE *f, const result *r, uint64_t band)
{
    if (r->geo.shape == MZ_SHAPE_ORTHO)
        fprintf(f, "%s  %llux%llu  %zu seeds  rng %s\n", r->gen, (unsigned long long)r->rows,
                (unsigned long long)r->cols, r->seeds, r->rng);
    else
        fprintf(f, "%s  %s  %zu seeds  (topology %s, %llu cells)  rng %s\n", r->gen, r->grid,
                r->seeds, r->topo, (unsigned long long)r->cells, r->rng);
    fprintf(f, "  %-16s %12s %12s  %-27s %s\n", "statistic", "mean", "sd", "95% ci", "published");
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->s[st];
        if (!shown(r, st))
            continue;
        if (s->n == 0) {
            fprintf(f, "  %-16s %12s\n", stat_name[st], "-");
            continue;
        }
        char ci[64], sd[32], pub[400] = "";
        const bool spread = has_spread(s);
        if (is_share(st)) {
            snprintf(ci, sizeof ci, spread ? "[%.4f, %.4f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.4f" : "n/a", s->sd);
            fprintf(f, "  %-16s %12.4f %12s  %-27s", stat_name[st], s->mean, sd, ci);
        } else {
            snprintf(ci, sizeof ci, spread ? "[%.1f, %.1f]" : "n/a", s->ci_lo, s->ci_hi);
            snprintf(sd, sizeof sd, spread ? "%.1f" : "n/a", s->sd);
            fprintf(f, "  %-16s %12.1f %12s  %-27s", stat_name[st], s->mean, sd, ci);
        }
        if (st == S_DEAD && r->pub) {
            if (r->pub->lo == r->pub->hi)
                snprintf(pub, sizeof pub, "%.0f%% (%s, %s)", r->pub->lo, r->pub->name,
                         r->pub->source);
            else
                snprintf(pub, sizeof pub, "%.0f-%.0f%% (%s, %s)", r->pub->lo, r->pub->hi,
                         r->pub->name, r->pub->source);
        } else if (st == S_INNER) {
            snprintf(pub, sizeof pub, "(border band of %llu cells left out)",
                     (unsigned long long)band);
        } else if (st == S_LONGEST && !r->longest_exact) {
            snprintf(pub, sizeof pub, "(lower bound: a maze has loops)");
        } else if (st == S_ROUTE && !r->route_all) {
            snprintf(pub, sizeof pub, "(over the %llu mazes whose exit is reachable)",
                     (unsigned long long)s->n);
        }
        fprintf(f, " %s\n", pub);
    }
}

/* The topology before rows, as in result CSVs (docs/shapes.md), and the
 * cells after cols; the rng column last (added after the others). */
static void csv_header(FILE *f, bool topo)
{
    fputs(topo ? "gen,topology,rows,cols,cells," : "gen,rows,cols,", f);
    fputs("seeds,stat,n,mean,sd,se,ci95_lo,ci95_hi,exact,published_lo,published_hi,"
          "published_source,rng\n",
          f);
}

static void print_csv(FILE *f, const result *r, bool topo)
{
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->s[st];
        if (!shown(r, st))
            continue;
        mzo_csv_string(f, r->gen);
        if (topo)
            fprintf(f, ",%s", r->topo);
        fprintf(f, ",%llu,%llu,", (unsigned long long)r->rows, (unsigned long long)r->cols);
        if (topo)
            fprintf(f, "%llu,", (unsigned long long)r->cells);
        fprintf(f, "%zu,%s,%llu,", r->seeds, stat_name[st], (unsigned long long)s->n);
        if (s->n && has_spread(s))
            fprintf(f, "%.6f,%.6f,%.6f,%.6f,%.6f", s->mean, s->sd, s->se, s->ci_lo, s->ci_hi);
        else if (s->n)
            fprintf(f, "%.6f,,,,", s->mean);
        else
            fputs(",,,,", f);
        fprintf(f, ",%d,", st == S_LONGEST ? r->longest_exact : 1);
        if (st == S_DEAD && r->pub) {
            fprintf(f, "%.4f,%.4f,", r->pub->lo / 100, r->pub->hi / 100);
            mzo_csv_string(f, r->pub->source);
        } else {
            fputs(",,", f);
        }
        fprintf(f, ",%s\n", r->rng);
    }
}

static void print_json(FILE *f, const result *r, bool first, bool topo)
{
    fprintf(f, "%s  {\"gen\": ", first ? "" : ",\n");
    mzo_json_string(f, r->gen);
    if (topo) {
        fprintf(f, ", \"topology\": \"%s\", \"grid\": ", r->topo);
        mzo_json_string(f, r->grid);
        fprintf(f, ", \"cells\": %llu", (unsigned long long)r->cells);
    }
    fprintf(f, ", \"rows\": %llu, \"cols\": %llu, \"seeds\": %zu, \"rng\": \"%s\", "
            "\"longest_exact\": %s",
            (unsigned long long)r->rows, (unsigned long long)r->cols, r->seeds, r->rng,
            r->longest_exact ? "true" : "false");
    if (r->pub) {
        fprintf(f, ", \"published\": {\"name\": ");
        mzo_json_string(f, r->pub->name);
        fprintf(f, ", \"dead_ends_lo\": %.4f, \"dead_ends_hi\": %.4f, \"source\": ",
                r->pub->lo / 100, r->pub->hi / 100);
        mzo_json_string(f, r->pub->source);
        fputc('}', f);
    }
    fputs(", \"stats\": {", f);
    bool any = false;
    for (unsigned st = 0; st < NSTATS; st++) {
        const mz_summary *s = &r->s[st];
        if (!shown(r, st))
            continue;
        fprintf(f, "%s\"%s\": ", any ? ", " : "", stat_name[st]);
        any = true;
        if (s->n && has_spread(s))
            fprintf(f, "{\"n\": %llu, \"mean\": %.6f, \"sd\": %.6f, \"ci95\": [%.6f, %.6f]}",
                    (unsigned long long)s->n, s->mean, s->sd, s->ci_lo, s->ci_hi);
        else if (s->n)
            fprintf(f, "{\"n\": %llu, \"mean\": %.6f, \"sd\": null, \"ci95\": null}",
                    (unsigned long long)s->n, s->mean);
        else
            fputs("null", f);
    }
    fputs("}}", f);
}

static void markdown_header(FILE *f, bool topo)
{
    if (topo) {
        fputs("| generator | topology | grid | cells | seeds | dead ends % (95% CI) | "
              "published % | inner dead ends % | degree 1/2/3/... % | straight % | turn % | "
              "route (95% CI) | longest (95% CI) | rng |\n"
              "|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---|\n",
              f);
        return;
    }
    fputs("| generator | size | seeds | dead ends % (95% CI) | published % | inner dead ends % "
          "| straight % | turn % | route | longest | rng |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n",
          f);
}

static void print_markdown(FILE *f, const result *r, bool topo)
{
    const mz_summary *d = &r->s[S_DEAD], *in = &r->s[S_INNER];
    char pub[64] = "-";
    if (r->pub && r->pub->lo == r->pub->hi)
        snprintf(pub, sizeof pub, "%.0f", r->pub->lo);
    else if (r->pub)
        snprintf(pub, sizeof pub, "%.0f-%.0f", r->pub->lo, r->pub->hi);
    char dead[96];
    if (has_spread(d))
        snprintf(dead, sizeof dead, "%.2f [%.2f, %.2f]", 100 * d->mean, 100 * d->ci_lo,
                 100 * d->ci_hi);
    else
        snprintf(dead, sizeof dead, "%.2f (n/a)", 100 * d->mean);
    if (topo)
        fprintf(f, "| `%s` | %s | %s | %llu | %zu | %s | %s | ", r->gen, r->topo, r->grid,
                (unsigned long long)r->cells, r->seeds, dead, pub);
    else
        fprintf(f, "| `%s` | %llux%llu | %zu | %s | %s | ", r->gen, (unsigned long long)r->rows,
                (unsigned long long)r->cols, r->seeds, dead, pub);
    if (in->n)
        fprintf(f, "%.2f", 100 * in->mean);
    else
        fputs("-", f);
    if (topo) {
        fputs(" | ", f);
        for (unsigned k = 1; k <= r->max_degree; k++)
            fprintf(f, "%s%.1f", k > 1 ? " / " : "", 100 * r->s[S_DEG1 + k - 1].mean);
    }
    fprintf(f, " | %.2f | %.2f | ", 100 * r->s[S_STRAIGHT].mean, 100 * r->s[S_TURN].mean);
    const mz_summary *ro = &r->s[S_ROUTE], *lo = &r->s[S_LONGEST];
    if (ro->n && topo && has_spread(ro))
        fprintf(f, "%.0f [%.0f, %.0f]", ro->mean, ro->ci_lo, ro->ci_hi);
    else if (ro->n && topo)
        fprintf(f, "%.0f (n/a)", ro->mean);
    else if (ro->n)
        fprintf(f, "%.0f", ro->mean);
    else
        fputs("-", f);
    if (topo && has_spread(lo))
        fprintf(f, " | %s%.0f [%.0f, %.0f]", r->longest_exact ? "" : ">= ", lo->mean,
                lo->ci_lo, lo->ci_hi);
    else if (topo)
        fprintf(f, " | %s%.0f (n/a)", r->longest_exact ? "" : ">= ", lo->mean);
    else
        fprintf(f, " | %s%.0f", r->longest_exact ? "" : ">= ", lo->mean);
    fprintf(f, " | %s |\n", r->rng);
}

/* Does some stage of spec not run on the grid's shape? */
static bool skipped(const mz_spec *spec, const mz_dims *geo)
{
    for (unsigned a = 0; a < spec->n; a++)
        if (!mz_runs_on(spec->stage[a].algo, geo->shape))
            return true;
    return false;
}

int cmd_stats(int argc, char **argv)
{
    const char *grids_text = NULL, *grids_opt = NULL, *seeds_text = "1..10", *format = "text";
    const char *pub_path = "data/published-deadends.csv", *rng_text = NULL;
    mz_rng_kind want_rng = MZ_RNG_AUTO;
    bool pub_required = false;
    uint64_t band = 10;
    const char *gens[MAX_GENS];
    size_t ngens = 0;
    for (int k = 1; k < argc; k++) {
        const char *v;
        int r;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(stats_help, stdout);
            return mzc_flush_stdout("stats");
        }
        /* --grid, and its older names --sizes and --size */
        static const char *const grid_opts[] = {"--grid", "--sizes", "--size"};
        const char *grid_opt = NULL;
        for (unsigned o = 0; o < 3 && !grid_opt; o++) {
            if ((r = mzc_opt(argc, argv, &k, grid_opts[o], &v)) < 0)
                return MZC_USAGE;
            if (r > 0)
                grid_opt = grid_opts[o];
        }
        if (grid_opt) {
            if (grids_text) {
                mzc_error("stats: options '%s' and '%s' both give the grids: give one", grids_opt,
                          grid_opt);
                return MZC_USAGE;
            }
            grids_text = v;
            grids_opt = grid_opt;
        } else if ((r = mzc_opt(argc, argv, &k, "--seeds", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            seeds_text = v;
        } else if ((r = mzc_opt_once("stats", argc, argv, &k, "--rng", &rng_text, false)) != 0) {
            if (r < 0 || mzc_parse_rng("stats", rng_text, &want_rng) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            format = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--published", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            pub_path = v;
            pub_required = true;
        } else if ((r = mzc_opt(argc, argv, &k, "--band", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("band", v, 0, UINT32_MAX, &band) != 0)
                return MZC_USAGE;
        } else if (argv[k][0] == '-') {
            mzc_error("unknown option '%s' for 'stats' (see 'mazebench stats --help')", argv[k]);
            return MZC_USAGE;
        } else {
            if (ngens == MAX_GENS) {
                mzc_error("more than %d generators", MAX_GENS);
                return MZC_USAGE;
            }
            gens[ngens++] = argv[k];
        }
    }
    if (ngens == 0) {
        mzc_error("stats needs a generator spec or 'all' (see 'mazebench stats --help')");
        return MZC_USAGE;
    }
    if (strcmp(format, "text") && strcmp(format, "csv") && strcmp(format, "json") &&
        strcmp(format, "markdown")) {
        mzc_error("format '%s' is not text, csv, json or markdown", format);
        return MZC_USAGE;
    }
    mz_dims grids[MAX_SIZES];
    size_t ngrids;
    uint64_t *seeds = NULL;
    size_t nseeds;
    if (parse_lists(seeds_text, grids_text ? grids_text : "101", &seeds, &nseeds, grids,
                    &ngrids) != 0)
        return MZC_USAGE;
    const bool topo = true; /* every output names each grid's topology */
    pub_table pubs;
    if (load_published(pub_path, pub_required, &pubs) != 0) {
        free(seeds);
        return MZC_USAGE;
    }

    /* The plan: each spec parsed and canonical, 'all' expanded. */
    static mz_spec specs[MAX_GENS * 2];
    static char canon[MAX_GENS * 2][256];
    static bool named[MAX_GENS * 2]; /* given by name, not only by 'all' */
    size_t nspecs = 0;
    int rc = MZC_OK;
    for (size_t k = 0; k < ngens && rc == MZC_OK; k++) {
        if (strcmp(gens[k], "all") == 0) {
            for (const mz_algo *const *a = mz_registry; *a && nspecs < MAX_GENS * 2; a++) {
                if ((*a)->kind != MZ_GEN)
                    continue;
                memset(&specs[nspecs], 0, sizeof specs[nspecs]);
                specs[nspecs].n = 1;
                specs[nspecs].stage[0].algo = *a;
                mz_args_default(*a, &specs[nspecs].stage[0].args);
                named[nspecs] = false;
                nspecs++;
            }
            for (size_t p = 0; p < pubs.n && nspecs < MAX_GENS * 2; p++) {
                char err[256];
                if (mz_spec_parse(pubs.e[p].spec, &specs[nspecs], err, sizeof err) == MZ_OK)
                    named[nspecs++] = false; /* duplicates are dropped below */
            }
            continue;
        }
        char err[1024];
        if (mz_spec_parse(gens[k], &specs[nspecs], err, sizeof err) != MZ_OK) {
            mzc_error("%s", err);
            rc = MZC_USAGE;
        } else {
            named[nspecs++] = true;
        }
    }
    size_t kept = 0;
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++) {
        mz_spec_format(&specs[k], canon[kept], sizeof canon[kept]);
        bool dup = false;
        for (size_t j = 0; j < kept && !dup; j++)
            if (strcmp(canon[j], canon[kept]) == 0) {
                dup = true;
                named[j] |= named[k];
            }
        if (!dup) {
            named[kept] = named[k];
            specs[kept++] = specs[k];
        }
    }
    nspecs = kept;

    /* A generator that does not run on a grid's shape is skipped there
     * (said on stderr when it was named); some pair must be left. */
    size_t runs = 0;
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++)
        for (size_t z = 0; z < ngrids; z++)
            runs += !skipped(&specs[k], &grids[z]);
    if (rc == MZC_OK && runs == 0) {
        char g0[96];
        mz_dims_format(&grids[0], g0, sizeof g0);
        mzc_error("stats: no generator given runs on the grids given (%s%s): see 'mazebench "
                  "list' for the shapes each runs on",
                  g0, ngrids > 1 ? ", ..." : "");
        rc = MZC_USAGE;
    }

    /* The source of each generator and grid, chosen before any maze is
     * made: one source a row, decided by its largest seed (under 'auto' a
     * seed past 32 bits moves the whole row to splitmix64). mulberry32
     * asked for where it cannot serve is refused here (exit 2); a switch is
     * noted once for each reason. */
    static unsigned char rngk[MAX_GENS * 2][MAX_SIZES];
    /* A switch's note is printed just before its maze runs, once its
     * memory check passed: one line on stderr for a refusal. */
    static bool note_at[MAX_GENS * 2][MAX_SIZES];
    uint64_t top_seed = 0;
    for (size_t k = 0; k < nseeds; k++)
        if (seeds[k] > top_seed)
            top_seed = seeds[k];
    char last_note[512] = "";
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++)
        for (size_t z = 0; z < ngrids && rc == MZC_OK; z++) {
            if (skipped(&specs[k], &grids[z]))
                continue;
            mz_spec sp = specs[k];
            char note[512];
            note_at[k][z] = false;
            if (mzc_resolve_rng_note("stats", want_rng, &sp, &grids[z], top_seed, note,
                                     sizeof note) != 0) {
                rc = MZC_USAGE;
            } else if (note[0] && strcmp(note, last_note) != 0) {
                snprintf(last_note, sizeof last_note, "%s", note);
                note_at[k][z] = true;
            }
            rngk[k][z] = (unsigned char)sp.rng;
        }

    double *buf = rc == MZC_OK ? malloc(nseeds * NSTATS * sizeof *buf) : NULL;
    if (rc == MZC_OK && !buf) {
        mzc_error("out of memory");
        rc = MZC_FAIL;
    }
    if (rc == MZC_OK) {
        if (!strcmp(format, "csv"))
            csv_header(stdout, topo);
        else if (!strcmp(format, "json"))
            fputs("[\n", stdout);
        else if (!strcmp(format, "markdown"))
            markdown_header(stdout, topo);
    }
    bool first = true;
    for (size_t k = 0; k < nspecs && rc == MZC_OK; k++) {
        for (size_t z = 0; z < ngrids && rc == MZC_OK; z++) {
            result r;
            if (skipped(&specs[k], &grids[z])) {
                if (named[k])
                    fprintf(stderr, "mazebench: stats: '%s' does not run on %s cells: skipped\n",
                            canon[k], mz_shape_name(grids[z].shape));
                continue;
            }
            const mz_algo *algos[MZ_MAX_CHAIN];
            for (unsigned a = 0; a < specs[k].n; a++)
                algos[a] = specs[k].stage[a].algo;
            /* The grid, the chain and the statistics (mz_estimate_bytes),
             * checked before any of it is allocated. */
            char what[512];
            char grid[96];
            mz_dims_format(&grids[z], grid, sizeof grid);
            snprintf(what, sizeof what, "'%s' at %s", canon[k], grid);
            uint64_t need = mz_estimate_bytes(algos, specs[k].n, &grids[z], MZ_EST_STATS);
            if (mzc_check_bytes(what, (double)need) != 0) {
                rc = MZC_FAIL;
                break;
            }
            mz_spec sp = specs[k];
            if (note_at[k][z] &&
                mzc_resolve_rng("stats", want_rng, &sp, &grids[z], top_seed) != 0) {
                rc = MZC_USAGE;
                break;
            }
            sp.rng = (mz_rng_kind)rngk[k][z];
            if (run_one(&sp, canon[k], &grids[z], seeds, nseeds, band, buf, &r) != 0) {
                rc = MZC_FAIL;
                break;
            }
            /* the published figures are of square grids */
            r.pub = r.geo.shape == MZ_SHAPE_ORTHO ? find_published(&pubs, canon[k]) : NULL;
            if (!strcmp(format, "csv"))
                print_csv(stdout, &r, topo);
            else if (!strcmp(format, "json"))
                print_json(stdout, &r, first, topo);
            else if (!strcmp(format, "markdown"))
                print_markdown(stdout, &r, topo);
            else {
                if (!first)
                    fputc('\n', stdout);
                print_text(stdout, &r, band);
            }
            first = false;
            fflush(stdout);
        }
    }
    if (rc == MZC_OK && !strcmp(format, "json"))
        fputs("\n]\n", stdout);
    free(buf);
    free(seeds);
    free(pubs.e);
    if (rc == MZC_OK)
        rc = mzc_flush_stdout("stats");
    if (rc == MZC_OK && undefined_seen)
        fprintf(stderr, "mazebench: stats: note: a statistic over one maze (one seed) has no "
                        "standard deviation or 95%% interval: shown as n/a (empty in CSV, null "
                        "in JSON)\n");
    return rc;
}
