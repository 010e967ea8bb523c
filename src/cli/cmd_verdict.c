/*
 * cmd_verdict.c - the verdict command: one verdict on one generator or
 * solver, built in, a plugin's or an outside program's (src/tools/verdict.c,
 * docs/verdict.md), as text, markdown or JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "opts.h"
#include "../outside/outside.h"
#include "../tools/verdict.h"
#include "../tools/vet.h"
#include "report/verdict_out.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int parse_sizes(const char *text, mzv_opts *o)
{
    o->nsizes = 0;
    const char *p = text;
    while (*p) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        char item[64];
        if (len == 0 || len >= sizeof item || o->nsizes == MZV_MAX_SIZES) {
            mzc_error("verdict: --sizes '%s': a comma-separated list of up to %d sizes RxC or N",
                      text, MZV_MAX_SIZES);
            return -1;
        }
        memcpy(item, p, len);
        item[len] = '\0';
        uint64_t r = 0, c = 0;
        if (strchr(item, 'x')) {
            mz_dims d;
            if (strchr(item, ':') || mz_dims_parse(item, &d) != MZ_OK)
                r = 0;
            else
                r = d.rows, c = d.cols;
        } else {
            char *end;
            unsigned long long v = strtoull(item, &end, 10);
            if (*end || item[0] == '-' || item[0] == '+')
                v = 0;
            r = c = v;
        }
        if (r < 1 || c < 1 || r > 4096 || c > 4096) {
            mzc_error("verdict: --sizes: '%s' is not a size from 1x1 to 4096x4096", item);
            return -1;
        }
        o->rows[o->nsizes] = r;
        o->cols[o->nsizes] = c;
        o->nsizes++;
        p = q ? q + 1 : p + len;
        if (q && !*p) {
            mzc_error("verdict: --sizes '%s' ends with a comma", text);
            return -1;
        }
    }
    return o->nsizes ? 0 : -1;
}

static int parse_shapes(const char *text, mzv_opts *o)
{
    o->shapes = 0;
    char buf[256];
    if (strlen(text) >= sizeof buf) {
        mzc_error("verdict: --shapes: too long");
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        mz_shape s;
        if (mz_shape_parse(t, &s) != MZ_OK) {
            char names[256];
            mzc_error("verdict: --shapes: unknown shape '%s' (%s)", t,
                      mz_shape_names(names, sizeof names));
            return -1;
        }
        o->shapes |= MZ_SHAPE_BIT(s);
    }
    if (!o->shapes) {
        mzc_error("verdict: --shapes '%s' names no shape", text);
        return -1;
    }
    return 0;
}

int cmd_verdict(int argc, char **argv)
{
    const char *name = NULL, *format = NULL, *seeds = NULL, *sizes = NULL, *shapes = NULL,
               *budget = NULL, *claims = NULL;
    bool no_vet = false;
    mzc_args args;
    mzc_args_init(&args, &mzc_cmd_verdict, argc, argv);
    for (int id; (id = mzc_args_next(&args)) != MZC_ARGS_END;) {
        const char *a = args.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("verdict: unknown option '%s' (see mazebench verdict --help)", a);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (name) {
                mzc_error("verdict: one NAME only ('%s' and '%s')", name, a);
                return MZC_USAGE;
            }
            name = a;
            continue;
        }
        const char *opt = args.cmd->opts[id].name;
        static const char *const names[] = {"--format",      "--seeds",  "--sizes",
                                            "--shapes",      "--time-budget", "--claims"};
        const char **slots[] = {&format, &seeds, &sizes, &shapes, &budget, &claims};
        size_t j = 0;
        while (j < sizeof names / sizeof names[0] && strcmp(opt, names[j]) != 0)
            j++;
        if (strcmp(opt, "--no-vet") == 0) {
            no_vet = true;
        } else if (j < sizeof names / sizeof names[0]) {
            *slots[j] = a;
        } else {
            mzc_error("verdict: option '%s' is not handled", opt);
            return MZC_USAGE;
        }
    }
    if (!name) {
        mzc_error("verdict: no NAME given (see mazebench verdict --help)");
        return MZC_USAGE;
    }
    int fmt = 0;
    if (format && strcmp(format, "text") == 0)
        fmt = 0;
    else if (format && strcmp(format, "markdown") == 0)
        fmt = 1;
    else if (format && strcmp(format, "json") == 0)
        fmt = 2;
    else if (format) {
        mzc_error("verdict: --format '%s' is not text, markdown or json", format);
        return MZC_USAGE;
    }
    mzv_opts o;
    mzv_opts_default(&o);
    if (seeds) {
        char *end;
        unsigned long v = strtoul(seeds, &end, 10);
        if (*end || seeds[0] == '-' || seeds[0] == '+' || v < 2 || v > 10000) {
            mzc_error("verdict: --seeds '%s' is not a whole number from 2 to 10000", seeds);
            return MZC_USAGE;
        }
        o.seeds = (unsigned)v;
    }
    if (sizes && parse_sizes(sizes, &o) != 0)
        return MZC_USAGE;
    if (shapes && parse_shapes(shapes, &o) != 0)
        return MZC_USAGE;
    if (budget) {
        char *end;
        double v = strtod(budget, &end);
        if (*end || !(v > 0) || v > 86400) {
            mzc_error("verdict: --time-budget '%s' is not a number of seconds above 0 (at most "
                      "86400)", budget);
            return MZC_USAGE;
        }
        o.budget_s = v;
    }
    o.claims = claims;
    const mz_algo *a = mz_find(MZ_GEN, name);
    if (!a)
        a = mz_find(MZ_SOLVER, name);
    if (!a) {
        mzc_error("verdict: no generator or solver named '%s' (mazebench list shows them; an "
                  "outside program's needs --programs FILE, a plugin's --plugin FILE)", name);
        return MZC_USAGE;
    }
    /* Failures are the verdict's lines: no note on stderr for them, nor for
     * start-up costs (the speed line says which time it compares). */
    mzx_set_fail_notes(false);
    mzx_set_note(NULL, NULL);
    static mzv_result r; /* large: off the stack */
    mzt_err err;
    int rc = mzv_run(a, &o, &r, &err);
    if (rc != MZT_OK) {
        mzc_error("%s", err.msg);
        return rc == MZT_BAD ? MZC_USAGE : MZC_FAIL;
    }
    if (!no_vet)
        mzv_add_vet(a, &r, mzc_outside_why);
    if (!r.headline[0]) { /* no statistics to sum it up: the checks that failed */
        int l = snprintf(r.headline, sizeof r.headline, "%s: %s", r.entry,
                         r.failed ? "failed:" : "every check passed or was skipped");
        for (size_t k = 0; k < r.n && l > 0 && (size_t)l < sizeof r.headline; k++)
            if (r.check[k].status == MZV_FAIL)
                l += snprintf(r.headline + l, sizeof r.headline - (size_t)l, " %s",
                              r.check[k].name);
    }
    mzr_verdict_write(stdout, &r, fmt);
    int f = mzc_flush_stdout("verdict");
    if (f != MZC_OK)
        return f;
    return r.failed ? MZC_FAIL : MZC_OK;
}
