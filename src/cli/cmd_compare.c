/*
 * cmd_compare.c - the compare command: timing changes between two sweep
 * CSVs (an old build's and a new build's), with rank tests, intervals and
 * a multiple-comparison adjustment, plus the determinism check of every
 * column before gen_ns (docs/compare.md).
 *
 * Rows pair by recipe, (gen, seed, rng, rows, cols, solver): every row of a
 * recipe is one sample (a file without an rng column drew from mulberry32;
 * a maze of another source is another recipe, never paired with it), whatever its rep, and a file may concatenate
 * several rounds of the same sweep (their '#' lines and headers included).
 * gen_ns belongs to the maze, so it is taken once per maze occurrence
 * (consecutive rows of one gen, seed, rng, size and rep) for the generator
 * recipe (gen, seed, rng, rows, cols); solve_ns of each row goes to its solver
 * recipe. Recipes group into algorithms: a generator spec, source and
 * size over its seeds, a solver spec, source and size over every maze of
 * that size.
 *
 * Every header starts a round. When both files hold as many rounds, two
 * or more, round r of one pairs with round r of the other (scripts/ab.sh
 * runs them side by side in a random order): per recipe and round the log
 * ratio of the two sides' medians, per algorithm and round the mean of
 * its recipes' log ratios, each tested over the rounds with Wilcoxon's
 * signed-rank test (Hodges-Lehmann ratio, Walsh-average interval).
 * Otherwise, unpaired: per recipe the Hodges-Lehmann ratio with its
 * Moses 95% interval and a two-sided Mann-Whitney p-value;
 * per algorithm the geometric mean of the per-recipe ratios, a t-interval
 * over them and van Elteren's test stratified by recipe. Holm's
 * adjustment within recipes and within algorithms. The statistics are
 * src/sweep/stats_ab.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "out/out.h"
#include "junit.h"
#include "stats_ab.h"
#include "sweep.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The default of --threshold: changes smaller than this are 'unchanged'
 * even when significant. */
#define COMPARE_THRESHOLD 0.05
#define COMPARE_ALPHA 0.05

static const char compare_help[] =
    "usage: mazebench compare BASE.csv NEW.csv [--time wall|cpu] [--alpha A]\n"
    "                         [--threshold T] [--format text|csv|json|markdown]\n"
    "                         [--out FILE] [--force] [--junit FILE]\n"
    "                         [--chart FILE.png|FILE.svg] [--any-registry]\n\n"
    "Compare the timings of two sweep CSVs ('mazebench sweep' output, one file may\n"
    "hold several rounds concatenated), BASE the old build's and NEW the new one's,\n"
    "and check that every deterministic column (those before gen_ns) is equal.\n\n"
    "Rows pair by recipe (gen, seed, rng, rows, cols, solver): the random source\n"
    "(rng) is part of a maze's recipe, so rows drawn from different sources are\n"
    "never paired; rows of a file without an rng column count as mulberry32.\n"
    "gen_ns is taken once per maze (generator recipes), solve_ns per row (solver\n"
    "recipes). An algorithm is a generator at one size and source over its seeds,\n"
    "or a solver at one size and source over every maze of that size. Every header\n"
    "line starts a round. The outputs name a source other than mulberry32 in\n"
    "text and markdown, and every row's in csv and json (rng).\n\n"
    "Paired by round, when both files hold as many rounds, 2 or more (scripts/ab.sh):\n"
    "per recipe and round, d = log(NEW median) - log(BASE median); per algorithm and\n"
    "round, the mean d of its recipes; over the rounds, Wilcoxon's signed-rank test,\n"
    "the ratio exp(Hodges-Lehmann estimate) and its 95% Walsh-average interval.\n"
    "Unpaired otherwise, every row a sample: per recipe the ratio exp(Hodges-Lehmann\n"
    "estimate), its 95% Moses interval and a Mann-Whitney p-value; per algorithm the\n"
    "geometric mean of its recipes' ratios, a t-interval and van Elteren's test.\n\n"
    "p-values are Holm-adjusted within recipes and within algorithms. A verdict is\n"
    "'slower' when the adjusted p < alpha and ratio > 1 + threshold, 'faster' when\n"
    "adjusted p < alpha and ratio < 1/(1 + threshold), 'unchanged' otherwise.\n"
    "gen_instr and solve_instr (instruction counts), when both files have them, give\n"
    "a ratio too.\n\n"
    "  --time wall|cpu   the timings compared: wall (gen_ns, solve_ns; default) or\n"
    "                    cpu (gen_cpu_ns, solve_cpu_ns: the thread's CPU time, which\n"
    "                    a loaded machine disturbs far less)\n"
    "  --alpha A         family-wise error rate, default 0.05\n"
    "  --threshold T     smallest change that counts, a fraction or a percentage\n"
    "                    (0.05 or 5%), default 5%\n"
    "  --format F        text (default: a table, slower first, and a summary), csv or\n"
    "                    json (every recipe and algorithm with all fields), markdown\n"
    "                    (a short summary for a CI job page)\n"
    "  --out FILE        write there instead of stdout; refused when FILE exists\n"
    "  --force           replace FILE (and the --junit and --chart files)\n"
    "  --junit FILE      JUnit XML: a test case per recipe and algorithm; slower ones\n"
    "                    and determinism differences fail\n"
    "  --chart FILE      per-algorithm ratios with their intervals, log scale, the\n"
    "                    threshold band shaded (gnuplot; .png or .svg)\n"
    "  --any-registry    compare files (or rounds of one file) written by different\n"
    "                    registries\n\n"
    "Every output file is written beside its name and all of them are renamed into\n"
    "place together, only when everything succeeded (the report on stdout included).\n"
    "An interval or p-value undefined for its sample (too few samples or rounds, no\n"
    "spread) is n/a (text), empty (csv) or null (json), its note saying why.\n\n"
    "Exit status: 0 when nothing is slower and every deterministic column matches,\n"
    "1 when a recipe or algorithm is slower or a column differs, or on a failure (out\n"
    "of memory, an output that cannot be written), 2 on bad input: a missing file, no\n"
    "header, a row cut short, different registries or headers, no recipe in\n"
    "common, or too few samples or rounds for any test to reach significance (then\n"
    "run more rounds: scripts/ab.sh --rounds N). docs/compare.md.\n";

enum { KIND_GEN = 0, KIND_SOLVE = 1 };
static const char *const kind_name[] = {"gen", "solve"};
static const char *const verdict_name[] = {"unchanged", "slower", "faster"};

/* ---- a string -> index map (FNV-1a, open addressing) ---- */

struct map {
    size_t cap, n;
    char **key;
    size_t *val;
};

static uint64_t fnv(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The slot of key: *found says whether it holds key (else it is empty). */
static size_t map_slot(const struct map *m, const char *key, bool *found)
{
    size_t k = (size_t)(fnv(key) & (m->cap - 1));
    while (m->key[k] && strcmp(m->key[k], key) != 0)
        k = (k + 1) & (m->cap - 1);
    *found = m->key[k] != NULL;
    return k;
}

/* Index of key, or SIZE_MAX; with add, insert it with value val when
 * absent (the key is copied). -1 on memory. */
static int map_get(struct map *m, const char *key, bool add, size_t val, size_t *out)
{
    if (m->cap == 0 || 2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 1024;
        struct map nm = {cap, 0, calloc(cap, sizeof(char *)), calloc(cap, sizeof(size_t))};
        if (!nm.key || !nm.val) {
            free(nm.key);
            free(nm.val);
            return -1;
        }
        for (size_t k = 0; k < m->cap; k++)
            if (m->key[k]) {
                bool f;
                size_t s = map_slot(&nm, m->key[k], &f);
                nm.key[s] = m->key[k];
                nm.val[s] = m->val[k];
                nm.n++;
            }
        free(m->key);
        free(m->val);
        *m = nm;
    }
    bool found;
    size_t s = map_slot(m, key, &found);
    if (found) {
        *out = m->val[s];
        return 0;
    }
    if (!add) {
        *out = SIZE_MAX;
        return 0;
    }
    size_t len = strlen(key) + 1;
    m->key[s] = malloc(len);
    if (!m->key[s])
        return -1;
    memcpy(m->key[s], key, len);
    m->val[s] = val;
    m->n++;
    *out = val;
    return 0;
}

static void map_free(struct map *m)
{
    for (size_t k = 0; k < m->cap; k++)
        free(m->key[k]);
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

/* ---- growable arrays of doubles ---- */

struct vec {
    double *v;
    size_t n, cap;
};

static int vec_push(struct vec *a, double x)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        double *v = realloc(a->v, cap * sizeof *v);
        if (!v)
            return -1;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = x;
    return 0;
}

/* ---- recipes and algorithms ---- */

struct recipe {
    int kind;
    char *gen, *seed, *topo, *rows, *cols, *solver; /* as written; topo "ortho" when absent */
    char *rng; /* the rng column; "mulberry32" when absent */
    size_t algo;
    struct vec t[2], in[2]; /* times and instruction counts: [0] base, [1] new */
    struct vec rd[2];       /* the round of each time in t (0, 1, ...) */
    /* Results: */
    double med[2], ratio, lo, hi, p, padj, pmin, instr;
    const char *note; /* why the interval (or p) is undefined, or NULL */
    double *d;    /* paired: per round, log(new median) - log(base median); NAN: none */
    size_t pairs; /* paired: rounds with times on both sides */
    bool exact, tested;
    int verdict;
};

struct algo {
    int kind;
    size_t first; /* its first recipe (names) */
    size_t *rec, nrec, cap;
    double ratio, lo, hi, z, p, padj, pmin;
    size_t n[2], strata, pairs; /* samples a side, recipes tested, rounds (paired) */
    const char *note; /* why the interval (or p) is undefined, or NULL */
    bool tested, exact;
    int verdict;
};

/* A determinism difference, as check prints it. */
struct diff {
    char *line;
};

/* The reference row of a (gen, seed, rng, rows, cols, solver): its compared values. */
struct ref {
    char **val;
};

struct side {
    const char *path;
    char *text;      /* the whole file */
    size_t len;
    char *registry;  /* first '# registry:' line, "" when none */
    char *commit;    /* first '# commit:' value, "" when none */
    size_t ncols;    /* header fields */
    char **header;   /* header names */
    size_t at_gen, at_seed, at_rows, at_cols, at_rep, at_solver, at_gns, at_sns, at_gin, at_sin;
    size_t at_topo; /* SIZE_MAX in a file of square cells written before the column */
    size_t at_rng;  /* SIZE_MAX in a file written before the column: mulberry32 */
    unsigned rng_seen; /* bit k: a row drew from source k (bit 2: an unknown name) */
    size_t at_gt, at_st; /* the timings compared: gen_ns and solve_ns, or the CPU times */
    size_t nrows;
    size_t rounds;   /* headers met: each starts a round */
    char *raw;       /* the bytes on disk, for line numbers */
    size_t rawlen;
};

struct compare {
    const char *cmd;
    bool any_registry;
    bool cpu;            /* --time cpu: gen_cpu_ns and solve_cpu_ns */
    double alpha, threshold;
    bool paired;         /* both files have the same rounds, 2 or more: paired by round */
    size_t rounds;       /* then how many */
    struct side side[2];
    size_t ncmp;
    char **cmp;          /* compared column names (common, before gen_ns, not recipe) */
    size_t cmp_at[2][MZ_MAX_COLS + 8];
    bool instr[2];       /* gen_instr / solve_instr compared (both files have the column) */
    struct map rmap, amap, refmap;
    struct recipe *rec;
    size_t nrec, caprec;
    struct algo *alg;
    size_t nalg, capalg;
    struct ref *ref;
    size_t nref, capref;
    struct diff *diff;
    size_t ndiff, capdiff;
    struct map diffseen; /* (recipe, column, side) already reported */
    size_t ndiff_rows;   /* differing values in all, reported or not */
    /* cdf cache for the exact test */
    struct cdf_entry {
        size_t m, n;
        double *cdf;
    } *cdf;
    size_t ncdf;
    /* summary */
    double gm[2], gm_lo[2], gm_hi[2];
    const char *gm_note[2]; /* why a geometric mean's interval is undefined */
    size_t count[2][3], tested[2]; /* [recipe, algo][verdict] */
    size_t only[2];                /* recipes with samples on one side only */
    size_t no_pair;                /* paired: recipes timed on both sides, never in one round */
};

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static char *field_text(const sw_csv_field *f)
{
    size_t n = sw_csv_value(f, NULL, 0);
    char *s = malloc(n + 1);
    if (s) {
        sw_csv_value(f, s, n + 1);
        if (n && s[n - 1] == '\r')
            s[n - 1] = '\0';
    }
    return s;
}

/* A grid as 'gen --grid' reads it: RxC for square cells, hex:RxC, and a
 * 3d grid (topology 3d:L) 3d:LxRxC. */
static void grid_text(const char *topo, const char *rows, const char *cols, char *buf,
                      size_t len)
{
    if (!*topo || !strcmp(topo, "ortho"))
        snprintf(buf, len, "%sx%s", rows, cols);
    else
        snprintf(buf, len, "%s%s%sx%s", topo, strncmp(topo, "3d:", 3) ? ":" : "x", rows, cols);
}

/* ", rng NAME" for a source other than mulberry32 (the default, left
 * unsaid as a spec leaves its defaults), else "". */
static void rng_text(const char *rng, char *buf, size_t len)
{
    if (!*rng || !strcmp(rng, "mulberry32"))
        buf[0] = '\0';
    else
        snprintf(buf, len, ", rng %s", rng);
}

/* A recipe (with_seed) or the algorithm of recipe r: a generator and a
 * size, or a solver and a size (over every maze of that size); its source
 * when not mulberry32. */
static void describe(const struct recipe *r, bool with_seed, char *buf, size_t len)
{
    const bool solver = r->kind == KIND_SOLVE;
    char grid[512], rng[96];
    grid_text(r->topo, r->rows, r->cols, grid, sizeof grid);
    rng_text(r->rng, rng, sizeof rng);
    if (with_seed)
        snprintf(buf, len, "%s, seed %s%s, %s%s%s", r->gen, r->seed, rng, grid,
                 solver ? ", " : "", solver ? r->solver : "");
    else
        snprintf(buf, len, "%s, %s%s", solver ? r->solver : r->gen, grid, rng);
}

/* The design, for the reports: "paired by round, 20 rounds" or "unpaired". */
static void design(const struct compare *c, char *buf, size_t len)
{
    if (c->paired)
        snprintf(buf, len, "paired by round, %zu rounds", c->rounds);
    else
        snprintf(buf, len, "unpaired");
}

/* ---- reading ---- */

static size_t col_of(const struct side *s, const char *name)
{
    for (size_t k = 0; k < s->ncols; k++)
        if (strcmp(s->header[k], name) == 0)
            return k;
    return SIZE_MAX;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, in);
        if (n < cap)
            break;
        char *b = realloc(buf, cap *= 2);
        if (!b)
            free(buf);
        buf = b;
    }
    if (ferror(in)) {
        free(buf);
        buf = NULL;
    }
    fclose(in);
    *len = n;
    return buf;
}

/* Every provenance block of the file (the '#' lines just before a header
 * line: one a round when rounds are concatenated) has the first block's
 * '# registry:' line, or the rounds' rows are not comparable: MZC_USAGE
 * after one line naming the file and both values. */
static int one_registry(const struct compare *c, const struct side *s)
{
    const char *t = s->raw, *end = s->raw + s->rawlen;
    if (s->rawlen >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0)
        t += 3;
    const char *first = NULL, *block = NULL; /* values: up to the line's end */
    size_t first_line = 0, block_line = 0, line = 1;
    bool in_block = false;
    static const char key[] = "# registry: ";
    for (; t < end; line++) {
        const char *nl = memchr(t, '\n', (size_t)(end - t));
        const char *le = nl ? nl : end;
        if (*t == '#') {
            if (!in_block)
                block = NULL;
            in_block = true;
            if (!block && (size_t)(le - t) >= sizeof key - 1 && !memcmp(t, key, sizeof key - 1)) {
                block = t + sizeof key - 1;
                block_line = line;
            }
        } else if (le > t && !(le - t == 1 && *t == '\r')) {
            if (le - t >= 4 && !memcmp(t, "gen,", 4)) { /* a header */
                if (!in_block)
                    block = NULL;
                if (!first) { /* the first round: its block, or none at all */
                    first = block ? block : "";
                    first_line = block ? block_line : line;
                } else if (in_block) { /* a later round's provenance */
                    size_t fl = strcspn(first, "\r\n"), bl = block ? strcspn(block, "\r\n") : 0;
                    if (fl != bl || memcmp(first, block ? block : "", fl) != 0) {
                        mzc_error("%s: '%s' line %zu: a round of registry '%.*s' after one of "
                                  "registry '%.*s' (line %zu): its rows are not comparable "
                                  "(--any-registry compares them anyway)",
                                  c->cmd, s->path, block ? block_line : line,
                                  block ? (int)bl : 4, block ? block : "none",
                                  fl ? (int)fl : 4, fl ? first : "none", first_line);
                        return MZC_USAGE;
                    }
                }
            }
            in_block = false;
        }
        t = nl ? nl + 1 : end;
    }
    return MZC_OK;
}

/* Read a file into s (text, header); MZC_OK, or MZC_USAGE (bad input) or
 * MZC_FAIL (memory, a read error) after a message. */
static int read_side(struct compare *c, struct side *s)
{
    char err[512];
    sw_file f;
    int r = sw_file_read(s->path, &f, err, sizeof err);
    if (r < 0) {
        mzc_error("%s: cannot read '%s': no such file", c->cmd, s->path);
        return MZC_USAGE;
    }
    if (r != SW_OK) {
        mzc_error("%s: %s", c->cmd, err);
        return r == SW_BAD ? MZC_USAGE : MZC_FAIL; /* SW_FAIL: memory, a read error */
    }
    if (f.header_at == SIZE_MAX) {
        mzc_error("%s: '%s' has no header line: not a sweep CSV", c->cmd, s->path);
        sw_file_free(&f);
        return MZC_USAGE;
    }
    char *reg = sw_file_lines(&f, "# registry: ");
    char *com = sw_file_lines(&f, "# commit: ");
    if (!reg || !com) {
        free(reg);
        free(com);
        sw_file_free(&f);
        mzc_error("%s: out of memory", c->cmd);
        return MZC_FAIL;
    }
    reg[strcspn(reg, "\n")] = '\0';
    com[strcspn(com, "\n")] = '\0';
    if (*com) /* the value only */
        memmove(com, com + 10, strlen(com + 10) + 1);
    s->registry = reg;
    s->commit = com;
    /* The header. */
    sw_csv_field hf[MZ_MAX_COLS + 9];
    size_t off = f.header_at, nh;
    sw_csv_read_row(f.text, f.len, &off, hf, MZ_MAX_COLS + 9, &nh);
    if (nh > MZ_MAX_COLS + 8) {
        mzc_error("%s: '%s' has %zu columns, more than any sweep writes", c->cmd, s->path, nh);
        sw_file_free(&f);
        return MZC_USAGE;
    }
    s->ncols = nh;
    s->header = calloc(nh, sizeof *s->header);
    for (size_t k = 0; s->header && k < nh; k++)
        if (!(s->header[k] = field_text(&hf[k]))) {
            sw_file_free(&f);
            mzc_error("%s: out of memory", c->cmd);
            return MZC_FAIL;
        }
    s->raw = slurp(s->path, &s->rawlen);
    if (!s->raw) {
        sw_file_free(&f);
        mzc_error("%s: cannot read '%s' again", c->cmd, s->path);
        return MZC_FAIL;
    }
    s->text = f.text; /* keep the text; sw_file's other arrays go */
    s->len = f.len;
    f.text = NULL;
    sw_file_free(&f);
    if (!s->header) {
        mzc_error("%s: out of memory", c->cmd);
        return MZC_FAIL;
    }
    if (!c->any_registry && one_registry(c, s) != MZC_OK)
        return MZC_USAGE;
    s->at_gen = col_of(s, "gen");
    s->at_seed = col_of(s, "seed");
    s->at_rows = col_of(s, "rows");
    s->at_cols = col_of(s, "cols");
    s->at_topo = col_of(s, "topology");
    s->at_rng = col_of(s, "rng");
    s->at_rep = col_of(s, "rep");
    s->at_solver = col_of(s, "solver");
    s->at_gns = col_of(s, "gen_ns");
    s->at_sns = col_of(s, "solve_ns");
    s->at_gin = col_of(s, "gen_instr");
    s->at_sin = col_of(s, "solve_instr");
    if (s->at_gen == SIZE_MAX || s->at_seed == SIZE_MAX || s->at_rows == SIZE_MAX ||
        s->at_cols == SIZE_MAX) {
        mzc_error("%s: '%s' lacks a recipe column (gen, seed, rows and cols are needed)",
                  c->cmd, s->path);
        return MZC_USAGE;
    }
    if (s->at_gns == SIZE_MAX) {
        mzc_error("%s: '%s' has no gen_ns column: not a timed sweep", c->cmd, s->path);
        return MZC_USAGE;
    }
    s->at_gt = c->cpu ? col_of(s, "gen_cpu_ns") : s->at_gns;
    s->at_st = c->cpu ? col_of(s, "solve_cpu_ns") : s->at_sns;
    if (s->at_gt == SIZE_MAX) {
        mzc_error("%s: '%s' has no gen_cpu_ns column (a build without CPU times): "
                  "compare wall times (--time wall)", c->cmd, s->path);
        return MZC_USAGE;
    }
    return MZC_OK;
}

/* Parse a time or a count: empty -> NAN (no figure); *bad when not a
 * non-negative number. 0 counts as 1 (the clock's floor): logs stay finite. */
static double parse_value(const char *t, bool *bad)
{
    if (!*t)
        return NAN;
    char *end;
    double v = strtod(t, &end);
    if (*end || !(v >= 0) || !isfinite(v)) {
        *bad = true;
        return NAN;
    }
    return v < 1 ? 1 : v;
}

static int add_diff(struct compare *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static int add_diff(struct compare *c, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (c->ndiff == c->capdiff) {
        size_t cap = c->capdiff ? 2 * c->capdiff : 16;
        struct diff *d = realloc(c->diff, cap * sizeof *d);
        if (!d)
            return -1;
        c->diff = d;
        c->capdiff = cap;
    }
    if (!(c->diff[c->ndiff].line = dupstr(line)))
        return -1;
    c->ndiff++;
    return 0;
}

/* The recipe of kind with these names (created when new): f[0..4] gen,
 * seed, rows, cols, solver, f[10] the topology, f[11] the source. */
static int recipe_of(struct compare *c, int kind, char *const *f, size_t *out)
{
    char key[2048];
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", kind, f[0], f[1],
             f[11], f[10], f[2], f[3], kind == KIND_SOLVE ? f[4] : "");
    size_t idx;
    if (map_get(&c->rmap, key, true, c->nrec, &idx) != 0)
        return -1;
    if (idx < c->nrec) {
        *out = idx;
        return 0;
    }
    if (c->nrec == c->caprec) {
        size_t cap = c->caprec ? 2 * c->caprec : 64;
        struct recipe *r = realloc(c->rec, cap * sizeof *r);
        if (!r)
            return -1;
        c->rec = r;
        c->caprec = cap;
    }
    struct recipe *r = &c->rec[c->nrec];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->gen = dupstr(f[0]);
    r->seed = dupstr(f[1]);
    r->topo = dupstr(f[10]);
    r->rows = dupstr(f[2]);
    r->cols = dupstr(f[3]);
    r->solver = dupstr(kind == KIND_SOLVE ? f[4] : "");
    r->rng = dupstr(f[11]);
    c->nrec++;
    if (!r->gen || !r->seed || !r->topo || !r->rows || !r->cols || !r->solver || !r->rng)
        return -1;
    /* Its algorithm: a generator spec and size over its seeds; a solver
     * spec and size over every maze (generator and seed) of that size;
     * each of one source. */
    snprintf(key, sizeof key, "%d\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", kind,
             kind == KIND_SOLVE ? "" : f[0], f[11], f[10], f[2], f[3],
             kind == KIND_SOLVE ? f[4] : "");
    if (map_get(&c->amap, key, true, c->nalg, &r->algo) != 0)
        return -1;
    if (r->algo == c->nalg) {
        if (c->nalg == c->capalg) {
            size_t cap = c->capalg ? 2 * c->capalg : 32;
            struct algo *a = realloc(c->alg, cap * sizeof *a);
            if (!a)
                return -1;
            c->alg = a;
            c->capalg = cap;
        }
        memset(&c->alg[c->nalg], 0, sizeof c->alg[c->nalg]);
        c->alg[c->nalg].kind = kind;
        c->alg[c->nalg].first = c->nrec - 1;
        c->nalg++;
    }
    struct algo *a = &c->alg[r->algo];
    if (a->nrec == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 8;
        size_t *v = realloc(a->rec, cap * sizeof *v);
        if (!v)
            return -1;
        a->rec = v;
        a->cap = cap;
    }
    a->rec[a->nrec++] = c->nrec - 1;
    *out = c->nrec - 1;
    return 0;
}

/* Compare a row's values with its recipe's reference row (the first row of
 * BASE with that gen, seed, source, size and solver), one line per recipe,
 * column and file. */
static int check_row(struct compare *c, int sd, size_t line, size_t index, char *const *f,
                     char **val)
{
    char key[2048];
    snprintf(key, sizeof key, "%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s\x1f%s", f[0], f[1], f[11], f[10],
             f[2], f[3], f[4]);
    size_t idx;
    if (map_get(&c->refmap, key, true, c->nref, &idx) != 0)
        return -1;
    if (idx == c->nref) { /* the first: the reference */
        if (c->nref == c->capref) {
            size_t cap = c->capref ? 2 * c->capref : 64;
            struct ref *r = realloc(c->ref, cap * sizeof *r);
            if (!r)
                return -1;
            c->ref = r;
            c->capref = cap;
        }
        c->ref[c->nref].val = calloc(c->ncmp ? c->ncmp : 1, sizeof(char *));
        if (!c->ref[c->nref].val)
            return -1;
        for (size_t k = 0; k < c->ncmp; k++)
            if (!(c->ref[c->nref].val[k] = dupstr(val[k])))
                return -1;
        c->nref++;
        return 0;
    }
    char **want = c->ref[idx].val;
    for (size_t k = 0; k < c->ncmp; k++) {
        if (strcmp(want[k], val[k]) == 0)
            continue;
        c->ndiff_rows++;
        char dkey[2100];
        snprintf(dkey, sizeof dkey, "%zu\x1f%zu\x1f%d", idx, k, sd);
        size_t before = c->diffseen.n, seen;
        if (map_get(&c->diffseen, dkey, true, before, &seen) != 0)
            return -1;
        if (seen != before)
            continue; /* this recipe, column and file already reported */
        char what[1024], grid[512], rng[96];
        const bool solver = f[4][0] != '\0';
        grid_text(f[10], f[2], f[3], grid, sizeof grid);
        rng_text(f[11], rng, sizeof rng);
        snprintf(what, sizeof what, "%s, seed %s%s, %s%s%s", f[0], f[1], rng, grid,
                 solver ? ", " : "", solver ? f[4] : "");
        if (add_diff(c, "%s:%zu: row %zu (%s): column '%s': expected '%s', got '%s'",
                     c->side[sd].path, line, index, what, c->cmp[k], want[k], val[k]) != 0)
            return -1;
    }
    return 0;
}

/* Line numbers come from the file's own bytes: the parsed text (sw_file)
 * may have dropped blank and '#' lines among the rows, a byte-order mark
 * and CRs. A walk over the bytes, row by row, in step with the parser. */
struct rawpos {
    const char *t;
    size_t len, at, line;
};

static void raw_skip_line(struct rawpos *r)
{
    const char *nl = r->at < r->len ? memchr(r->t + r->at, '\n', r->len - r->at) : NULL;
    r->at = nl ? (size_t)(nl - r->t) + 1 : r->len;
    r->line++;
}

/* Skip blank and '#' lines; then, when header, one line (a header again);
 * return the line where the next row starts and move past its nl lines. */
static size_t raw_row(struct rawpos *r, size_t nl, bool header)
{
    for (int pass = 0; pass < 2; pass++) {
        while (r->at < r->len &&
               (r->t[r->at] == '#' || r->t[r->at] == '\n' ||
                (r->t[r->at] == '\r' && r->at + 1 < r->len && r->t[r->at + 1] == '\n')))
            raw_skip_line(r);
        if (!header)
            break;
        if (pass == 0)
            raw_skip_line(r);
    }
    size_t line = r->line;
    for (size_t k = 0; k < nl; k++)
        raw_skip_line(r);
    return line;
}

static size_t newlines(const char *p, size_t len)
{
    size_t n = 0;
    for (size_t k = 0; k < len; k++)
        n += p[k] == '\n';
    return n;
}


/* A header met again (another round's) must be the first one, column
 * for column: MZC_OK, MZC_USAGE after one line naming the file, the line
 * and both values, or MZC_FAIL when memory runs out (no message). */
static int same_header(const struct compare *c, const struct side *s, const sw_csv_field *fl,
                       size_t n, size_t line)
{
    size_t differ = n == s->ncols ? SIZE_MAX : (n < s->ncols ? n : s->ncols);
    for (size_t k = 0; k < n && k < s->ncols && differ == SIZE_MAX; k++) {
        char *h = field_text(&fl[k]);
        if (!h)
            return MZC_FAIL;
        if (strcmp(h, s->header[k]) != 0)
            differ = k;
        free(h);
    }
    if (differ == SIZE_MAX)
        return MZC_OK;
    char got[128], want[128];
    if (differ < n && differ < s->ncols) {
        char *h = field_text(&fl[differ]);
        if (!h)
            return MZC_FAIL;
        snprintf(got, sizeof got, "column %zu '%s'", differ + 1, h);
        snprintf(want, sizeof want, "'%s'", s->header[differ]);
        free(h);
    } else {
        snprintf(got, sizeof got, "%zu columns", n);
        snprintf(want, sizeof want, "%zu", s->ncols);
    }
    mzc_error("%s: '%s' line %zu: a round whose header has %s where the first round's has %s: "
              "its rows are not comparable",
              c->cmd, s->path, line, got, want);
    return MZC_USAGE;
}

/* Read every row of side sd, section by section (a file may be several
 * sweep files concatenated, each with its '#' lines and header). */
static int load_rows(struct compare *c, int sd)
{
    struct side *s = &c->side[sd];
    const bool instr = c->instr[0] && c->instr[1];
    size_t sec = 0, line = 1, index = 0, round = 0;
    struct rawpos rp = {s->raw, s->rawlen, 0, 1};
    if (rp.len >= 3 && memcmp(rp.t, "\xEF\xBB\xBF", 3) == 0)
        rp.at = 3;
    raw_row(&rp, 0, true); /* past the provenance and the header */
    sw_csv_field fl[MZ_MAX_COLS + 9];
    char *val[MZ_MAX_COLS + 8];
    /* gen, seed, rows, cols, rep and source of this maze */
    char *occ[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    char **occ_solv = NULL;
    size_t nocc_solv = 0, capocc = 0;
    int rc = MZC_OK;
    for (;;) {
        char err[256];
        sw_file f;
        int pr = sw_file_parse(&f, s->text + sec, s->len - sec, err, sizeof err);
        if (pr != SW_OK) {
            mzc_error("%s: %s", c->cmd, err);
            rc = pr == SW_FAIL ? MZC_FAIL : MZC_USAGE; /* SW_FAIL: memory */
            break;
        }
        if (f.header_at == SIZE_MAX) {
            line = raw_row(&rp, 0, false);
            mzc_error("%s: '%s' line %zu: '#' lines with no header after them", c->cmd, s->path,
                      line);
            sw_file_free(&f);
            rc = MZC_USAGE;
            break;
        }
        if (sec > 0) { /* a later round: the same header (its registry: one_registry) */
            round++;
            size_t off = f.header_at, n;
            sw_csv_read_row(f.text, f.len, &off, fl, MZ_MAX_COLS + 9, &n);
            line = raw_row(&rp, 0, false);
            int h = same_header(c, s, fl, n, line);
            if (h != MZC_OK) {
                if (h == MZC_FAIL)
                    mzc_error("%s: out of memory", c->cmd);
                sw_file_free(&f);
                rc = h;
                break;
            }
        }
        size_t off = f.rows_at;
        for (size_t r = 0; r < f.nrows && rc == MZC_OK; r++) {
            size_t n, start = off;
            sw_csv_read_row(f.text, f.len, &off, fl, MZ_MAX_COLS + 9, &n);
            line = raw_row(&rp, newlines(f.text + start, off - start), sec > 0 && r == 0);
            char *t[12] = {NULL};
            const size_t at[12] = {s->at_gen, s->at_seed, s->at_rows, s->at_cols,
                                   s->at_solver, s->at_rep, s->at_gt, s->at_st,
                                   s->at_gin, s->at_sin, s->at_topo, s->at_rng};
            bool mem = true;
            for (size_t k = 0; k < 12; k++) {
                t[k] = at[k] == SIZE_MAX ? dupstr("") : field_text(&fl[at[k]]);
                mem = mem && t[k];
            }
            size_t nv = 0;
            for (; mem && nv < c->ncmp; nv++)
                if (!(val[nv] = field_text(&fl[c->cmp_at[sd][nv]])))
                    mem = false;
            bool header_again = mem && !strcmp(t[0], "gen") && !strcmp(t[1], "seed");
            /* The topology is part of the recipe; a file written before
             * the column has square cells. */
            if (mem && !*t[10]) {
                free(t[10]);
                mem = (t[10] = dupstr("ortho")) != NULL;
            }
            /* So is the source; a file written before the column drew
             * from mulberry32. */
            if (mem && !*t[11]) {
                free(t[11]);
                mem = (t[11] = dupstr("mulberry32")) != NULL;
            }
            if (mem && !header_again) {
                mz_rng_kind rk;
                s->rng_seen |= mz_rng_parse(t[11], &rk) == MZ_OK ? 1u << rk : 4u;
            }
            /* Another round's header: the same columns, or the rows are
             * not comparable. */
            if (mem && header_again) {
                int h = same_header(c, s, fl, n, line);
                mem = h != MZC_FAIL;
                if (h == MZC_USAGE)
                    rc = MZC_USAGE;
            }
            if (mem && header_again) { /* another round's header: a new maze follows */
                round++;
                for (size_t k = 0; k < 6; k++) {
                    free(occ[k]);
                    occ[k] = NULL;
                }
            }
            if (!mem) {
                mzc_error("%s: out of memory", c->cmd);
                rc = MZC_FAIL;
            } else if (rc == MZC_OK && !header_again) {
                index++;
                bool bad = false;
                double gns = parse_value(t[6], &bad), sns = parse_value(t[7], &bad);
                double gin = instr ? parse_value(t[8], &bad) : NAN;
                double sin_ = instr ? parse_value(t[9], &bad) : NAN;
                if (bad) {
                    mzc_error("%s: '%s' line %zu: a timing or count that is not a number",
                              c->cmd, s->path, line);
                    rc = MZC_USAGE;
                } else if (check_row(c, sd, line, index, t, val) != 0) {
                    mzc_error("%s: out of memory", c->cmd);
                    rc = MZC_FAIL;
                } else {
                    /* A new maze: another gen, seed, size, rep or
                     * source, or a solver met again (the next round of
                     * one maze). */
                    bool same = occ[0] != NULL;
                    for (size_t k = 0; same && k < 4; k++)
                        same = !strcmp(occ[k], t[k]);
                    same = same && !strcmp(occ[4], t[5]) && !strcmp(occ[5], t[11]);
                    for (size_t k = 0; same && k < nocc_solv; k++)
                        same = strcmp(occ_solv[k], t[4]) != 0;
                    size_t ri;
                    if (!same) {
                        for (size_t k = 0; k < 6; k++) {
                            free(occ[k]);
                            occ[k] = dupstr(t[k < 4 ? k : k == 4 ? 5 : 11]);
                        }
                        for (size_t k = 0; k < nocc_solv; k++)
                            free(occ_solv[k]);
                        nocc_solv = 0;
                        if (!isnan(gns) || !isnan(gin)) {
                            if (recipe_of(c, KIND_GEN, t, &ri) != 0 ||
                                (!isnan(gns) && (vec_push(&c->rec[ri].t[sd], gns) != 0 ||
                                                 vec_push(&c->rec[ri].rd[sd], (double)round) != 0)) ||
                                (!isnan(gin) && vec_push(&c->rec[ri].in[sd], gin) != 0))
                                rc = MZC_FAIL;
                        }
                    }
                    if (nocc_solv == capocc) {
                        capocc = capocc ? 2 * capocc : 8;
                        char **v = realloc(occ_solv, capocc * sizeof *v);
                        if (v)
                            occ_solv = v;
                        else
                            rc = MZC_FAIL;
                    }
                    if (rc == MZC_OK && !(occ_solv[nocc_solv++] = dupstr(t[4])))
                        rc = MZC_FAIL;
                    if (rc == MZC_OK && t[4][0] && (!isnan(sns) || !isnan(sin_))) {
                        if (recipe_of(c, KIND_SOLVE, t, &ri) != 0 ||
                            (!isnan(sns) && (vec_push(&c->rec[ri].t[sd], sns) != 0 ||
                                             vec_push(&c->rec[ri].rd[sd], (double)round) != 0)) ||
                            (!isnan(sin_) && vec_push(&c->rec[ri].in[sd], sin_) != 0))
                            rc = MZC_FAIL;
                    }
                    if (rc == MZC_FAIL)
                        mzc_error("%s: out of memory", c->cmd);
                }
            }
            for (size_t k = 0; k < 12; k++)
                free(t[k]);
            for (size_t k = 0; k < nv; k++)
                free(val[k]);
        }
        size_t end = f.nrows ? f.row_end[f.nrows - 1] : f.rows_at;
        size_t flen = f.len;
        bool more = end < flen && f.text[end] == '#';
        sw_file_free(&f);
        if (rc != MZC_OK)
            break;
        if (end == flen)
            break;
        if (!more) {
            line = raw_row(&rp, 0, false);
            mzc_error("%s: '%s' line %zu is not a complete row of %zu fields", c->cmd, s->path,
                      line, s->ncols);
            rc = MZC_USAGE;
            break;
        }
        /* A new maze starts with the next file's rows. */
        for (size_t k = 0; k < 6; k++) {
            free(occ[k]);
            occ[k] = NULL;
        }
        sec += end;
    }
    for (size_t k = 0; k < 6; k++)
        free(occ[k]);
    for (size_t k = 0; k < nocc_solv; k++)
        free(occ_solv[k]);
    free(occ_solv);
    s->nrows = index;
    s->rounds = round + 1;
    return rc;
}

/* ---- the statistics ---- */

/* The exact distribution of U for m and n values in *out, or NULL beyond
 * SW_AB_EXACT_MAX; -1 when memory runs out (never a silent fallback to
 * the normal approximation: the figures would depend on the memory). */
static int cdf_for(struct compare *c, size_t m, size_t n, const double **out)
{
    *out = NULL;
    if (m > SW_AB_EXACT_MAX || n > SW_AB_EXACT_MAX || !m || !n)
        return 0;
    if (m > n) { /* U's distribution is the same for (m, n) and (n, m) */
        size_t t = m;
        m = n;
        n = t;
    }
    for (size_t k = 0; k < c->ncdf; k++)
        if (c->cdf[k].m == m && c->cdf[k].n == n) {
            *out = c->cdf[k].cdf;
            return 0;
        }
    struct cdf_entry *e = realloc(c->cdf, (c->ncdf + 1) * sizeof *e);
    if (!e)
        return -1;
    c->cdf = e;
    double *cdf = malloc((m * n + 1) * sizeof *cdf);
    if (!cdf || sw_ab_u_cdf(m, n, cdf) != 0) {
        free(cdf);
        return -1;
    }
    c->cdf[c->ncdf++] = (struct cdf_entry){m, n, cdf};
    *out = cdf;
    return 0;
}

static double median_of(const struct vec *v)
{
    double *x = malloc(v->n * sizeof *x);
    if (!x)
        return NAN;
    memcpy(x, v->v, v->n * sizeof *x);
    double m = sw_ab_median(x, v->n);
    free(x);
    return m;
}

/* The smallest samples a side (equal sides) at which some test could reach
 * significance, given the family sizes; 0 when none up to 1000, SIZE_MAX
 * when memory runs out. */
static size_t samples_needed(struct compare *c, size_t nrec, size_t nalg, size_t maxseeds)
{
    for (size_t n = 2; n <= 1000; n++) {
        const double *cdf;
        if (cdf_for(c, n, n, &cdf) != 0)
            return SIZE_MAX;
        if (nrec && (double)nrec * sw_ab_mw_pmin(n, n, cdf) < c->alpha)
            return n;
        if (nalg && maxseeds) {
            sw_ab_stratum st = {NULL, NULL, n, n}; /* maxseeds strata alike */
            sw_ab_stratum *s = malloc(maxseeds * sizeof *s);
            if (!s)
                return SIZE_MAX;
            for (size_t k = 0; k < maxseeds; k++)
                s[k] = st;
            double p = sw_ab_ve_pmin(s, maxseeds);
            free(s);
            if ((double)nalg * p < c->alpha)
                return n;
        }
    }
    return 0;
}

/* The smallest paired rounds at which some signed-rank test could reach
 * significance, given the family sizes; 0 when none up to 1000. */
static size_t rounds_needed(const struct compare *c, size_t nrec, size_t nalg)
{
    size_t fam = nalg && nalg < nrec ? nalg : nrec; /* the smaller family decides */
    for (size_t n = 1; n <= 1000; n++)
        if ((double)fam * sw_ab_sr_pmin(n) < c->alpha)
            return n;
    return 0;
}

/* Paired: the recipe's median time of each side in each round, and d_r =
 * log(new) - log(base) for the rounds timed on both sides (NAN
 * otherwise); *dv gets those d_r in round order, r->pairs their number. */
static int recipe_rounds(struct compare *c, struct recipe *r, double *dv, double *med,
                         double *tmp)
{
    const size_t R = c->rounds;
    if (!(r->d = malloc(R * sizeof *r->d)))
        return -1;
    for (int s = 0; s < 2; s++) {
        double *m = med + (size_t)s * R;
        for (size_t k = 0; k < R; k++)
            m[k] = NAN;
        /* The rounds of one side's times never go down (file order). */
        const struct vec *t = &r->t[s], *rd = &r->rd[s];
        for (size_t i = 0; i < t->n;) {
            size_t j = i;
            while (j < t->n && rd->v[j] == rd->v[i])
                j++;
            memcpy(tmp, t->v + i, (j - i) * sizeof *tmp);
            size_t round = (size_t)rd->v[i];
            if (round < R)
                m[round] = sw_ab_median(tmp, j - i);
            i = j;
        }
    }
    r->pairs = 0;
    for (size_t k = 0; k < R; k++) {
        r->d[k] = NAN;
        if (!isnan(med[k]) && !isnan(med[R + k]))
            dv[r->pairs++] = r->d[k] = log(med[R + k]) - log(med[k]);
    }
    return 0;
}

/* Why a figure is undefined for its sample (the CSV's and JSON's note). */
static const char NOTE_ROUNDS[] = "fewer than 6 paired rounds: no 95% interval";
static const char NOTE_SAMPLES[] = "too few samples for a 95% interval";
static const char NOTE_SPREAD[] = "no spread (every sample the same): no interval, no p-value";
static const char NOTE_TIED[] = "tied samples: an interval of zero width, so none";
static const char NOTE_STRATA_SPREAD[] =
    "every recipe's ratio the same: no spread between recipes, no interval";
static const char NOTE_ONE_ROUND[] = "one round";
static const char NOTE_ONE_RECIPE[] = "one recipe";
static const char NOTE_SAME_ROUNDS[] = "every round the same, no spread";
static const char NOTE_SAME_RECIPES[] = "every recipe's ratio the same, no spread";

/* An interval that is not one: undefined (NAN) when it has no width, with
 * why in *note, or when missing, with size_note. */
static void interval_or_note(double *lo, double *hi, const char **note, const char *size_note,
                             const char *spread_note)
{
    if (isnan(*lo) || isnan(*hi)) {
        *lo = *hi = NAN;
        if (!*note)
            *note = size_note;
    } else if (!(*lo < *hi)) {
        *lo = *hi = NAN;
        if (!*note)
            *note = spread_note;
    }
}

/* Every sample of both sides the same value: no rank test is defined. */
static bool no_spread(const struct vec *a, const struct vec *b)
{
    double v = a->n ? a->v[0] : b->v[0];
    for (size_t k = 0; k < a->n; k++)
        if (a->v[k] != v)
            return false;
    for (size_t k = 0; k < b->n; k++)
        if (b->v[k] != v)
            return false;
    return true;
}

static int analyse(struct compare *c)
{
    const bool paired = c->paired;
    const size_t R = c->rounds;
    size_t most = 1; /* the most samples of a recipe on one side */
    for (size_t k = 0; k < c->nrec; k++)
        for (int s = 0; s < 2; s++)
            if (c->rec[k].t[s].n > most)
                most = c->rec[k].t[s].n;
    /* Paired, every recipe keeps one log ratio a round: recipes times
     * rounds, which the files' estimate does not bound when the rounds
     * hold different recipes. */
    if (paired) {
        char what[600];
        snprintf(what, sizeof what, "%s: %zu recipes over %zu paired rounds", c->cmd, c->nrec, R);
        if (mzc_check_bytes(what, (double)c->nrec * (double)R * sizeof(double)) != 0)
            return MZC_FAIL;
    }
    size_t nbuf = c->nrec + c->nalg + R + 1;
    double *p = calloc(nbuf, sizeof *p);
    size_t *idx = malloc(nbuf * sizeof *idx);
    double *dv = malloc((R + 1) * sizeof *dv), *med = malloc((2 * R + 1) * sizeof *med);
    double *tmp = malloc(most * sizeof *tmp);
    int rc = MZC_FAIL; /* until the end */
    if (!p || !idx || !dv || !med || !tmp)
        goto out;

    /* Recipes. */
    size_t np = 0, maxside = 0, maxpairs = 0;
    double best_rec = 1, best_alg = 1;
    for (size_t k = 0; k < c->nrec; k++) {
        struct recipe *r = &c->rec[k];
        r->ratio = r->lo = r->hi = r->p = r->padj = r->instr = NAN;
        r->med[0] = r->med[1] = NAN;
        if (r->in[0].n && r->in[1].n) {
            double b = median_of(&r->in[0]), n = median_of(&r->in[1]);
            if (isnan(b) || isnan(n))
                goto out;
            r->instr = n / b;
        }
        if (!r->t[0].n || !r->t[1].n) {
            if (r->t[0].n || r->t[1].n)
                c->only[r->t[1].n ? 1 : 0]++;
            continue;
        }
        r->med[0] = median_of(&r->t[0]);
        r->med[1] = median_of(&r->t[1]);
        if (isnan(r->med[0]) || isnan(r->med[1]))
            goto out;
        if (paired) {
            /* Rounds paired: the signed-rank test of the per-round log
             * ratios, the Hodges-Lehmann estimate and its interval. */
            if (recipe_rounds(c, r, dv, med, tmp) != 0)
                goto out;
            if (!r->pairs) { /* no round has both sides' times: nothing to pair */
                c->no_pair++;
                continue;
            }
            sw_ab_sr sr;
            if (sw_ab_signed_rank(dv, r->pairs, &sr) != 0)
                goto out;
            r->p = sr.p;
            r->exact = sr.exact;
            r->ratio = exp(sr.shift);
            r->lo = exp(sr.shift_lo);
            r->hi = exp(sr.shift_hi);
            if (!sr.n) { /* every d_r 0: no signed rank to test */
                r->p = NAN;
                r->note = NOTE_SPREAD;
            }
            interval_or_note(&r->lo, &r->hi, &r->note, NOTE_ROUNDS, NOTE_TIED);
            r->pmin = sw_ab_sr_pmin(r->pairs);
            if (r->pairs > maxpairs)
                maxpairs = r->pairs;
        } else {
            const double *cdf;
            sw_ab_mw mw;
            if (cdf_for(c, r->t[0].n, r->t[1].n, &cdf) != 0 ||
                sw_ab_mann_whitney(r->t[0].v, r->t[0].n, r->t[1].v, r->t[1].n, cdf, &mw) != 0)
                goto out;
            r->p = mw.p;
            r->exact = mw.exact;
            /* The ratio is the point of the interval's own estimate (the
             * median of the m x n log differences), so it always lies
             * inside it; a ratio of medians need not, on clock-quantised
             * times. */
            r->ratio = exp(mw.shift);
            r->lo = exp(mw.shift_lo);
            r->hi = exp(mw.shift_hi);
            if (no_spread(&r->t[0], &r->t[1])) { /* U's variance is 0 */
                r->p = NAN;
                r->note = NOTE_SPREAD;
            }
            interval_or_note(&r->lo, &r->hi, &r->note, NOTE_SAMPLES, NOTE_TIED);
            r->pmin = sw_ab_mw_pmin(r->t[0].n, r->t[1].n, cdf);
        }
        r->tested = true;
        if (r->pmin < best_rec)
            best_rec = r->pmin;
        size_t side = r->t[0].n < r->t[1].n ? r->t[0].n : r->t[1].n;
        if (side > maxside)
            maxside = side;
        idx[np] = k;
        p[np++] = isnan(r->p) ? 1 : r->p;
    }
    if (sw_ab_holm(p, np, p) != 0)
        goto out;
    c->tested[0] = np;
    for (size_t k = 0; k < np; k++) {
        struct recipe *r = &c->rec[idx[k]];
        r->padj = isnan(r->p) ? NAN : p[k];
        r->verdict = sw_ab_verdict(r->ratio, r->padj, c->alpha, c->threshold);
        c->count[0][r->verdict]++;
    }

    /* Algorithms: paired, the mean of the strata's log ratios in each
     * round, tested over the rounds; unpaired, the per-stratum ratios and
     * van Elteren's test stratified by recipe. */
    size_t na = 0, maxstrata = 0;
    for (size_t a = 0; a < c->nalg; a++) {
        struct algo *al = &c->alg[a];
        al->ratio = al->lo = al->hi = al->p = al->padj = al->z = NAN;
        sw_ab_stratum *st = malloc((al->nrec ? al->nrec : 1) * sizeof *st);
        double *ratio = malloc((al->nrec ? al->nrec : 1) * sizeof *ratio);
        if (!st || !ratio) {
            free(st);
            free(ratio);
            goto out;
        }
        size_t ns = 0;
        const struct recipe *only = NULL;
        for (size_t k = 0; k < al->nrec; k++) {
            const struct recipe *r = &c->rec[al->rec[k]];
            if (!r->tested)
                continue;
            st[ns] = (sw_ab_stratum){r->t[0].v, r->t[1].v, r->t[0].n, r->t[1].n};
            ratio[ns++] = r->ratio;
            al->n[0] += r->t[0].n;
            al->n[1] += r->t[1].n;
            only = r;
        }
        al->strata = ns;
        if (ns && paired) {
            size_t nd = 0;
            for (size_t round = 0; round < R; round++) {
                double sum = 0;
                size_t n = 0;
                for (size_t k = 0; k < al->nrec; k++) {
                    const struct recipe *r = &c->rec[al->rec[k]];
                    if (r->tested && !isnan(r->d[round])) {
                        sum += r->d[round];
                        n++;
                    }
                }
                if (n)
                    dv[nd++] = sum / (double)n;
            }
            sw_ab_sr sr;
            if (sw_ab_signed_rank(dv, nd, &sr) != 0) {
                free(st);
                free(ratio);
                goto out;
            }
            al->pairs = nd;
            al->p = sr.p;
            al->exact = sr.exact;
            al->ratio = exp(sr.shift);
            al->lo = exp(sr.shift_lo);
            al->hi = exp(sr.shift_hi);
            if (!sr.n) {
                al->p = NAN;
                al->note = NOTE_SPREAD;
            }
            interval_or_note(&al->lo, &al->hi, &al->note, NOTE_ROUNDS, NOTE_TIED);
            al->pmin = sw_ab_sr_pmin(nd);
        } else if (ns) {
            if (sw_ab_geomean(ratio, ns, &al->ratio, &al->lo, &al->hi) != 0 ||
                sw_ab_van_elteren(st, ns, &al->z, &al->p) != 0) {
                free(st);
                free(ratio);
                goto out;
            }
            if (ns == 1) { /* one stratum: that recipe's own interval */
                al->lo = only->lo;
                al->hi = only->hi;
                al->note = only->note;
            }
            if (isnan(al->p))
                al->note = NOTE_SPREAD;
            interval_or_note(&al->lo, &al->hi, &al->note, NOTE_SAMPLES, NOTE_STRATA_SPREAD);
            al->pmin = sw_ab_ve_pmin(st, ns);
        }
        if (ns) {
            al->tested = true;
            if (al->pmin < best_alg)
                best_alg = al->pmin;
            if (ns > maxstrata)
                maxstrata = ns;
            idx[na] = a;
            p[na++] = isnan(al->p) ? 1 : al->p;
        }
        free(st);
        free(ratio);
    }
    if (sw_ab_holm(p, na, p) != 0)
        goto out;
    c->tested[1] = na;
    for (size_t k = 0; k < na; k++) {
        struct algo *al = &c->alg[idx[k]];
        al->padj = isnan(al->p) ? NAN : p[k];
        al->verdict = sw_ab_verdict(al->ratio, al->padj, c->alpha, c->threshold);
        c->count[1][al->verdict]++;
    }

    /* The summary, by kind: paired, the geometric mean over rounds of each
     * round's mean log ratio of all recipes, with a t-interval over the
     * rounds; unpaired, the geometric mean of the recipe ratios with a
     * t-interval over recipes. */
    for (int kind = 0; kind < 2; kind++) {
        size_t n = 0;
        if (paired) {
            for (size_t round = 0; round < R; round++) {
                double sum = 0;
                size_t m = 0;
                for (size_t k = 0; k < c->nrec; k++) {
                    const struct recipe *r = &c->rec[k];
                    if (r->tested && r->kind == kind && !isnan(r->d[round])) {
                        sum += r->d[round];
                        m++;
                    }
                }
                if (m)
                    p[n++] = exp(sum / (double)m);
            }
        } else {
            for (size_t k = 0; k < c->nrec; k++)
                if (c->rec[k].tested && c->rec[k].kind == kind)
                    p[n++] = c->rec[k].ratio;
        }
        if (sw_ab_geomean(p, n, &c->gm[kind], &c->gm_lo[kind], &c->gm_hi[kind]) != 0)
            goto out;
        if (n)
            interval_or_note(&c->gm_lo[kind], &c->gm_hi[kind], &c->gm_note[kind],
                             paired ? NOTE_ONE_ROUND : NOTE_ONE_RECIPE,
                             paired ? NOTE_SAME_ROUNDS : NOTE_SAME_RECIPES);
    }

    rc = MZC_USAGE;
    if (np == 0) {
        /* rows of different sources are not one recipe: say so when that
         * is why */
        char why[160] = "";
        const unsigned b = c->side[0].rng_seen, n = c->side[1].rng_seen;
        if (b && n && !(b & n) && !((b | n) & 4u))
            snprintf(why, sizeof why, " (their rows were drawn from different random sources, "
                     "%s and %s: the rng column)", mz_rng_name(b & 1u ? MZ_RNG_MULBERRY32
                                                                        : MZ_RNG_SPLITMIX64),
                     mz_rng_name(n & 1u ? MZ_RNG_MULBERRY32 : MZ_RNG_SPLITMIX64));
        mzc_error("%s: '%s' and '%s' have no timed recipe in common%s%s", c->cmd,
                  c->side[0].path, c->side[1].path, paired ? " in the same round" : "", why);
        goto out;
    }
    /* Could any test flag anything? Holm multiplies the smallest p by the
     * family's size. */
    if (!((double)np * best_rec < c->alpha) && !((double)na * best_alg < c->alpha)) {
        if (paired) {
            size_t need = rounds_needed(c, np, na);
            char needs[96] = "more are";
            if (need)
                snprintf(needs, sizeof needs, "at least %zu are", need);
            mzc_error("%s: too few rounds to test: %zu paired rounds, %s needed for %zu "
                      "recipes (%zu algorithms) at alpha %g (scripts/ab.sh --rounds %zu)",
                      c->cmd, maxpairs, needs, np, na, c->alpha, need ? need : 2 * R);
        } else {
            size_t need = samples_needed(c, np, na, maxstrata);
            if (need == SIZE_MAX) {
                rc = MZC_FAIL;
                goto out;
            }
            char needs[64] = "more";
            if (need)
                snprintf(needs, sizeof needs, "at least %zu", need);
            mzc_error("%s: too few samples to test: %zu a side at most, %s a side needed for "
                      "%zu recipes (%zu algorithms) at alpha %g (run the sweep with more --reps, "
                      "or more rounds)",
                      c->cmd, maxside, needs, np, na, c->alpha);
        }
        goto out;
    }
    rc = MZC_OK;
out:
    if (rc == MZC_FAIL)
        mzc_error("%s: out of memory", c->cmd);
    free(p);
    free(idx);
    free(dv);
    free(med);
    free(tmp);
    return rc;
}

/* ---- output ---- */

static int verdict_rank(int v)
{
    return v == SW_AB_SLOWER ? 0 : v == SW_AB_FASTER ? 1 : 2;
}

static const struct compare *sort_c;

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
    const struct recipe *r = sort_c->rec;
    return cmp_order(r[x].verdict, r[x].ratio, x, r[y].verdict, r[y].ratio, y);
}

static int cmp_alg(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    const struct algo *r = sort_c->alg;
    return cmp_order(r[x].verdict, r[x].ratio, x, r[y].verdict, r[y].ratio, y);
}

/* The tested recipes (or algorithms) in report order; *n gets the count. */
static size_t *ordered(const struct compare *c, bool algos, size_t *n)
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

static void summary_lines(FILE *f, const struct compare *c)
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
static int write_text(FILE *f, const struct compare *c)
{
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    fprintf(f, "compare: base '%s'", c->side[0].path);
    if (*c->side[0].commit)
        fprintf(f, " (commit %s)", c->side[0].commit);
    fprintf(f, ", new '%s'", c->side[1].path);
    if (*c->side[1].commit)
        fprintf(f, " (commit %s)", c->side[1].commit);
    char des[64];
    design(c, des, sizeof des);
    fprintf(f, "; %s; alpha %g, threshold %s; %s time\n", des, c->alpha, th,
            c->cpu ? "CPU" : "wall");
    for (size_t k = 0; k < c->ndiff; k++)
        fprintf(f, "%s\n", c->diff[k].line);
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
            const struct recipe *r = level ? &c->rec[c->alg[o[k]].first] : &c->rec[o[k]];
            describe(r, !level, what, sizeof what);
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
                const struct algo *a = &c->alg[o[k]];
                describe(&c->rec[a->first], false, what, sizeof what);
                snprintf(nn, sizeof nn, "%zu", a->strata);
                mb[0] = mn[0] = '\0';
                rr = a->ratio, lo = a->lo, hi = a->hi, pp = a->p, padj = a->padj, v = a->verdict;
                note = a->note;
            } else {
                const struct recipe *r = &c->rec[o[k]];
                describe(r, true, what, sizeof what);
                snprintf(nn, sizeof nn, "%zu/%zu", r->t[0].n, r->t[1].n);
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

static const char *test_name(const struct compare *c, bool algo, size_t k)
{
    bool exact = algo ? c->alg[k].exact : c->rec[k].exact;
    if (c->paired)
        return exact ? "signed-rank-exact" : "signed-rank-normal";
    if (algo)
        return "van-elteren";
    return exact ? "mann-whitney-exact" : "mann-whitney-normal";
}

static int write_csv(FILE *f, const struct compare *c)
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
            const struct algo *a = level ? &c->alg[o[k]] : NULL;
            const struct recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
            fprintf(f, "%s,%s,", level ? "algorithm" : "recipe", kind_name[r->kind]);
            mzo_csv_string(f, level && r->kind == KIND_SOLVE ? "" : r->gen);
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
                fprintf(f, ",1,%zu,%zu,%.1f,%.1f,", r->t[0].n, r->t[1].n, r->med[0], r->med[1]);
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

static int write_json(FILE *f, const struct compare *c)
{
    fputs("{\n  \"base\": {\"file\": ", f);
    mzo_json_string(f, c->side[0].path);
    fputs(", \"commit\": ", f);
    mzo_json_string(f, c->side[0].commit);
    fprintf(f, ", \"rows\": %zu, \"rounds\": %zu},\n  \"new\": {\"file\": ", c->side[0].nrows,
            c->side[0].rounds);
    mzo_json_string(f, c->side[1].path);
    fputs(", \"commit\": ", f);
    mzo_json_string(f, c->side[1].commit);
    fprintf(f, ", \"rows\": %zu, \"rounds\": %zu},\n  \"alpha\": %g, \"threshold\": %g,\n",
            c->side[1].nrows, c->side[1].rounds, c->alpha, c->threshold);
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
            const struct algo *a = level ? &c->alg[o[k]] : NULL;
            const struct recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
            fprintf(f, "%s\n    {\"kind\": \"%s\", \"gen\": ", k ? "," : "", kind_name[r->kind]);
            if (level && r->kind == KIND_SOLVE)
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
            if (r->kind == KIND_SOLVE)
                mzo_json_string(f, r->solver);
            else
                fputs("null", f);
            if (level) {
                fprintf(f, ", \"strata\": %zu, \"n_base\": %zu, \"n_new\": %zu", a->strata,
                        a->n[0], a->n[1]);
            } else {
                fprintf(f, ", \"n_base\": %zu, \"n_new\": %zu, \"median_base_ns\": ", r->t[0].n,
                        r->t[1].n);
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
        mzo_json_string(f, c->diff[k].line);
    }
    fputs(c->ndiff ? "\n  ]\n}\n" : "]\n}\n", f);
    return 0;
}

/* Text in a markdown table cell: '|' and newlines would break the row. */
static void md_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            fputs("\\|", f);
        else if (*s == '\n' || *s == '\r')
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

static int write_markdown(FILE *f, const struct compare *c)
{
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    size_t slow = c->count[0][SW_AB_SLOWER] + c->count[1][SW_AB_SLOWER];
    fprintf(f, "### mazebench compare: %s\n\n",
            slow || c->ndiff_rows ? "**regression**" : "no regression");
    fputs("Base `", f);
    md_cell(f, *c->side[0].commit ? c->side[0].commit : c->side[0].path);
    fputs("`, new `", f);
    md_cell(f, *c->side[1].commit ? c->side[1].commit : c->side[1].path);
    char des[64];
    design(c, des, sizeof des);
    fprintf(f, "`; %s; alpha %g (Holm), threshold %s.\n\n", des, c->alpha, th);
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
            const struct algo *a = level ? &c->alg[o[k]] : NULL;
            const struct recipe *r = level ? &c->rec[a->first] : &c->rec[o[k]];
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
            describe(r, !level, what, sizeof what);
            fmt_ci(ci, sizeof ci, level ? a->lo : r->lo, level ? a->hi : r->hi);
            fprintf(f, "| %s | %s | %s | ", v == SW_AB_SLOWER ? "**slower**" : "faster",
                    level ? "algorithm" : "recipe", kind_name[r->kind]);
            md_cell(f, what);
            fprintf(f, " | %.4f | %s | %.2g |\n", level ? a->ratio : r->ratio, ci,
                    level ? a->padj : r->padj); /* slower or faster: p is defined */
        }
        free(o);
    }
    return 0;
}

static int write_junit(const struct compare *c, FILE *f)
{
    mzc_junit j;
    mzc_junit_init(&j, "mazebench compare");
    char th[32];
    fmt_threshold(th, sizeof th, c->threshold);
    for (int level = 0; level < 2; level++) {
        size_t total = level ? c->nalg : c->nrec;
        for (size_t k = 0; k < total; k++) {
            const struct algo *a = level ? &c->alg[k] : NULL;
            const struct recipe *r = level ? &c->rec[a->first] : &c->rec[k];
            char cls[64], what[1024], msg[512], ci[64];
            snprintf(cls, sizeof cls, "compare.%s%s", level ? "algorithm." : "",
                     kind_name[r->kind]);
            describe(r, !level, what, sizeof what);
            if (!(level ? a->tested : r->tested)) {
                if (!level)
                    mzc_junit_skip(&j, cls, what,
                                   r->t[0].n && r->t[1].n ? "never timed in the same round"
                                                          : "timed in one file only");
                continue;
            }
            int v = level ? a->verdict : r->verdict;
            fmt_ci(ci, sizeof ci, level ? a->lo : r->lo, level ? a->hi : r->hi);
            snprintf(msg, sizeof msg, "%s: time ratio %.4f %s, adjusted p %.2g (alpha %g, "
                     "threshold %s)", verdict_name[v], level ? a->ratio : r->ratio, ci,
                     level ? a->padj : r->padj, c->alpha, th);
            mzc_junit_add(&j, cls, what, v == SW_AB_SLOWER ? msg : NULL, NULL);
        }
    }
    if (c->ndiff == 0)
        mzc_junit_add(&j, "compare.determinism", "every deterministic column", NULL, NULL);
    for (size_t k = 0; k < c->ndiff; k++) {
        char name[64];
        snprintf(name, sizeof name, "difference %zu", k + 1);
        mzc_junit_add(&j, "compare.determinism", name, c->diff[k].line, NULL);
    }
    int rc = mzc_junit_print(&j, f, c->cmd);
    mzc_junit_free(&j);
    return rc;
}

/* The chart: each algorithm's ratio and interval as a horizontal error
 * bar, log scale, the threshold band shaded. gnuplot reads the program
 * on a pipe and writes the picture to its stdout, which is the temporary
 * output file (mzo_out_open) renamed into place when gnuplot succeeds. */
static void chart_program(FILE *g, const struct compare *c, const size_t *ord, size_t n,
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
        const struct algo *a = &c->alg[ord[k]];
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
        const struct algo *a = &c->alg[ord[k]];
        char what[1024];
        describe(&c->rec[a->first], false, what, sizeof what);
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

/* The chart into out, an output of the command (mzc_outs_open), committed
 * with the others when gnuplot succeeded and everything else did. */
static int write_chart(const struct compare *c, FILE *out, const char *path)
{
    size_t len = strlen(path);
    bool png = len > 4 && !strcmp(path + len - 4, ".png");
    size_t n;
    size_t *ord = ordered(c, true, &n);
    if (!ord) {
        mzc_error("%s: out of memory", c->cmd);
        return MZC_FAIL;
    }
    int fd[2];
    if (fflush(out) != 0 || pipe(fd) != 0) {
        free(ord);
        mzc_error("%s: cannot run gnuplot", c->cmd);
        return MZC_FAIL;
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
        mzc_error("%s: cannot run gnuplot", c->cmd);
        return MZC_FAIL;
    }
    /* gnuplot may stop reading on an error: a write then fails, no signal. */
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    chart_program(g, c, ord, n, png);
    fclose(g);
    signal(SIGPIPE, old);
    free(ord);
    int st = 0;
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        mzc_error("%s: gnuplot failed drawing '%s'", c->cmd, path);
        return MZC_FAIL;
    }
    return MZC_OK;
}

/* ---- the command ---- */

/* Bytes a comparison takes, measured: about 2.7 times the two files'
 * bytes at 10^5 rows a file (the text is held twice, as read and as on
 * disk for line numbers, and parsed once more round by round), plus the
 * samples, their rounds and the statistics' sorted copies, which grow with
 * the rows. */
#define COMPARE_BYTES_PER_BYTE 3.0
#define COMPARE_BYTES_PER_ROW 128.0
#define COMPARE_BYTES_FIXED (8.0 * 1048576)

/* The estimate for a file: its bytes and lines counted in 64 KiB reads,
 * nothing held. 0 when it is not a regular file (refused later). */
static double file_need(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    FILE *in = fopen(path, "rb");
    if (!in)
        return 0;
    static char buf[1 << 16];
    double lines = 1;
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0)
        for (const char *p = buf; (p = memchr(p, '\n', got - (size_t)(p - buf))) != NULL; p++)
            lines++;
    fclose(in);
    return COMPARE_BYTES_PER_BYTE * (double)st.st_size + COMPARE_BYTES_PER_ROW * lines;
}

static int parse_fraction(const char *cmd, const char *opt, const char *text, bool percent_ok,
                          double lo, double hi, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (percent_ok && end != text && *end == '%' && end[1] == '\0') {
        v /= 100;
        end++;
    }
    if (end == text || *end || !(v >= lo && v <= hi)) {
        mzc_error("%s: %s '%s' is not a number in [%g, %g]%s", cmd, opt, text, lo, hi,
                  percent_ok ? " (or a percentage: 5%)" : "");
        return -1;
    }
    *out = v;
    return 0;
}

static void release(struct compare *c)
{
    for (int s = 0; s < 2; s++) {
        free(c->side[s].text);
        free(c->side[s].raw);
        free(c->side[s].registry);
        free(c->side[s].commit);
        for (size_t k = 0; c->side[s].header && k < c->side[s].ncols; k++)
            free(c->side[s].header[k]);
        free(c->side[s].header);
    }
    for (size_t k = 0; k < c->nrec; k++) {
        struct recipe *r = &c->rec[k];
        free(r->gen);
        free(r->seed);
        free(r->topo);
        free(r->rows);
        free(r->cols);
        free(r->solver);
        free(r->rng);
        for (int s = 0; s < 2; s++) {
            free(r->t[s].v);
            free(r->in[s].v);
            free(r->rd[s].v);
        }
        free(r->d);
    }
    free(c->rec);
    for (size_t k = 0; k < c->nalg; k++)
        free(c->alg[k].rec);
    free(c->alg);
    for (size_t k = 0; k < c->nref; k++) {
        for (size_t j = 0; j < c->ncmp; j++)
            free(c->ref[k].val[j]);
        free(c->ref[k].val);
    }
    free(c->ref);
    for (size_t k = 0; k < c->ndiff; k++)
        free(c->diff[k].line);
    free(c->diff);
    for (size_t k = 0; k < c->ncdf; k++)
        free(c->cdf[k].cdf);
    free(c->cdf);
    free(c->cmp);
    map_free(&c->rmap);
    map_free(&c->amap);
    map_free(&c->refmap);
    map_free(&c->diffseen);
}

/* The compared columns: those before gen_ns in both files, recipe columns aside. */
static int columns(struct compare *c)
{
    const struct side *b = &c->side[0], *n = &c->side[1];
    c->cmp = calloc(b->ncols ? b->ncols : 1, sizeof *c->cmp);
    if (!c->cmp) {
        mzc_error("%s: out of memory", c->cmd);
        return MZC_FAIL;
    }
    for (size_t k = 0; k < b->at_gns; k++) {
        const char *name = b->header[k];
        size_t j = col_of(n, name);
        if (sw_is_recipe_col(name) || j == SIZE_MAX || j >= n->at_gns)
            continue;
        c->cmp_at[0][c->ncmp] = k;
        c->cmp_at[1][c->ncmp] = j;
        c->cmp[c->ncmp++] = b->header[k];
    }
    for (int s = 0; s < 2; s++)
        c->instr[s] = c->side[s].at_gin != SIZE_MAX || c->side[s].at_sin != SIZE_MAX;
    return MZC_OK;
}

int cmd_compare(int argc, char **argv)
{
    const char *cmd = argv[0];
    const char *path[2] = {NULL, NULL}, *alpha_text = NULL, *threshold_text = NULL;
    const char *time_text = NULL;
    const char *format = NULL, *out = NULL, *junit = NULL, *chart = NULL;
    bool force = false, any_registry = false, opts_done = false;
    for (int k = 1; k < argc; k++) {
        int r = 0;
        if (!opts_done && mzc_flag(argv[k], "--help", "-h")) {
            fputs(compare_help, stdout);
            return MZC_OK;
        }
        if (opts_done || argv[k][0] != '-' || argv[k][1] == '\0') {
            if (path[1]) {
                mzc_error("%s: two files only, BASE and NEW (got '%s' too)", cmd, argv[k]);
                return MZC_USAGE;
            }
            path[path[0] ? 1 : 0] = argv[k];
        } else if (!strcmp(argv[k], "--")) {
            opts_done = true;
        } else if (!strcmp(argv[k], "--force")) {
            if (force) {
                mzc_error("%s: option '--force' given twice", cmd);
                return MZC_USAGE;
            }
            force = true;
        } else if (!strcmp(argv[k], "--any-registry")) {
            if (any_registry) {
                mzc_error("%s: option '--any-registry' given twice", cmd);
                return MZC_USAGE;
            }
            any_registry = true;
        } else if ((r = mzc_opt_once(cmd, argc, argv, &k, "--alpha", &alpha_text, false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--threshold", &threshold_text,
                                     false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--format", &format, false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--out", &out, false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--junit", &junit, false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--chart", &chart, false)) ||
                   (r = mzc_opt_once(cmd, argc, argv, &k, "--time", &time_text, false))) {
            if (r < 0)
                return MZC_USAGE;
        } else {
            mzc_error("%s: unknown option '%s' (see 'mazebench compare --help')", cmd, argv[k]);
            return MZC_USAGE;
        }
    }
    if (!path[1]) {
        mzc_error("%s: two files needed, BASE.csv and NEW.csv (see 'mazebench compare --help')",
                  cmd);
        return MZC_USAGE;
    }
    struct compare c;
    memset(&c, 0, sizeof c);
    c.cmd = cmd;
    c.any_registry = any_registry;
    c.alpha = COMPARE_ALPHA;
    c.threshold = COMPARE_THRESHOLD;
    if ((alpha_text && parse_fraction(cmd, "--alpha", alpha_text, false, 1e-12, 0.5, &c.alpha)) ||
        (threshold_text &&
         parse_fraction(cmd, "--threshold", threshold_text, true, 0, 10, &c.threshold)))
        return MZC_USAGE;
    if (time_text && strcmp(time_text, "wall") && strcmp(time_text, "cpu")) {
        mzc_error("%s: --time '%s': wall or cpu", cmd, time_text);
        return MZC_USAGE;
    }
    c.cpu = time_text && !strcmp(time_text, "cpu");
    if (!format)
        format = "text";
    if (strcmp(format, "text") && strcmp(format, "csv") && strcmp(format, "json") &&
        strcmp(format, "markdown")) {
        mzc_error("%s: unknown format '%s' (valid: text, csv, json, markdown)", cmd, format);
        return MZC_USAGE;
    }
    if (chart) {
        size_t len = strlen(chart);
        if (len < 5 || (strcmp(chart + len - 4, ".png") && strcmp(chart + len - 4, ".svg"))) {
            mzc_error("%s: --chart '%s': name a .png or a .svg file", cmd, chart);
            return MZC_USAGE;
        }
        if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
            mzc_error("%s: --chart needs gnuplot, which was not found (Debian package "
                      "gnuplot-nox)", cmd);
            return MZC_USAGE;
        }
    }
    /* Outputs: none may be an input or another output, none may exist without --force. */
    const char *outs[3] = {out, junit, chart};
    for (int k = 0; k < 3; k++) {
        if (!outs[k])
            continue;
        for (int s = 0; s < 2; s++)
            if (!strcmp(outs[k], path[s]) || mzo_same_file(outs[k], path[s])) {
                mzc_error("%s: '%s' is an input file: it may not be an output too", cmd,
                          outs[k]);
                return MZC_USAGE;
            }
        for (int j = 0; j < k; j++)
            if (outs[j] && !strcmp(outs[j], outs[k])) {
                mzc_error("%s: '%s' named for two outputs", cmd, outs[k]);
                return MZC_USAGE;
            }
        if (!force && access(outs[k], F_OK) == 0) {
            mzc_error("%s: '%s' exists (--force replaces it)", cmd, outs[k]);
            return MZC_USAGE;
        }
    }

    /* Memory, before any of it is allocated. */
    char what[1024];
    snprintf(what, sizeof what, "%s: comparing '%s' and '%s'", cmd, path[0], path[1]);
    if (mzc_check_bytes(what, COMPARE_BYTES_FIXED + file_need(path[0]) + file_need(path[1])) != 0)
        return MZC_FAIL;

    int rc = MZC_OK;
    for (int s = 0; s < 2 && rc == MZC_OK; s++) {
        c.side[s].path = path[s];
        rc = read_side(&c, &c.side[s]);
    }
    if (rc == MZC_OK && !any_registry && strcmp(c.side[0].registry, c.side[1].registry) != 0) {
        mzc_error("%s: different registries: '%s' has '%s', '%s' has '%s' (--any-registry "
                  "compares them anyway)",
                  cmd, path[0], *c.side[0].registry ? c.side[0].registry + 12 : "none", path[1],
                  *c.side[1].registry ? c.side[1].registry + 12 : "none");
        rc = MZC_USAGE;
    }
    if (rc == MZC_OK)
        rc = columns(&c);
    for (int s = 0; s < 2 && rc == MZC_OK; s++)
        rc = load_rows(&c, s);
    /* As many rounds a side, two or more: round r of BASE ran next to
     * round r of NEW, so they pair. */
    if (rc == MZC_OK && c.side[0].rounds == c.side[1].rounds && c.side[0].rounds >= 2) {
        c.paired = true;
        c.rounds = c.side[0].rounds;
    }
    if (rc == MZC_OK)
        rc = analyse(&c);
    if (rc != MZC_OK) {
        release(&c);
        return rc;
    }

    /* The outputs: every file a temporary one, all committed together at
     * the end, after the report reached stdout (when it goes there); a
     * failure anywhere, the stdout report's included, commits none. */
    mzc_outs set;
    mzc_outs_init(&set, cmd);
    FILE *f = stdout, *jf = NULL, *cf = NULL;
    if ((out && !(f = mzc_outs_open(&set, "--out", out, force, &rc))) ||
        (junit && !(jf = mzc_outs_open(&set, "--junit", junit, force, &rc))) ||
        (chart && !(cf = mzc_outs_open(&set, "--chart", chart, force, &rc)))) {
        release(&c);
        return rc;
    }
    int w = !strcmp(format, "text")  ? write_text(f, &c)
            : !strcmp(format, "csv") ? write_csv(f, &c)
            : !strcmp(format, "json") ? write_json(f, &c)
                                      : write_markdown(f, &c);
    if (w != 0) {
        mzc_error("%s: out of memory", cmd);
        rc = MZC_FAIL;
    }
    if (rc == MZC_OK && jf)
        rc = write_junit(&c, jf);
    if (rc == MZC_OK && cf)
        rc = write_chart(&c, cf, chart);
    rc = mzc_outs_finish(&set, rc);
    if (rc == MZC_OK) { /* one note for every figure undefined for its sample */
        size_t nr = 0, na = 0;
        for (size_t k = 0; k < c.nrec; k++)
            nr += c.rec[k].tested && c.rec[k].note;
        for (size_t k = 0; k < c.nalg; k++)
            na += c.alg[k].tested && c.alg[k].note;
        char which[160] = "";
        if (nr)
            snprintf(which, sizeof which, "%zu recipes", nr);
        if (na)
            snprintf(which + strlen(which), sizeof which - strlen(which), "%s%zu algorithms",
                     nr ? ", " : "", na);
        if (c.gm_note[0] || c.gm_note[1])
            snprintf(which + strlen(which), sizeof which - strlen(which), "%sthe summary",
                     nr || na ? ", " : "");
        if (*which)
            fprintf(stderr, "mazebench: %s: note: figures undefined for their sample (%s) are "
                            "n/a (empty in CSV, null in JSON); each one's note says why\n",
                    cmd, which);
    }
    if (rc == MZC_OK && (c.count[0][SW_AB_SLOWER] || c.count[1][SW_AB_SLOWER] || c.ndiff_rows))
        rc = MZC_FAIL;
    release(&c);
    return rc;
}
