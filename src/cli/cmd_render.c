/* cmd_render.c - the render command: the hedge garden of board 09 as SVG. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

static const char render_help[] =
    "usage: mazebench render SPEC --seed N --size RxC [--time MS] [--out FILE]\n\n"
    "Draw the maze as board 09's hedge garden: one SVG frame with the hedges\n"
    "lifted 4 px, their shadows away from the sun (one turn every 5,712 ms), the\n"
    "answer path and its lantern (70 ms a cell), and the fog. Mazes up to 2^20\n"
    "cells.\n\n"
    "  --time MS     the frame's time in milliseconds (default 0)\n"
    "  --out FILE    write the SVG there instead of stdout\n";

int cmd_render(int argc, char **argv)
{
    const char *spec_text = NULL, *size = NULL, *out = NULL, *v;
    uint32_t seed = 0;
    bool have_seed = false;
    double time_ms = 0;
    for (int k = 1; k < argc; k++) {
        int r;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(render_help, stdout);
            return MZC_OK;
        }
        if ((r = mzc_opt(argc, argv, &k, "--seed", &v)) != 0) {
            if (r < 0 || mzc_parse_seed(v, &seed) != 0)
                return MZC_USAGE;
            have_seed = true;
        } else if ((r = mzc_opt(argc, argv, &k, "--size", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            size = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--out", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            out = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--time", &v)) != 0) {
            uint64_t t;
            if (r < 0 || mzc_parse_u64("time", v, 0, UINT64_C(1) << 50, &t) != 0)
                return MZC_USAGE;
            time_ms = (double)t;
        } else if (argv[k][0] == '-' && argv[k][1] != '\0') {
            mzc_error("unknown option '%s' (see 'mazebench render --help')", argv[k]);
            return MZC_USAGE;
        } else if (!spec_text) {
            spec_text = argv[k];
        } else {
            mzc_error("unexpected argument '%s'", argv[k]);
            return MZC_USAGE;
        }
    }
    if (!spec_text || !have_seed || !size) {
        mzc_error("render: missing %s (see 'mazebench render --help')",
                  !spec_text ? "SPEC" : !have_seed ? "--seed N" : "--size RxC");
        return MZC_USAGE;
    }
    char err[1024];
    mz_spec spec;
    if (mz_spec_parse(spec_text, &spec, err, sizeof err) != MZ_OK) {
        mzc_error("%s", err);
        return MZC_USAGE;
    }
    uint64_t rows, cols;
    if (mzc_parse_size(size, &rows, &cols) != 0)
        return MZC_USAGE;
    if (rows * cols > (UINT64_C(1) << 20)) {
        mzc_error("render: size '%s' has more than 2^20 cells", size);
        return MZC_USAGE;
    }
    mz_grid g = {0};
    mz_extra gx = {0};
    mz_status s = mz_generate(&spec, seed, rows, cols, &g, NULL, &gx);
    if (s != MZ_OK) {
        mzc_error("render failed: %s", mz_status_str(s));
        mz_grid_free(&g);
        return MZC_FAIL;
    }
    char *svg = mz_render_hedge_svg(&g, time_ms, UINT64_C(1) << 20);
    mz_grid_free(&g);
    if (!svg) {
        mzc_error("render failed: the exit is unreachable or memory ran out");
        return MZC_FAIL;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    int rc = MZC_OK;
    if (!f || fputs(svg, f) < 0 || (out ? fclose(f) : fflush(f)) != 0) {
        mzc_error("cannot write '%s'", out ? out : "stdout");
        rc = MZC_FAIL;
    }
    free(svg);
    return rc;
}
