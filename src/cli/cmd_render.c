/* cmd_render.c - the render command: pictures (PNG, SVG, PDF) and trace
 * animations (GIF, PNG frames) of a maze, through the mazebench_render
 * library. Options in, one library call, a status out. */
#include "cli.h"
#include "sweep.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char render_help[] =
    "usage: mazebench render SPEC --seed N --grid GRID [--out FILE] [options]\n\n"
    "Draw a maze as a picture, its format chosen by the extension of FILE\n"
    "(.png, .svg, .pdf, .gif); without --out, SVG on stdout. A .gif, or --animate,\n"
    "replays a trace step by step (docs/render.md). A file that exists is kept\n"
    "unless --force; a picture is written beside FILE and renamed at the end.\n\n"
    "  --grid GRID           RxC (square cells), hex:RxC, tri:RxC, polar:RINGS,\n"
    "                        3d:LxRxC or weave:RxC (--size is the same option)\n"
    "  --style plain|hedge   a clean line drawing (default), or board 09's hedge\n"
    "                        garden (answer path, lantern, sun shadows, fog)\n"
    "  --solve S             the solver for route, closed and trail (default bfs)\n"
    "  --overlay LIST        comma-separated: route, heat, valley, closed, trail,\n"
    "                        tiles, all, none (default none)\n"
    "  --from CELL           heat source: an index, R,C, entrance, exit or centre\n"
    "  --cell PX --wall PX --margin PX   sizes (default automatic)\n"
    "  --bg RRGGBB --fg RRGGBB --route-colour RRGGBB   colours\n"
    "  --no-legend --no-marks --no-antialias\n"
    "  --time MS             hedge style: the frame's time in ms (default 0)\n"
    "  --format F            png, svg, pdf or gif, overriding the extension\n"
    "  --animate gen|solve   replay the generator's or the solver's trace (default:\n"
    "                        solve with --solve, else gen); a .png gets one file a\n"
    "                        frame, FILE-00000.png, FILE-00001.png, ...\n"
    "  --stride N            trace steps a frame (default: about 150 frames)\n"
    "  --duration MS         playing time of the steps (default 4000)\n"
    "  --hold MS             time the last frame stays (default 2000)\n\n"
    "Limits: PNG up to 2^27 pixels and 32767 a side, SVG and PDF up to 3072x3072\n"
    "cells (PDF pages up to 14400 pt a side), GIF up to 256x256 cells; larger is\n"
    "refused (bigger --cell lowers them; docs/render.md).\n";

/* Where the picture goes. Every file, a single picture or each frame of a
 * sequence, is an sw_out (a temporary file beside its name, unnamed where
 * the system allows): nothing is renamed into place until the whole render
 * succeeded, and a failure or a signal leaves the files that were there. */
typedef struct writer {
    const char *path; /* NULL: stdout */
    bool sequence;    /* one file a part */
    FILE *f;          /* the part being written */
    uint64_t part;
    bool failed;
    int err;          /* errno of the failure, 0 when unknown */
    char name[4096];  /* the part being written, for messages */
    sw_out *out;      /* every part opened, committed together at the end */
    size_t nout, cap;
} writer;

static int write_part(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    writer *w = user;
    if (w->failed)
        return 1;
    if (!w->f || (w->sequence && part != w->part)) {
        w->f = NULL;
        if (!w->path) {
            w->f = stdout;
        } else {
            if (w->sequence) {
                size_t n = strlen(w->path);
                int stem = n > 4 ? (int)(n - 4) : (int)n; /* drop ".png" */
                snprintf(w->name, sizeof w->name, "%.*s-%05llu.png", stem, w->path,
                         (unsigned long long)part);
                /* A frame's file stays open (and unnamed) until the end. */
                if (w->nout && fflush(w->out[w->nout - 1].f) != 0) {
                    w->err = errno;
                    w->failed = true;
                    return 1;
                }
            } else {
                snprintf(w->name, sizeof w->name, "%s", w->path);
            }
            if (w->nout == w->cap) {
                size_t cap = w->cap ? w->cap * 2 : 16;
                sw_out *o = realloc(w->out, cap * sizeof *o);
                if (!o) {
                    w->err = ENOMEM;
                    w->failed = true;
                    return 1;
                }
                w->out = o;
                w->cap = cap;
            }
            /* Existence was checked before any work (--force). */
            char err[512];
            errno = 0;
            if (sw_out_open(&w->out[w->nout], w->name, SW_OUT_FORCE, err, sizeof err) != SW_OK) {
                w->err = errno;
                w->failed = true;
                return 1;
            }
            w->f = w->out[w->nout++].f;
        }
        w->part = part;
    }
    if (len && fwrite(data, 1, len, w->f) != len) {
        w->err = errno;
        w->failed = true;
        return 1;
    }
    return 0;
}

/* Commit every part when ok (the render succeeded), otherwise remove
 * them all. Non-zero when a part could not be written. */
static int writer_close(writer *w, bool ok)
{
    int bad = w->failed;
    char err[512];
    for (size_t k = 0; k < w->nout; k++) {
        if (ok && !bad) {
            snprintf(w->name, sizeof w->name, "%s", w->out[k].path);
            errno = 0;
            if (sw_out_commit(&w->out[k], err, sizeof err) != SW_OK) {
                w->err = errno;
                bad = 1;
            }
        } else {
            sw_out_abort(&w->out[k]);
        }
    }
    free(w->out);
    w->out = NULL;
    w->nout = w->cap = 0;
    if (w->f == stdout)
        bad |= fflush(stdout) != 0;
    w->f = NULL;
    w->failed = bad;
    return bad;
}

static int parse_rgb(const char *what, const char *text, uint32_t *out)
{
    const char *p = text[0] == '#' ? text + 1 : text;
    uint32_t v = 0;
    int n = 0;
    for (; isxdigit((unsigned char)p[n]); n++)
        v = v * 16 + (uint32_t)(isdigit((unsigned char)p[n]) ? p[n] - '0'
                                                             : tolower((unsigned char)p[n]) - 'a' + 10);
    if (n != 6 || p[n]) {
        mzc_error("%s '%s' is not a colour RRGGBB (six hex digits)", what, text);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_px(const char *what, const char *text, double max, double *out)
{
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || !(v > 0) || v > max) {
        mzc_error("%s '%s' is not a number of pixels in (0, %.0f]", what, text, max);
        return -1;
    }
    *out = v;
    return 0;
}

static const char *const format_names[] = {"png", "svg", "pdf", "gif"};

static int parse_format(const char *text, mz_pic_format *f)
{
    for (unsigned k = 0; k < 4; k++)
        if (strcmp(text, format_names[k]) == 0) {
            *f = (mz_pic_format)k;
            return 0;
        }
    mzc_error("format '%s' is not one of png, svg, pdf, gif", text);
    return -1;
}

/* The format an output name asks for; -1 when its extension is none of them. */
static int format_of(const char *path, mz_pic_format *f)
{
    const char *dot = strrchr(path, '.');
    if (!dot || strchr(dot, '/'))
        return -1;
    for (unsigned k = 0; k < 4; k++) {
        const char *a = dot + 1, *b = format_names[k];
        while (*a && tolower((unsigned char)*a) == *b)
            a++, b++;
        if (!*a && !*b) {
            *f = (mz_pic_format)k;
            return 0;
        }
    }
    return -1;
}

/* CELL: an index, "R,C", entrance, exit or centre, on grid g. */
static int parse_cell(const char *text, const mz_grid *g, mz_idx *out)
{
    uint64_t r, c;
    char tail;
    if (strcmp(text, "entrance") == 0)
        *out = g->entrance;
    else if (strcmp(text, "exit") == 0)
        *out = g->exit;
    else if ((strcmp(text, "centre") == 0 || strcmp(text, "center") == 0) &&
             g->shape == MZ_SHAPE_POLAR)
        *out = 0;
    else if (strcmp(text, "centre") == 0 || strcmp(text, "center") == 0)
        *out = (g->rows / 2) * g->cols + g->cols / 2;
    else if (g->shape != MZ_SHAPE_POLAR && g->shape != MZ_SHAPE_CUBE && strchr(text, ',') && sscanf(text, "%llu,%llu%c", (unsigned long long *)&r,
                                         (unsigned long long *)&c, &tail) == 2 &&
             isdigit((unsigned char)text[0])) {
        if (r >= g->rows || c >= g->cols) {
            mzc_error("cell '%s' is off the %llux%llu grid", text, (unsigned long long)g->rows,
                      (unsigned long long)g->cols);
            return -1;
        }
        *out = r * g->cols + c;
    } else {
        uint64_t v;
        if (mzc_parse_u64("cell", text, 0, g->cells - 1, &v) != 0)
            return -1;
        *out = v;
    }
    if (g->shape == MZ_SHAPE_ORTHO && (g->c[*out] & MZ_BLOCKED)) {
        mzc_error("cell '%s' is blocked", text);
        return -1;
    }
    return 0;
}

static int too_big(const mz_geom *geo, const mz_pic_opts *o, mz_pic_format f)
{
    char name[96];
    mz_geom_format(geo, name, sizeof name);
    if (geo->shape != MZ_SHAPE_ORTHO) {
        mzc_error("a %s maze is too large for %s with these options (see docs/render.md)", name,
                  format_names[f]);
        return MZC_USAGE;
    }
    uint64_t side = mz_pic_max_side(o, f);
    mzc_error("a %s maze is too large for %s with these options (at most %llux%llu; "
              "see docs/render.md)",
              name, format_names[f], (unsigned long long)side, (unsigned long long)side);
    return MZC_USAGE;
}

int cmd_render(int argc, char **argv)
{
    const char *spec_text = NULL, *size = NULL, *out = NULL, *solver_text = NULL, *from = NULL;
    const char *v, *animate = NULL;
    uint32_t seed = 0;
    bool have_seed = false, have_format = false, force = false;
    mz_pic_format fmt = MZ_PIC_SVG;
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mz_anim_opts ao = {0, 4000, 2000, 0};
    char err[1024];
    for (int k = 1; k < argc; k++) {
        int r;
        uint64_t u;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(render_help, stdout);
            return MZC_OK;
        }
        if (mzc_flag(argv[k], "--force", NULL)) {
            force = true;
        } else if (mzc_flag(argv[k], "--no-legend", NULL)) {
            o.legend = false;
        } else if (mzc_flag(argv[k], "--no-marks", NULL)) {
            o.marks = false;
        } else if (mzc_flag(argv[k], "--no-antialias", NULL)) {
            o.antialias = false;
        } else if ((r = mzc_opt(argc, argv, &k, "--seed", &v)) != 0) {
            if (r < 0 || mzc_parse_seed(v, &seed) != 0)
                return MZC_USAGE;
            have_seed = true;
        } else if ((r = mzc_opt(argc, argv, &k, "--size", &v)) != 0 ||
                   (r = mzc_opt(argc, argv, &k, "--grid", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            size = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--out", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            out = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--solve", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            solver_text = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--from", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            from = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--overlay", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            if (mz_pic_overlays_parse(v, &o.overlays, err, sizeof err) != MZ_OK) {
                mzc_error("%s", err);
                return MZC_USAGE;
            }
        } else if ((r = mzc_opt(argc, argv, &k, "--style", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            if (strcmp(v, "plain") == 0) {
                o.style = MZ_PIC_PLAIN;
            } else if (strcmp(v, "hedge") == 0) {
                o.style = MZ_PIC_HEDGE;
            } else {
                mzc_error("style '%s' is not plain or hedge", v);
                return MZC_USAGE;
            }
        } else if ((r = mzc_opt(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || parse_format(v, &fmt) != 0)
                return MZC_USAGE;
            have_format = true;
        } else if ((r = mzc_opt(argc, argv, &k, "--cell", &v)) != 0) {
            if (r < 0 || parse_px("cell", v, 1000, &o.cell_px) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--wall", &v)) != 0) {
            if (r < 0 || parse_px("wall", v, 1000, &o.wall_px) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--margin", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("margin", v, 0, 10000, &u) != 0)
                return MZC_USAGE;
            o.margin_px = (double)u;
        } else if ((r = mzc_opt(argc, argv, &k, "--bg", &v)) != 0) {
            if (r < 0 || parse_rgb("bg", v, &o.bg) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--fg", &v)) != 0) {
            if (r < 0 || parse_rgb("fg", v, &o.fg) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--route-colour", &v)) != 0) {
            if (r < 0 || parse_rgb("route-colour", v, &o.route_rgb) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--time", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("time", v, 0, UINT64_C(1) << 50, &u) != 0)
                return MZC_USAGE;
            o.time_ms = (double)u;
        } else if ((r = mzc_opt(argc, argv, &k, "--animate", &v)) != 0) {
            if (r < 0)
                return MZC_USAGE;
            if (strcmp(v, "gen") != 0 && strcmp(v, "solve") != 0) {
                mzc_error("animate '%s' is not gen or solve", v);
                return MZC_USAGE;
            }
            animate = v;
        } else if ((r = mzc_opt(argc, argv, &k, "--stride", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("stride", v, 1, UINT64_C(1) << 40, &ao.stride) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--duration", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("duration", v, 1, 3600000, &ao.duration_ms) != 0)
                return MZC_USAGE;
        } else if ((r = mzc_opt(argc, argv, &k, "--hold", &v)) != 0) {
            if (r < 0 || mzc_parse_u64("hold", v, 0, 600000, &ao.hold_ms) != 0)
                return MZC_USAGE;
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
                  !spec_text ? "SPEC" : !have_seed ? "--seed N" : "--grid GRID");
        return MZC_USAGE;
    }
    if (out && !have_format && format_of(out, &fmt) != 0) {
        mzc_error("cannot tell the format of '%s' (use .png, .svg, .pdf, .gif or --format)", out);
        return MZC_USAGE;
    }
    bool anim = animate || fmt == MZ_PIC_GIF;
    if (anim && !animate)
        animate = solver_text ? "solve" : "gen";
    if (anim && fmt != MZ_PIC_GIF && fmt != MZ_PIC_PNG) {
        mzc_error("an animation is written as .gif or as .png frames, not %s", format_names[fmt]);
        return MZC_USAGE;
    }
    if (anim && fmt == MZ_PIC_PNG && !out) {
        mzc_error("png frames need --out FILE.png");
        return MZC_USAGE;
    }
    if (anim && strcmp(animate, "solve") == 0 && !solver_text)
        solver_text = "bfs";
    if (!mz_pic_supported(fmt)) {
        mzc_error("%s output is not built in: install '%s' and rebuild", format_names[fmt],
                  mz_pic_package(fmt));
        return MZC_FAIL;
    }

    mz_spec spec;
    mz_stage solver;
    const mz_algo *algos[MZ_MAX_CHAIN + 1];
    size_t nalgos;
    if (mzc_parse_recipe(spec_text, solver_text, &spec, &solver, algos, &nalgos) != 0)
        return MZC_USAGE;
    uint64_t w, h;
    mz_geom geo;
    if (mzc_parse_grid(size, &geo) != 0)
        return MZC_USAGE;
    bool square = geo.shape == MZ_SHAPE_ORTHO;
    if (square && mzc_fixed_size(&spec, seed, &geo.rows, &geo.cols) < 0)
        return MZC_FAIL;
    for (size_t k = 0; k < nalgos; k++) {
        if (!mz_runs_on(algos[k], geo.shape)) {
            mzc_error("'%s' does not run on %s cells", algos[k]->name, mz_shape_name(geo.shape));
            return MZC_USAGE;
        }
    }
    if (!square && o.style == MZ_PIC_HEDGE) {
        mzc_error("the hedge style draws square cells only");
        return MZC_USAGE;
    }
    bool fixed = (spec.stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    mz_status s = fixed ? MZ_OK : mz_pic_size_geom(&geo, &o, fmt, &w, &h);
    if (s == MZ_ETOOBIG)
        return too_big(&geo, &o, fmt);
    if (s != MZ_OK) {
        mzc_error("render: bad picture options (%s)", mz_status_str(s));
        return MZC_USAGE;
    }
    uint64_t cells = mz_geom_cells(&geo);
    if (square && solver_text && mzc_check_cells(&solver, geo.rows, geo.cols) != 0)
        return MZC_USAGE;
    if (mzc_check_memory(square ? geo.rows : cells, square ? geo.cols : 1, algos, nalgos) != 0)
        return MZC_FAIL;
    o.solver = solver_text ? &solver : NULL;

    writer wr = {out, anim && fmt == MZ_PIC_PNG, NULL, 0, false, 0, "", NULL, 0, 0};
    if (out && !force) {
        /* A picture never replaces a file by accident (a sequence: its
         * first frame). */
        char first[4096];
        size_t n = strlen(out);
        if (wr.sequence)
            snprintf(first, sizeof first, "%.*s-00000.png", n > 4 ? (int)(n - 4) : (int)n, out);
        else
            snprintf(first, sizeof first, "%s", out);
        FILE *e = fopen(first, "rb");
        if (e) {
            fclose(e);
            mzc_error("render: '%s' exists: give --force to replace it", first);
            return MZC_USAGE;
        }
    }
    if (anim) {
        uint64_t frames = 0;
        if (from) {
            mzc_error("--from applies to the heat overlay of a still, not to an animation");
            return MZC_USAGE;
        }
        s = mz_anim_render_geom(&spec, seed, &geo, strcmp(animate, "solve") == 0 ? &solver : NULL,
                                &o, &ao, fmt, write_part, &wr, &frames);
        if (writer_close(&wr, s == MZ_OK) != 0 && s == MZ_OK)
            s = MZ_EIO;
    } else {
        mz_grid g = {0};
        mz_extra gx = {0};
        s = mz_generate_geom(&spec, seed, &geo, &g, NULL, &gx);
        if (s == MZ_OK && from && parse_cell(from, &g, &o.heat_from) != 0) {
            mz_grid_free(&g);
            writer_close(&wr, false);
            return MZC_USAGE;
        }
        if (s == MZ_OK)
            s = mz_pic_render(&g, &o, fmt, write_part, &wr);
        if (s == MZ_ETOOBIG) {
            mz_geom gg = mz_grid_geom(&g);
            mz_grid_free(&g);
            writer_close(&wr, false);
            return too_big(&gg, &o, fmt);
        }
        mz_grid_free(&g);
        if (writer_close(&wr, s == MZ_OK) != 0 && s == MZ_OK)
            s = MZ_EIO;
    }
    if (s == MZ_EIO || wr.failed) {
        const char *what = !out ? "stdout" : wr.name[0] ? wr.name : out;
        if (wr.err)
            mzc_error("render: cannot write '%s': %s", what, strerror(wr.err));
        else
            mzc_error("render: cannot write '%s'", what);
        return MZC_FAIL;
    }
    if (s == MZ_EUNSUPPORTED && solver_text && (o.overlays & MZ_OV_ROUTE)) {
        mzc_error("solver '%s' gives no route to draw", solver.algo->name);
        return MZC_USAGE;
    }
    if (s != MZ_OK) {
        mzc_error("render failed: %s%s", mz_status_str(s),
                  out ? (wr.sequence ? " (no frame written)" : " (nothing written)") : "");
        return MZC_FAIL;
    }
    return MZC_OK;
}
