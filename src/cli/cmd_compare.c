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
 * src/sweep/stats_ab.c; the reading, pairing and analysis
 * src/tools/compare.c; the writers src/report/compare_out.c; this file
 * holds the options.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "opts.h"
#include "out/out.h"
#include "report/compare_out.h"
#include "stats_ab.h"
#include "sweep.h"
#include "tools/tools.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The default of --threshold: changes smaller than this are 'unchanged'
 * even when significant. */
#define COMPARE_THRESHOLD 0.05
#define COMPARE_ALPHA 0.05
/* The default of --outside-threshold: an outside program's whole-process
 * wall times vary more than that between interleaved rounds of the same
 * program on a loaded machine (docs/compare.md, "The noise floor of whole-
 * process timing"). */
#define COMPARE_OUTSIDE_THRESHOLD 0.10

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

int cmd_compare(int argc, char **argv)
{
    const char *cmd = argv[0];
    const char *path[2] = {NULL, NULL}, *alpha_text = NULL, *threshold_text = NULL;
    const char *time_text = NULL, *outside_text = NULL;
    const char *format = NULL, *out = NULL, *junit = NULL, *chart = NULL;
    bool force = false, any_registry = false;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_compare, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("%s: unknown option '%s' (see 'mazebench compare --help')", cmd, a.value);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (path[1]) {
                mzc_error("%s: two files only, BASE and NEW (got '%s' too)", cmd, a.value);
                return MZC_USAGE;
            }
            path[path[0] ? 1 : 0] = a.value;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        static const char *const names[] = {"--alpha", "--threshold", "--outside-threshold",
                                            "--format", "--out", "--junit", "--chart", "--time"};
        const char **slots[] = {&alpha_text, &threshold_text, &outside_text, &format,
                                &out,        &junit,          &chart,        &time_text};
        size_t j = 0;
        while (j < sizeof names / sizeof names[0] && strcmp(name, names[j]) != 0)
            j++;
        if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--any-registry") == 0) {
            any_registry = true;
        } else if (j < sizeof names / sizeof names[0]) {
            *slots[j] = a.value;
        } else {
            mzc_error("%s: option '%s' is not handled", cmd, name);
            return MZC_USAGE;
        }
    }
    if (!path[1]) {
        mzc_error("%s: two files needed, BASE.csv and NEW.csv (see 'mazebench compare --help')",
                  cmd);
        return MZC_USAGE;
    }
    mzt_compare c;
    mzt_cmp_init(&c);
    c.cmd = cmd;
    c.any_registry = any_registry;
    c.alpha = COMPARE_ALPHA;
    c.threshold = COMPARE_THRESHOLD;
    c.outside_threshold = COMPARE_OUTSIDE_THRESHOLD;
    if ((alpha_text && parse_fraction(cmd, "--alpha", alpha_text, false, 1e-12, 0.5, &c.alpha)) ||
        (threshold_text &&
         parse_fraction(cmd, "--threshold", threshold_text, true, 0, 10, &c.threshold)) ||
        (outside_text && parse_fraction(cmd, "--outside-threshold", outside_text, true, 0, 10,
                                        &c.outside_threshold)))
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

    mzt_err err;
    const char *const paths[2] = {path[0], path[1]};
    int rc = mzt_cmp_read(&c, paths, &err);
    /* Paired, every recipe keeps one log ratio a round: recipes times
     * rounds, which the files' estimate does not bound when the rounds
     * hold different recipes. */
    if (rc == MZC_OK && c.paired) {
        snprintf(what, sizeof what, "%s: %zu recipes over %zu paired rounds", cmd, c.nrec,
                 c.rounds);
        if (mzc_check_bytes(what, (double)c.nrec * (double)c.rounds * sizeof(double)) != 0) {
            mzt_cmp_free(&c);
            return MZC_FAIL;
        }
    }
    if (rc == MZC_OK)
        rc = mzt_cmp_analyse(&c, &err);
    if (rc != MZC_OK) {
        mzc_error("%s: %s", cmd, err.msg);
        mzt_cmp_free(&c);
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
        mzt_cmp_free(&c);
        return rc;
    }
    if (mzr_compare_write(f, &c, format) != 0) {
        mzc_error("%s: out of memory", cmd);
        rc = MZC_FAIL;
    }
    char err2[512];
    if (rc == MZC_OK && ((jf && mzr_compare_junit(&c, jf, err2, sizeof err2) != MZO_OK) ||
                         (cf && mzr_compare_chart(&c, cf, chart, err2, sizeof err2) != MZO_OK))) {
        mzc_error("%s: %s", cmd, err2);
        rc = MZC_FAIL;
    }
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
    mzt_cmp_free(&c);
    return rc;
}
