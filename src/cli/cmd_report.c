/*
 * cmd_report.c - mazebench report: one self-contained HTML report of a
 * run's files, and its tables as markdown, LaTeX and CSV
 * (src/report/report.h, docs/report.md).
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include "../report/report.h"
#include "../util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char HELP[] =
    "usage: mazebench report DIR|FILE... --out FILE.html [--md FILE] [--tex FILE]\n"
    "                        [--csv DIR] [--charts DIR] [--chart-size WxH] [--force]\n\n"
    "One self-contained HTML report of a run: no network, every picture inline,\n"
    "readable without JavaScript, printable. Inputs are a results folder (its\n"
    "*.csv and *.xml, and those of its stats/ and scaling/ folders) or files\n"
    "given one by one, each recognised by its header line:\n"
    "  a sweep CSV (sweep)            the run, generators and solvers by size, charts,\n"
    "                                 one small render of each generator and shape\n"
    "  a stats CSV (stats --out)      statistics against published values\n"
    "  fits.csv, points.csv (scaling) the route's growth exponents\n"
    "  a scale CSV (scale)            the cost a cell as the maze grows\n"
    "  compare --format csv           the A/B verdicts\n"
    "  check --junit XML              the re-run's failures\n"
    "A file that is missing, does not read, or is not one of these (when named) is\n"
    "listed in the report's 'left-out' section and on stderr, and the report is\n"
    "still written.\n\n"
    "Options:\n"
    "  --out FILE        the HTML report (required)\n"
    "  --md FILE         every table as GitHub markdown (a README, a CI job summary)\n"
    "  --tex FILE        every table as LaTeX (booktabs: \\usepackage{booktabs})\n"
    "  --csv DIR         every table as DIR/ID.csv (DIR made when missing)\n"
    "  --charts DIR      every chart as DIR/NAME.svg and DIR/NAME.pdf (PDF needs cairo)\n"
    "  --chart-size WxH  the charts' size in points, default 720x405 (200 to 5000)\n"
    "  --force           replace existing output files\n\n"
    "The tables are computed by the library (the sweep summary: medians of the\n"
    "time and memory a cell with distribution-free 95% intervals; docs/report.md).\n\n"
    "Exit status: 0 the report is written from every input; 1 it is written but\n"
    "an input was left out (or writing failed); 2 bad arguments or an output that\n"
    "exists without --force.\n";

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

/* An output folder: made when missing; MZC_USAGE when it is something
 * else. */
static int out_dir(const char *opt, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return MZC_OK;
        mzc_error("report: %s '%s' is not a folder", opt, dir);
        return MZC_USAGE;
    }
    if (mkdir(dir, 0777) != 0) {
        mzc_error("report: %s '%s': cannot make the folder: %s", opt, dir, strerror(errno));
        return MZC_FAIL;
    }
    return MZC_OK;
}

/* Is dir/name.ext there? Then one line (and true). */
static bool exists(const char *opt, const char *dir, const char *name, const char *ext)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    mzc_error("report: %s: '%s' exists: give --force to replace it", opt, path);
    return true;
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
    for (int k = 1; k < argc && rc == MZC_OK; k++) {
        int m;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(HELP, stdout);
            free(inputs);
            return mzc_flush_stdout("report");
        }
        if (!strcmp(argv[k], "--force")) {
            force = true;
            continue;
        }
        static const char *const names[] = {"--out",    "--md",         "--tex",
                                            "--csv",    "--charts",     "--chart-size"};
        const char **slots[] = {&out, &md, &tex, &csv, &charts, &size};
        bool matched = false;
        for (size_t j = 0; j < 6 && !matched && rc == MZC_OK; j++) {
            m = mzc_opt_once("report", argc, argv, &k, names[j], slots[j], false);
            if (m < 0)
                rc = MZC_USAGE;
            matched = m > 0;
        }
        if (matched || rc != MZC_OK)
            continue;
        if (argv[k][0] == '-' && argv[k][1] != '\0') {
            mzc_error("report: unknown option '%s' (see 'mazebench report --help')", argv[k]);
            rc = MZC_USAGE;
            break;
        }
        inputs[ninputs++] = argv[k];
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
    if (rc != MZC_OK) {
        free(inputs);
        return rc;
    }

    /* The files first: an existing one is refused before any work. */
    mzc_outs outs;
    mzc_outs_init(&outs, "report");
    FILE *fh = mzc_outs_open(&outs, "--out", out, force, &rc);
    FILE *fm = fh && md ? mzc_outs_open(&outs, "--md", md, force, &rc) : NULL;
    FILE *ft = fh && (!md || fm) && tex ? mzc_outs_open(&outs, "--tex", tex, force, &rc) : NULL;
    if (!fh || (md && !fm) || (tex && !ft)) {
        free(inputs);
        return rc;
    }
    if ((csv && (rc = out_dir("--csv", csv)) != MZC_OK) ||
        (charts && (rc = out_dir("--charts", charts)) != MZC_OK)) {
        mzc_outs_abort(&outs);
        free(inputs);
        return rc;
    }

    mzr_report r;
    mzr_report_init(&r);
    char err[1024] = "";
    for (size_t k = 0; k < ninputs && rc == MZC_OK; k++)
        if (mzr_report_add(&r, inputs[k]) != MZO_OK) {
            mzc_error("report: out of memory reading '%s'", inputs[k]);
            rc = MZC_FAIL;
        }
    free(inputs);
    if (rc == MZC_OK && mzr_report_finish(&r, err, sizeof err) != MZO_OK) {
        mzc_error("report: %s", err);
        rc = MZC_FAIL;
    }
    /* existing table and chart files: refused before anything is written */
    for (int s = 0; rc == MZC_OK && !force && csv && s < MZR_NSEC; s++)
        for (size_t k = 0; rc == MZC_OK && k < r.sec[s].ntab; k++)
            if (exists("--csv", csv, r.sec[s].tab[k].id, ".csv"))
                rc = MZC_USAGE;
    if (rc == MZC_OK && !force && csv && r.nleft && exists("--csv", csv, "left-out", ".csv"))
        rc = MZC_USAGE;
    for (size_t k = 0; rc == MZC_OK && !force && charts && k < r.nchart; k++)
        if (exists("--charts", charts, r.chart[k].name, ".svg") ||
            exists("--charts", charts, r.chart[k].name, ".pdf"))
            rc = MZC_USAGE;
    if (rc != MZC_OK) {
        mzc_outs_abort(&outs);
        mzr_report_free(&r);
        return rc;
    }

    bool left_error = false;
    for (size_t k = 0; k < r.nleft; k++) {
        fprintf(stderr, "report: left out '%s': %s\n", r.left[k].path, r.left[k].why);
        left_error = left_error || r.left[k].error;
    }
    mzr_report_html(fh, &r, cw, ch);
    if (fm)
        mzr_report_md(fm, &r);
    if (ft)
        mzr_report_tex(ft, &r);
    size_t ncsv = 0;
    if (csv) {
        int c = mzr_report_csv(&r, csv, force, &ncsv, err, sizeof err);
        if (c != MZO_OK) {
            mzc_error("report: --csv: %s", err);
            rc = c == MZO_BAD ? MZC_USAGE : MZC_FAIL;
        }
    }
    if (rc == MZC_OK && charts) {
        if (r.nchart == 0) {
            fprintf(stderr, "report: --charts: no charts (the inputs hold no sweep with "
                            "timings)\n");
        } else {
            int c = mzr_charts_export(r.chart, r.nchart, charts, cw, ch, force, err, sizeof err);
            if (c != MZO_OK) {
                mzc_error("report: --charts: %s", err);
                rc = c == MZO_BAD ? MZC_USAGE : MZC_FAIL;
            }
        }
    }
    const long html_bytes = ftell(fh);
    /* What was written, on stdout. */
    if (rc == MZC_OK) {
        printf("report: %s, %ld bytes, sections:", out, html_bytes);
        for (int s = 0; s < MZR_NSEC; s++)
            if (mzr_report_has(&r, s))
                printf(" %s", mzr_section_id[s]);
        printf("\n");
        if (md)
            printf("report: %s (markdown)\n", md);
        if (tex)
            printf("report: %s (LaTeX)\n", tex);
        if (csv)
            printf("report: %zu tables in %s\n", ncsv, csv);
        if (charts && r.nchart)
            printf("report: %zu charts in %s\n", r.nchart, charts);
    }
    mzr_report_free(&r);
    rc = mzc_outs_finish(&outs, rc);
    return rc == MZC_OK && left_error ? MZC_FAIL : rc;
}
