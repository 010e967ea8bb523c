/*
 * sweep_plan.c - sweep plans: the embedded default plan, the plan file
 * format, command-line overrides, and the plan as provenance lines.
 *
 * A plan is line-based text (README, "Sweeps"):
 *
 *   # a comment            blank lines and '#' comments are ignored
 *   gen SPEC               a generator spec; an unknown name is an error
 *   gen? SPEC              the same, but skipped with a note on stderr when
 *                          its algorithm is not registered or its
 *                          parameters do not parse (optional variants)
 *   gen all                every registered generator, default parameters
 *   solve SOLVER | solve? SOLVER | solve all    the same for solvers
 *   seeds 464..473         seeds, ranges A..B and single seeds, comma-separated
 *   sizes 31,101,31x61     sizes, N meaning N x N
 *   reps 3                 repetitions of each (generator, size, seed)
 *   limit NAME SIZE        run generator NAME (any parameters or posts) only
 *                          on sizes of at most SIZE's cells: for algorithms
 *                          too slow for the largest size of a plan
 *
 * Specs are kept in canonical form and a recipe listed twice (say 'gen all'
 * and then 'gen frontier:pick=random', the default) runs once, at its
 * first place. seeds and sizes lines add to their lists.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

const char sw_default_plan[] =
    "# The default sweep: every registered generator against every registered\n"
    "# solver, plus the article's variants (skipped when not registered).\n"
    "gen all\n"
    "gen? dfs+braid\n"
    "gen? dfs+braid:keep=0.4,offset=99\n"
    "gen? frontier:pick=random\n"
    "gen? frontier:pick=newest\n"
    "gen? frontier:pick=oldest\n"
    "solve all\n"
    "solve? wall:hand=right\n"
    "solve? astar:k=0\n"
    "solve? astar:k=0.5\n"
    "solve? astar:k=1\n"
    "solve? astar:k=1.5\n"
    "solve? astar:k=2.2\n"
    "solve? astar:k=3\n"
    "seeds 464..473\n"
    "sizes 31x31,101x101,317x317,1001x1001\n"
    "reps 1\n";

static void *grow(void *p, size_t n, size_t size)
{
    void *q = realloc(p, (n + 1) * size);
    if (!q) {
        mzc_error("sweep: out of memory");
        exit(MZC_FAIL);
    }
    return q;
}

static char *dup(const char *s)
{
    char *d = strdup(s);
    if (!d) {
        mzc_error("sweep: out of memory");
        exit(MZC_FAIL);
    }
    return d;
}

bool sw_fixed_size(const mz_spec *s)
{
    return s->n > 0 && (s->stage[0].algo->flags & MZ_F_FIXED_SIZE);
}

bool sw_limited(const sw_plan *p, size_t k, sw_size z)
{
    for (size_t j = 0; j < p->nlimit; j++)
        if (strcmp(p->limit_name[j], p->gspec[k].stage[0].algo->name) == 0 &&
            z.rows * z.cols > p->limit_cells[j])
            return true;
    return false;
}

/* "limit NAME SIZE": an unregistered NAME is fine (the plan may outlive it). */
static int add_limit(sw_plan *p, char *arg, const char *where)
{
    char *size = arg + strcspn(arg, " \t");
    if (*size)
        *size++ = '\0';
    size += strspn(size, " \t");
    uint64_t rows, cols;
    if (*size == '\0') {
        mzc_error("%s'limit' needs a generator name and a size", where);
        return -1;
    }
    if (mzc_parse_size(size, &rows, &cols) != 0)
        return -1;
    p->limit_name = grow(p->limit_name, p->nlimit, sizeof *p->limit_name);
    p->limit_cells = grow(p->limit_cells, p->nlimit, sizeof *p->limit_cells);
    p->limit_name[p->nlimit] = dup(arg);
    p->limit_cells[p->nlimit] = rows * cols;
    p->nlimit++;
    return 0;
}

static void add_gen(sw_plan *p, const mz_spec *spec)
{
    char name[1024];
    mz_spec_format(spec, name, sizeof name);
    for (size_t k = 0; k < p->ngen; k++)
        if (strcmp(p->gen[k], name) == 0)
            return;
    p->gen = grow(p->gen, p->ngen, sizeof *p->gen);
    p->gspec = grow(p->gspec, p->ngen, sizeof *p->gspec);
    p->gen[p->ngen] = dup(name);
    p->gspec[p->ngen] = *spec;
    p->ngen++;
}

static void add_solver(sw_plan *p, const mz_stage *st)
{
    char name[1024];
    mz_stage_format(st, name, sizeof name);
    for (size_t k = 0; k < p->nsolv; k++)
        if (strcmp(p->solv[k], name) == 0)
            return;
    p->solv = grow(p->solv, p->nsolv, sizeof *p->solv);
    p->sstage = grow(p->sstage, p->nsolv, sizeof *p->sstage);
    p->solv[p->nsolv] = dup(name);
    p->sstage[p->nsolv] = *st;
    p->nsolv++;
}

/* One generator or solver entry: "all", or a spec, optional or not. */
static int add_entry(sw_plan *p, bool solver, const char *text, bool optional, const char *where)
{
    char err[1024];
    if (strcmp(text, "all") == 0) {
        for (const mz_algo *const *a = mz_registry; *a; a++) {
            if ((*a)->kind != (solver ? MZ_SOLVER : MZ_GEN))
                continue;
            mz_stage st = {*a, {{0}}};
            mz_args_default(*a, &st.args);
            if (solver) {
                add_solver(p, &st);
            } else {
                mz_spec spec;
                memset(&spec, 0, sizeof spec);
                spec.n = 1;
                spec.stage[0] = st;
                add_gen(p, &spec);
            }
        }
        return 0;
    }
    mz_status s;
    if (solver) {
        mz_stage st;
        s = mz_solver_parse(text, &st, err, sizeof err);
        if (s == MZ_OK)
            add_solver(p, &st);
    } else {
        mz_spec spec;
        s = mz_spec_parse(text, &spec, err, sizeof err);
        if (s == MZ_OK)
            add_gen(p, &spec);
    }
    if (s == MZ_OK)
        return 0;
    if (optional) {
        fprintf(stderr, "mazebench: sweep: note: skipping %s '%s': %s\n",
                solver ? "solver" : "generator", text, err);
        return 0;
    }
    mzc_error("%s%s", where, err);
    return -1;
}

/* Split a comma-separated list of specs: a piece whose first of '=', ':'
 * and '+' is '=' continues the previous spec's parameters
 * ("dfs+braid:keep=0.4,offset=99,dfs" is two specs). fn gets each. */
static int each_spec(sw_plan *p, bool solver, const char *list)
{
    char *buf = dup(list);
    size_t cap = strlen(list) + 1;
    char *cur = malloc(cap);
    if (!cur) {
        free(buf);
        mzc_error("sweep: out of memory");
        return -1;
    }
    cur[0] = '\0';
    int rc = 0;
    char *save = NULL;
    for (char *piece = strtok_r(buf, ",", &save); piece; piece = strtok_r(NULL, ",", &save)) {
        size_t first = strcspn(piece, "=:+");
        if (piece[first] == '=' && cur[0]) {
            strcat(cur, ",");
            strcat(cur, piece);
            continue;
        }
        if (cur[0] && add_entry(p, solver, cur, false, "") != 0)
            rc = -1;
        strcpy(cur, piece);
    }
    if (cur[0] && add_entry(p, solver, cur, false, "") != 0)
        rc = -1;
    free(cur);
    free(buf);
    return rc;
}

static int add_seeds(sw_plan *p, const char *list, const char *where)
{
    char *buf = dup(list), *save = NULL;
    int rc = 0;
    for (char *piece = strtok_r(buf, ",", &save); piece && rc == 0;
         piece = strtok_r(NULL, ",", &save)) {
        char *dots = strstr(piece, "..");
        uint32_t a, b;
        if (dots)
            *dots = '\0';
        if (mzc_parse_seed(piece, &a) != 0 || (dots && mzc_parse_seed(dots + 2, &b) != 0)) {
            rc = -1;
            break;
        }
        if (!dots)
            b = a;
        if (b < a) {
            mzc_error("%sseed range '%s..%s' runs backwards", where, piece, dots + 2);
            rc = -1;
            break;
        }
        for (uint64_t s = a; s <= b; s++) {
            p->seed = grow(p->seed, p->nseed, sizeof *p->seed);
            p->seed[p->nseed++] = (uint32_t)s;
        }
    }
    free(buf);
    return rc;
}

static int add_sizes(sw_plan *p, const char *list)
{
    char *buf = dup(list), *save = NULL;
    int rc = 0;
    for (char *piece = strtok_r(buf, ",", &save); piece; piece = strtok_r(NULL, ",", &save)) {
        sw_size z;
        if (mzc_parse_size(piece, &z.rows, &z.cols) != 0) {
            rc = -1;
            break;
        }
        p->size = grow(p->size, p->nsize, sizeof *p->size);
        p->size[p->nsize++] = z;
    }
    free(buf);
    return rc;
}

int sw_plan_set_reps(sw_plan *p, const char *text)
{
    return mzc_parse_u64("reps", text, 1, 1000000, &p->reps);
}

static void clear_gens(sw_plan *p)
{
    for (size_t k = 0; k < p->ngen; k++)
        free(p->gen[k]);
    p->ngen = 0;
}

static void clear_solvers(sw_plan *p)
{
    for (size_t k = 0; k < p->nsolv; k++)
        free(p->solv[k]);
    p->nsolv = 0;
}

int sw_plan_set_gens(sw_plan *p, const char *list)
{
    clear_gens(p);
    return each_spec(p, false, list);
}

int sw_plan_set_solvers(sw_plan *p, const char *list)
{
    clear_solvers(p);
    return each_spec(p, true, list);
}

int sw_plan_set_seeds(sw_plan *p, const char *list)
{
    p->nseed = 0;
    return add_seeds(p, list, "");
}

int sw_plan_set_sizes(sw_plan *p, const char *list)
{
    p->nsize = 0;
    return add_sizes(p, list);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

int sw_plan_parse(sw_plan *p, const char *text, const char *what)
{
    memset(p, 0, sizeof *p);
    p->reps = 1;
    char *buf = dup(text);
    int rc = 0, lineno = 0;
    /* Split by hand: strtok_r would skip blank lines and lose the numbering. */
    for (char *line = buf; line && rc == 0;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        char *s = trim(line);
        line = nl ? nl + 1 : NULL;
        if (*s == '\0' || *s == '#')
            continue;
        char *arg = s + strcspn(s, " \t");
        if (*arg)
            *arg++ = '\0';
        arg = trim(arg);
        char where[256];
        snprintf(where, sizeof where, "%s:%d: ", what, lineno);
        if (*arg == '\0') {
            mzc_error("%s'%s' needs a value", where, s);
            rc = -1;
        } else if (strcmp(s, "gen") == 0 || strcmp(s, "gen?") == 0) {
            rc = add_entry(p, false, arg, s[3] == '?', where);
        } else if (strcmp(s, "solve") == 0 || strcmp(s, "solve?") == 0) {
            rc = add_entry(p, true, arg, s[5] == '?', where);
        } else if (strcmp(s, "seeds") == 0) {
            rc = add_seeds(p, arg, where);
        } else if (strcmp(s, "sizes") == 0) {
            rc = add_sizes(p, arg);
        } else if (strcmp(s, "reps") == 0) {
            rc = sw_plan_set_reps(p, arg);
        } else if (strcmp(s, "limit") == 0) {
            rc = add_limit(p, arg, where);
        } else {
            mzc_error("%sunknown plan line '%s' (valid: gen, gen?, solve, solve?, seeds, "
                      "sizes, reps, limit)", where, s);
            rc = -1;
        }
        if (rc != 0 && (strcmp(s, "sizes") == 0 || strcmp(s, "reps") == 0 ||
                        strcmp(s, "seeds") == 0 || strcmp(s, "limit") == 0))
            fprintf(stderr, "mazebench: (in %s, line %d)\n", what, lineno);
    }
    free(buf);
    return rc;
}

void sw_plan_write(FILE *f, const sw_plan *p)
{
    for (size_t k = 0; k < p->ngen; k++)
        fprintf(f, "# plan: gen %s\n", p->gen[k]);
    for (size_t k = 0; k < p->nsolv; k++)
        fprintf(f, "# plan: solve %s\n", p->solv[k]);
    /* Seeds as runs A..B, so the default plan stays one short line. */
    fputs("# plan: seeds ", f);
    for (size_t k = 0; k < p->nseed;) {
        size_t j = k;
        while (j + 1 < p->nseed && p->seed[j + 1] == p->seed[j] + 1)
            j++;
        fprintf(f, "%s%lu", k ? "," : "", (unsigned long)p->seed[k]);
        if (j > k)
            fprintf(f, "..%lu", (unsigned long)p->seed[j]);
        k = j + 1;
    }
    fputs("\n# plan: sizes ", f);
    for (size_t k = 0; k < p->nsize; k++)
        fprintf(f, "%s%llux%llu", k ? "," : "", (unsigned long long)p->size[k].rows,
                (unsigned long long)p->size[k].cols);
    fprintf(f, "\n# plan: reps %llu\n", (unsigned long long)p->reps);
    for (size_t k = 0; k < p->nlimit; k++)
        fprintf(f, "# plan: limit %s %llu cells\n", p->limit_name[k],
                (unsigned long long)p->limit_cells[k]);
}

void sw_plan_free(sw_plan *p)
{
    clear_gens(p);
    clear_solvers(p);
    free(p->gen);
    free(p->gspec);
    free(p->solv);
    free(p->sstage);
    free(p->seed);
    free(p->size);
    for (size_t k = 0; k < p->nlimit; k++)
        free(p->limit_name[k]);
    free(p->limit_name);
    free(p->limit_cells);
    memset(p, 0, sizeof *p);
}
