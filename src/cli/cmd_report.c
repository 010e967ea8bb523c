/*
 * cmd_report.c - mazebench report: one self-contained HTML report of a
 * run's files, and its tables as markdown, LaTeX and CSV
 * (src/report/report.h, docs/report.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "opts.h"

#include "../report/report.h"
#include "../util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "WxH" into *w, *h (200..5000 each). */
static int parse_size(const char *text, double *w, double *h)
{
    const char *x = strchr(text, 'x');
    if (!x)
        return -1;
    char a[32];
    size_t n = (size_t)(x - text);
    if (n == 0 || n >= sizeof a)
        return -1;
    memcpy(a, text, n);
    a[n] = '\0';
    uint64_t wv, hv;
    if (mzu_parse_u64(a, 200, 5000, 0, &wv) != MZU_INT_OK ||
        mzu_parse_u64(x + 1, 200, 5000, 0, &hv) != MZU_INT_OK)
        return -1;
    *w = (double)wv;
    *h = (double)hv;
    return 0;
}

/* Are a and b one file: the same name, the same file (both exist), or the
 * same name in the same folder (a file not made yet, spelt two ways)? */
static bool same_target(const char *a, const char *b)
{
    if (!strcmp(a, b) || mzo_same_file(a, b))
        return true;
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    const char *na = sa ? sa + 1 : a, *nb = sb ? sb + 1 : b;
    if (strcmp(na, nb) != 0 || !*na)
        return false;
    char da[4096], db[4096];
    snprintf(da, sizeof da, "%.*s", sa ? (int)(sa - a) + 1 : 1, sa ? a : ".");
    snprintf(db, sizeof db, "%.*s", sb ? (int)(sb - b) + 1 : 1, sb ? b : ".");
    return mzo_same_file(da, db);
}

/* MZC_USAGE (one line) when path is one of the report's inputs: an output
 * never replaces what it is made from. */
static int not_an_input(const mzr_report *r, const char *path)
{
    for (size_t k = 0; k < r->nused + r->nleft; k++) {
        const char *in = k < r->nused ? r->used[k] : r->left[k - r->nused].path;
        if (same_target(in, path)) {
            mzc_error("report: '%s' is an input file: it may not be an output too", path);
            return MZC_USAGE;
        }
    }
    return MZC_OK;
}

/* MZC_USAGE (one line) when a folder's file is already another output
 * (--md DIR/run.csv with --csv DIR). */
static int not_an_output(const mzc_outs *outs, const char *opt, const char *path)
{
    for (size_t k = 0; k < outs->n; k++)
        if (same_target(outs->o[k].path, path)) {
            mzc_error("report: %s '%s' is already another output of the command", opt, path);
            return MZC_USAGE;
        }
    return MZC_OK;
}

int cmd_report(int argc, char **argv)
{
    const char *out = NULL, *md = NULL, *tex = NULL, *csv = NULL, *charts = NULL,
               *size = NULL;
    bool force = false;
    const char **inputs = calloc((size_t)argc, sizeof *inputs);
    size_t ninputs = 0;
    if (!inputs) {
        mzc_error("report: out of memory");
        return MZC_FAIL;
    }
    int rc = MZC_OK;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_report, argc, argv);
    for (int id; rc == MZC_OK && (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        if (id == MZC_ARGS_HELP) {
            free(inputs);
            return mzc_flush_stdout("report");
        }
        if (id == MZC_ARGS_ERROR) {
            rc = MZC_USAGE;
            break;
        }
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("report: unknown option '%s' (see 'mazebench report --help')", a.value);
            rc = MZC_USAGE;
            break;
        }
        if (id == MZC_ARGS_OPERAND) {
            inputs[ninputs++] = a.value;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        static const char *const names[] = {"--out", "--md",     "--tex",
                                            "--csv", "--charts", "--chart-size"};
        const char **slots[] = {&out, &md, &tex, &csv, &charts, &size};
        size_t j = 0;
        while (j < 6 && strcmp(name, names[j]) != 0)
            j++;
        if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (j < 6) {
            *slots[j] = a.value;
        } else {
            mzc_error("report: option '%s' is not handled", name);
            rc = MZC_USAGE;
        }
    }
    if (rc == MZC_OK && !ninputs) {
        mzc_error("report: no input: give a results folder or files (see 'mazebench report "
                  "--help')");
        rc = MZC_USAGE;
    }
    if (rc == MZC_OK && !out) {
        mzc_error("report: --out FILE.html is required");
        rc = MZC_USAGE;
    }
    double cw = 720, ch = 405;
    if (rc == MZC_OK && size && parse_size(size, &cw, &ch) != 0) {
        mzc_error("report: --chart-size '%s': not WxH with W and H from 200 to 5000", size);
        rc = MZC_USAGE;
    }
    /* Each output a path of its own: two options naming one file or folder
     * would have one replace the other (or a file renamed over a folder). */
    const char *opath[5] = {out, md, tex, csv, charts};
    static const char *const oname[5] = {"--out", "--md", "--tex", "--csv", "--charts"};
    for (int a = 0; a < 5 && rc == MZC_OK; a++)
        for (int b = a + 1; b < 5 && rc == MZC_OK && opath[a]; b++)
            if (opath[b] && same_target(opath[a], opath[b])) {
                mzc_error("report: %s '%s' is also %s: each output needs a path of its own",
                          oname[b], opath[b], oname[a]);
                rc = MZC_USAGE;
            }
    if (rc != MZC_OK) {
        free(inputs);
        return rc;
    }

    /* The named files first: an existing one is refused before any work. */
    mzc_outs outs;
    mzc_outs_init(&outs, "report");
    FILE *fh = mzc_outs_open(&outs, "--out", out, force, &rc);
    FILE *fm = fh && md ? mzc_outs_open(&outs, "--md", md, force, &rc) : NULL;
    FILE *ft = fh && (!md || fm) && tex ? mzc_outs_open(&outs, "--tex", tex, force, &rc) : NULL;
    if (!fh || (md && !fm) || (tex && !ft)) {
        free(inputs);
        return rc;
    }
    struct stat st;
    const char *dirs[2] = {csv, charts}, *dir_opt[2] = {"--csv", "--charts"};
    for (int k = 0; k < 2 && rc == MZC_OK; k++)
        if (dirs[k] && stat(dirs[k], &st) == 0 && !S_ISDIR(st.st_mode)) {
            mzc_error("report: %s '%s' is not a folder", dir_opt[k], dirs[k]);
            rc = MZC_USAGE;
        }
    /* nor an input folder: its files would be read as inputs next time */
    for (int k = 0; k < 2 && rc == MZC_OK; k++)
        for (size_t j = 0; dirs[k] && j < ninputs && rc == MZC_OK; j++)
            if (same_target(inputs[j], dirs[k])) {
                mzc_error("report: %s '%s' is an input: an output may not be one too",
                          dir_opt[k], dirs[k]);
                rc = MZC_USAGE;
            }
    if (rc != MZC_OK) {
        mzc_outs_abort(&outs);
        free(inputs);
        return rc;
    }

    mzr_report r;
    mzr_report_init(&r);
    char err[1024] = "";
    /* several runs (run folders, a folder of them): a history section */
    if (mzr_report_add_inputs(&r, inputs, ninputs) != MZO_OK) {
        mzc_error("report: out of memory reading the inputs");
        rc = MZC_FAIL;
    }
    if (rc == MZC_OK && mzr_report_finish(&r, err, sizeof err) != MZO_OK) {
        mzc_error("report: %s", err);
        rc = MZC_FAIL;
    }
    /* No output may be an input (a folder's files included). */
    for (size_t k = 0; rc == MZC_OK && k < outs.n; k++)
        rc = not_an_input(&r, outs.o[k].path);
    free(inputs);

    /* The folders' files: each table as CSV, each chart as SVG (and PDF
     * with cairo), opened beside the others, committed with them. */
    bool made[2] = {false, false};
    for (int k = 0; k < 2 && rc == MZC_OK; k++) {
        if (!dirs[k] || (k == 1 && !r.nchart))
            continue;
        if (stat(dirs[k], &st) != 0) {
            if (mkdir(dirs[k], 0777) != 0) {
                mzc_error("report: %s '%s': cannot make the folder: %s", dir_opt[k], dirs[k],
                          strerror(errno));
                rc = MZC_FAIL;
            }
            made[k] = rc == MZC_OK;
        }
    }
    size_t ncsv = 0, nchart_files = 0;
    const bool pdf = mzr_have_cairo();
    for (int s = 0; rc == MZC_OK && csv && s < MZR_NSEC; s++)
        for (size_t k = 0; rc == MZC_OK && k < r.sec[s].ntab; k++) {
            const mzr_table *t = &r.sec[s].tab[k];
            char path[4096];
            snprintf(path, sizeof path, "%s/%s.csv", csv, t->id);
            if ((rc = not_an_input(&r, path)) != MZC_OK ||
                (rc = not_an_output(&outs, "--csv", path)) != MZC_OK)
                break;
            FILE *f = mzc_outs_open(&outs, "--csv", path, force, &rc);
            if (!f)
                break;
            mzr_table_csv(f, t);
            ncsv++;
        }
    for (size_t k = 0; rc == MZC_OK && charts && k < r.nchart; k++)
        for (int fmt = 0; rc == MZC_OK && fmt < (pdf ? 3 : 2); fmt++) {
            char path[4096];
            /* NAME.csv: the points it draws with their styles (scripts/charts.sh) */
            snprintf(path, sizeof path, "%s/%s.%s", charts, r.chart[k].name,
                     fmt == 0 ? "csv" : fmt == 1 ? "svg" : "pdf");
            if (fmt == 0) {
                if ((rc = not_an_input(&r, path)) != MZC_OK ||
                    (rc = not_an_output(&outs, "--charts", path)) != MZC_OK)
                    break;
                FILE *fc = mzc_outs_open(&outs, "--charts", path, force, &rc);
                if (!fc)
                    break;
                mzr_chart_csv(fc, &r.chart[k], true);
                nchart_files++;
                continue;
            }
            if ((rc = not_an_input(&r, path)) != MZC_OK ||
                (rc = not_an_output(&outs, "--charts", path)) != MZC_OK)
                break;
            FILE *f = mzc_outs_open(&outs, "--charts", path, force, &rc);
            if (!f)
                break;
            if (mzr_chart_write(f, &r.chart[k],
                                fmt == 2 ? MZR_PDF : pdf ? MZR_SVG_CAIRO : MZR_SVG_TEXT,
                                cw, ch, err, sizeof err) != MZO_OK) {
                mzc_error("report: --charts: %s", err);
                rc = MZC_FAIL;
            }
            nchart_files++;
        }
    if (rc != MZC_OK) {
        mzc_outs_abort(&outs);
        for (int k = 0; k < 2; k++)
            if (made[k])
                rmdir(dirs[k]);
        mzr_report_free(&r);
        return rc;
    }

    bool left_error = false;
    for (size_t k = 0; k < r.nleft; k++) {
        mzc_error("report: left out '%s': %s", r.left[k].path, r.left[k].why);
        left_error = left_error || r.left[k].error;
    }
    mzr_report_html(fh, &r, cw, ch);
    if (fm)
        mzr_report_md(fm, &r);
    if (ft)
        mzr_report_tex(ft, &r);
    const long html_bytes = ftell(fh);
    /* What is written, on stdout; the files are committed once it is. */
    printf("report: %s, %ld bytes, sections:", out, html_bytes);
    for (int s = 0; s < MZR_NSEC; s++)
        if (mzr_report_has(&r, s))
            printf(" %s", mzr_section_id_of(s));
    printf("\n");
    if (md)
        printf("report: %s (markdown)\n", md);
    if (tex)
        printf("report: %s (LaTeX)\n", tex);
    if (csv)
        printf("report: %zu tables in %s\n", ncsv, csv);
    if (charts)
        printf("report: %zu chart files in %s%s\n", nchart_files, charts,
               r.nchart ? "" : " (no sweep with timings: no charts)");
    mzr_report_free(&r);
    rc = mzc_outs_finish(&outs, rc);
    if (rc != MZC_OK)
        for (int k = 0; k < 2; k++)
            if (made[k])
                rmdir(dirs[k]);
    return rc == MZC_OK && left_error ? MZC_FAIL : rc;
}
