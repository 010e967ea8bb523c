/* util.c - option parsing, value checks, clocks and memory for the CLI. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "../mazebench_bench.h"
#include "sweep.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* A message held by mzc_error_hold, printed by mzc_error_release. */
static struct {
    bool on, any;
    char msg[2048];
} held;

void mzc_error(const char *fmt, ...)
{
    /* One line whatever the message quotes: a control character from the
     * input (a newline in a size, a tab in a plan line) is shown as '?'. */
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (char *c = msg; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    if (held.on) { /* the first one is kept; a command's error is one line */
        if (!held.any)
            memcpy(held.msg, msg, sizeof msg);
        held.any = true;
        return;
    }
    fprintf(stderr, "mazebench: %s\n", msg);
}

void mzc_error_hold(void)
{
    held.on = true;
    held.any = false;
}

bool mzc_error_release(const char *suffix)
{
    held.on = false;
    if (!held.any)
        return false;
    held.any = false;
    if (suffix && *suffix)
        mzc_error("%s; %s", held.msg, suffix);
    else
        mzc_error("%s", held.msg);
    return true;
}

int mzc_flag(const char *arg, const char *name, const char *shortname)
{
    return strcmp(arg, name) == 0 || (shortname && strcmp(arg, shortname) == 0);
}

int mzc_parse_u64(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    switch (mzu_parse_u64(text, min, max, 0, out)) {
    case MZU_INT_OK:
        return 0;
    case MZU_INT_OVERFLOW:
    case MZU_INT_RANGE:
        mzc_error("%s '%s' is out of range [%llu, %llu]", what, text, (unsigned long long)min,
                  (unsigned long long)max);
        return -1;
    case MZU_INT_EMPTY:
    case MZU_INT_SIGN:
    case MZU_INT_NOT_DIGIT:
    case MZU_INT_JUNK:
        break;
    }
    mzc_error("%s '%s' is not a non-negative integer", what, text);
    return -1;
}

int mzc_parse_seed(const char *text, uint64_t *seed)
{
    return mzc_parse_u64("seed", text, 0, UINT64_MAX, seed);
}

int mzc_parse_rng(const char *cmd, const char *text, mz_rng_kind *want)
{
    if (!text || strcmp(text, "auto") == 0) {
        *want = MZ_RNG_AUTO;
        return 0;
    }
    if (mz_rng_parse(text, want) == MZ_OK)
        return 0;
    mzc_error("%s: unknown random source '%s' (valid: auto, mulberry32, splitmix64)", cmd, text);
    return -1;
}

int mzc_rng_seed_check(const char *cmd, mz_rng_kind want, uint64_t seed)
{
    if (want != MZ_RNG_MULBERRY32 || seed <= UINT32_MAX)
        return 0;
    mzc_error("%s: seed %llu is past mulberry32's 32 bits: choose the splitmix64 source "
              "instead (--rng splitmix64)", cmd, (unsigned long long)seed);
    return -1;
}

mz_rng_kind mzc_rng_for_seed(mz_rng_kind want, uint64_t seed)
{
    if (want == MZ_RNG_SPLITMIX64 || (want == MZ_RNG_AUTO && seed > UINT32_MAX))
        return MZ_RNG_SPLITMIX64;
    return MZ_RNG_MULBERRY32;
}

int mzc_resolve_rng_note(const char *cmd, mz_rng_kind want, mz_spec *spec, const mz_dims *geo,
                         uint64_t seed, char *note, size_t notelen)
{
    bool switched;
    char why[400];
    note[0] = '\0';
    if (mz_rng_resolve(spec, geo, seed, want, &switched, why, sizeof why) != MZ_OK) {
        mzc_error("%s: %s (--rng splitmix64)", cmd, why);
        return -1;
    }
    if (switched)
        snprintf(note, notelen, "mazebench: %s: note: %s (docs/random.md)\n", cmd, why);
    return 0;
}

int mzc_resolve_rng(const char *cmd, mz_rng_kind want, mz_spec *spec, const mz_dims *geo,
                    uint64_t seed)
{
    char note[512];
    if (mzc_resolve_rng_note(cmd, want, spec, geo, seed, note, sizeof note) != 0)
        return -1;
    fputs(note, stderr);
    return 0;
}

int mzc_parse_grid(const char *text, mz_dims *geo)
{
    mz_status s = mz_dims_parse(text, geo);
    if (s == MZ_ETOOBIG) {
        mzc_error("size '%s' is too large (at most 2^40 cells, 2^20 polar rings)", text);
        return -1;
    }
    if (s == MZ_ENOTFOUND) {
        char names[128];
        mzc_error("size '%s': unknown shape (known: %s)", text,
                  mz_shape_names(names, sizeof names));
        return -1;
    }
    if (s != MZ_OK) {
        /* the syntax of the shape the text names, or of every shape */
        char sizes[512], name[32];
        const char *colon = strchr(text, ':');
        mz_shape named;
        const size_t nlen = colon ? (size_t)(colon - text) : 0;
        if (colon && nlen < sizeof name) {
            memcpy(name, text, nlen);
            name[nlen] = '\0';
        }
        if (colon && nlen < sizeof name && mz_shape_parse(name, &named) == MZ_OK)
            snprintf(sizes, sizeof sizes, "%s", mz_shape_syntax(named));
        else
            mz_shape_syntaxes(sizes, sizeof sizes);
        mzc_error("size '%s' is not %s, each number from 1 to 4294967296", text, sizes);
        return -1;
    }
    return 0;
}

int mzc_check_runs_on(const mz_spec *spec, const mz_stage *st, const mz_dims *geo)
{
    char why[512];
    sw_size z = {geo->rows, geo->cols, geo->shape, geo->levels};
    if (!sw_refuses(spec, spec ? NULL : st, z, why, sizeof why))
        return 0;
    mzc_error("%s", why);
    return -1;
}

int mzc_check_bytes(const char *what, double need)
{
    mzu_budget b;
    mzu_mem_budget(&b);
    switch (mzu_budget_fits(&b, need)) {
    case MZU_PAST_MACHINE:
        mzc_error("%s needs about %.1f GiB, more than this machine's %.1f GiB", what,
                  need / 1073741824.0, (double)b.machine / 1073741824.0);
        return -1;
    case MZU_PAST_LIMIT:
        mzc_error("%s needs about %.1f MiB, more than the %.1f MiB the address-space limit "
                  "(ulimit -v) leaves",
                  what, need / 1048576.0, (double)b.as_left / 1048576.0);
        return -1;
    case MZU_FITS:
        break;
    }
    return 0;
}

int mzc_check_estimate(const mz_dims *geo, const mz_algo *const *algos, size_t n,
                       unsigned parts)
{
    mz_dims g = *geo;
    mz_dims_cells(&g);
    char what[128];
    size_t at = (size_t)snprintf(what, sizeof what, "a ");
    mz_dims_format(&g, what + at, sizeof what - at);
    strncat(what, " grid", sizeof what - strlen(what) - 1);
    uint64_t need = mz_estimate_bytes(algos, n, &g, parts);
    return mzc_check_bytes(what, (double)need);
}

int mzc_check_memory(const mz_dims *geo, const mz_algo *const *algos, size_t n)
{
    return mzc_check_estimate(geo, algos, n, MZ_EST_FIGURES);
}

int mzc_check_cells(const mz_stage *st, const mz_dims *geo)
{
    char err[512];
    if (mz_solver_fits(st, geo, err, sizeof err) == MZ_EPARAM) {
        mzc_error("%s", err);
        return -1;
    }
    return 0;
}

int mzc_parse_recipe(const char *gen, const char *solver, mz_spec *spec, mz_stage *st,
                     const mz_algo **algos, size_t *nalgos)
{
    char err[1024];
    if (mz_spec_parse(gen, spec, err, sizeof err) != MZ_OK ||
        (solver && mz_solver_parse(solver, st, err, sizeof err) != MZ_OK)) {
        mzc_error("%s", err);
        return -1;
    }
    *nalgos = 0;
    for (unsigned k = 0; k < spec->n; k++)
        algos[(*nalgos)++] = spec->stage[k].algo;
    if (solver)
        algos[(*nalgos)++] = st->algo;
    return 0;
}

uint64_t mzc_peak_rss_kb(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (uint64_t)ru.ru_maxrss;
}

uint64_t mzc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int mzc_trace_csv(void *user, const mz_step *s)
{
    FILE *f = user;
    int r;
    if (s->dir >= 0)
        r = fprintf(f, "%llu,%s,%llu,%d,%llu\n", (unsigned long long)s->step, s->op,
                    (unsigned long long)s->cell, s->dir, (unsigned long long)s->size);
    else
        r = fprintf(f, "%llu,%s,%llu,,%llu\n", (unsigned long long)s->step, s->op,
                    (unsigned long long)s->cell, (unsigned long long)s->size);
    return r < 0;
}

int mzc_refuse_repeats(const char *cmd, int argc, char **argv)
{
    for (int k = 1; k < argc; k++) {
        const char *a = argv[k];
        if (strcmp(a, "--") == 0)
            break; /* the end of the options (sweep's PLAN named -x.plan) */
        if (a[0] != '-' || a[1] != '-' || a[2] == '\0')
            continue;
        size_t n = strcspn(a, "=");
        for (int j = 1; j < k; j++) {
            if (strcmp(argv[j], "--") == 0)
                break;
            if (strncmp(argv[j], a, n) == 0 && (argv[j][n] == '\0' || argv[j][n] == '=')) {
                mzc_error("%s: option '%.*s' given twice", cmd, (int)n, a);
                return -1;
            }
        }
    }
    return 0;
}

int mzc_flush_stdout(const char *cmd)
{
    static bool reported;
    if ((fflush(stdout) != 0 || ferror(stdout)) && !reported) {
        reported = true;
        mzc_error("%s: cannot write to stdout: %s", cmd, strerror(errno));
        return MZC_FAIL;
    }
    return reported ? MZC_FAIL : MZC_OK;
}

int mzc_fixed_size(const mz_spec *spec, uint64_t seed, uint64_t *rows, uint64_t *cols)
{
    if (spec->n == 0 || !(spec->stage[0].algo->flags & MZ_F_FIXED_SIZE))
        return 0;
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_extra x;
    memset(&x, 0, sizeof x);
    mz_status s = mz_generate(spec, seed, MZ_SQUARE(1, 1), &g, MZ_GEN_OPTS(1, NULL, &x));
    if (s == MZ_OK) {
        *rows = g.rows;
        *cols = g.cols;
    }
    mz_grid_free(&g);
    if (s != MZ_OK) {
        mzc_error("fixed-size generator '%s' failed: %s", spec->stage[0].algo->name,
                  mz_status_str(s));
        return -1;
    }
    return 1;
}

void mzc_outs_init(mzc_outs *s, const char *cmd)
{
    memset(s, 0, sizeof *s);
    s->cmd = cmd;
}

FILE *mzc_outs_open(mzc_outs *s, const char *opt, const char *path, bool force, int *rc)
{
    if (strcmp(path, "-") == 0) {
        mzc_error("%s: %s '-': stdout already carries the result; give a file name "
                  "('./-' for a file named '-')",
                  s->cmd, opt);
        *rc = MZC_USAGE;
        mzc_outs_abort(s);
        return NULL;
    }
    for (size_t k = 0; k < s->n; k++)
        if (strcmp(s->o[k].path, path) == 0 || mzo_same_file(s->o[k].path, path)) {
            mzc_error("%s: %s '%s' is already another output of the command", s->cmd, opt,
                      path);
            *rc = MZC_USAGE;
            mzc_outs_abort(s);
            return NULL;
        }
    mzo_out *o = realloc(s->o, (s->n + 1) * sizeof *o);
    if (!o) {
        mzc_error("%s: out of memory", s->cmd);
        *rc = MZC_FAIL;
        mzc_outs_abort(s);
        return NULL;
    }
    s->o = o;
    char err[1024];
    int r = mzo_out_open(&s->o[s->n], path, force ? MZO_OUT_FORCE : 0, err, sizeof err);
    if (r != SW_OK) {
        mzc_error("%s: %s", s->cmd, err);
        *rc = r == SW_BAD ? MZC_USAGE : MZC_FAIL;
        mzc_outs_abort(s); /* the command ends here: none of its files */
        return NULL;
    }
    return s->o[s->n++].f;
}

void mzc_outs_abort(mzc_outs *s)
{
    for (size_t k = 0; k < s->n; k++)
        mzo_out_abort(&s->o[k]);
    free(s->o);
    s->o = NULL;
    s->n = 0;
}

int mzc_outs_finish(mzc_outs *s, int rc)
{
    if (rc == MZC_OK)
        rc = mzc_flush_stdout(s->cmd);
    if (rc == MZC_OK && s->n) {
        mzo_out **o = malloc(s->n * sizeof *o);
        char err[1024];
        if (!o) {
            mzc_error("%s: out of memory", s->cmd);
            rc = MZC_FAIL;
        } else {
            for (size_t k = 0; k < s->n; k++)
                o[k] = &s->o[k];
            if (mzo_outs_commit(o, s->n, err, sizeof err) != SW_OK) {
                mzc_error("%s: %s", s->cmd, err);
                rc = MZC_FAIL;
            }
            free(o);
        }
    }
    mzc_outs_abort(s); /* what is left: none on success */
    return rc;
}

void mzc_keep_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            int n = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
            if (n >= 0 && n != fd) { /* a lower one was closed too: it is taken in turn */
                dup2(n, fd);
                close(n);
            }
        }
}
