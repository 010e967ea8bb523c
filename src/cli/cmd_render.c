/* cmd_render.c - the render command: pictures (PNG, SVG, PDF) and trace
 * animations (GIF, PNG frames) of a maze, through the mazebench_render
 * library. Options in, one library call, a status out. */
#include "cli.h"
#include "opts.h"
#include "../mazebench_render.h"
#include "sweep.h"
#include "../out/frames.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

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

static int too_big(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                   const mz_pic_estimate *e)
{
    char name[96], file[128] = "";
    mz_dims g = *geo;
    mz_dims_format(&g, name, sizeof name);
    if (e->limit_bytes && e->file_bytes > e->limit_bytes)
        snprintf(file, sizeof file, "a file of about %.0f MB, over the %.0f MB limit; ",
                 (double)e->file_bytes / 1e6, (double)e->limit_bytes / 1e6);
    if (geo->shape != MZ_SHAPE_ORTHO) {
        mzc_error("a %s maze is too large for %s with these options (%ssee docs/render.md)", name,
                  format_names[f], file);
        return MZC_USAGE;
    }
    uint64_t side = mz_pic_max_side(o, f);
    mzc_error("a %s maze is too large for %s with these options (%sat most %llux%llu; "
              "see docs/render.md)",
              name, format_names[f], file, (unsigned long long)side, (unsigned long long)side);
    return MZC_USAGE;
}

int cmd_render(int argc, char **argv)
{
    const char *spec_text = NULL, *size = NULL, *out = NULL, *solver_text = NULL, *from = NULL;
    const char *v, *animate = NULL, *overlay_text = NULL;
    uint64_t seed = 0;
    mz_rng_kind rng = MZ_RNG_AUTO;
    bool have_seed = false, have_format = false, force = false;
    /* Options that apply to some pictures only, refused elsewhere. */
    const char *opt_time = NULL, *opt_stride = NULL, *opt_duration = NULL, *opt_hold = NULL;
    mz_pic_format fmt = MZ_PIC_SVG;
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mz_anim_opts ao = {0, 4000, 2000, 0};
    char err[1024];
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_render, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        uint64_t u;
        v = a.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench render --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            if (spec_text) {
                mzc_error("unexpected argument '%s'", v);
                return MZC_USAGE;
            }
            spec_text = v;
            continue;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--no-legend") == 0) {
            o.legend = false;
        } else if (strcmp(name, "--no-marks") == 0) {
            o.marks = false;
        } else if (strcmp(name, "--no-antialias") == 0) {
            o.antialias = false;
        } else if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &seed) != 0)
                return MZC_USAGE;
            have_seed = true;
        } else if (strcmp(name, "--rng") == 0) {
            if (mzc_parse_rng("render", v, &rng) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--grid") == 0) {
            size = v; /* or its older name --size: both given is refused */
        } else if (strcmp(name, "--out") == 0) {
            out = v;
        } else if (strcmp(name, "--solve") == 0) {
            solver_text = v;
        } else if (strcmp(name, "--from") == 0) {
            from = v;
        } else if (strcmp(name, "--overlay") == 0) {
            if (mz_pic_overlays_parse(v, &o.overlays, err, sizeof err) != MZ_OK) {
                mzc_error("%s", err);
                return MZC_USAGE;
            }
            overlay_text = v;
        } else if (strcmp(name, "--style") == 0) {
            if (strcmp(v, "plain") == 0) {
                o.style = MZ_PIC_PLAIN;
            } else if (strcmp(v, "hedge") == 0) {
                o.style = MZ_PIC_HEDGE;
            } else {
                mzc_error("style '%s' is not plain or hedge", v);
                return MZC_USAGE;
            }
        } else if (strcmp(name, "--format") == 0) {
            if (parse_format(v, &fmt) != 0)
                return MZC_USAGE;
            have_format = true;
        } else if (strcmp(name, "--cell") == 0) {
            if (parse_px("cell", v, 1000, &o.cell_px) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--wall") == 0) {
            if (parse_px("wall", v, 1000, &o.wall_px) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--margin") == 0) {
            if (mzc_parse_u64("margin", v, 0, 10000, &u) != 0)
                return MZC_USAGE;
            o.margin_px = (double)u;
        } else if (strcmp(name, "--bg") == 0) {
            if (parse_rgb("bg", v, &o.bg) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--fg") == 0) {
            if (parse_rgb("fg", v, &o.fg) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--route-colour") == 0) {
            if (parse_rgb("route-colour", v, &o.route_rgb) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--time") == 0) {
            if (mzc_parse_u64("time", v, 0, UINT64_C(1) << 50, &u) != 0)
                return MZC_USAGE;
            o.time_ms = (double)u;
            opt_time = v;
        } else if (strcmp(name, "--animate") == 0) {
            if (strcmp(v, "gen") != 0 && strcmp(v, "solve") != 0) {
                mzc_error("animate '%s' is not gen or solve", v);
                return MZC_USAGE;
            }
            animate = v;
        } else if (strcmp(name, "--stride") == 0) {
            if (mzc_parse_u64("stride", v, 1, UINT64_C(1) << 40, &ao.stride) != 0)
                return MZC_USAGE;
            opt_stride = v;
        } else if (strcmp(name, "--duration") == 0) {
            if (mzc_parse_u64("duration", v, 1, 3600000, &ao.duration_ms) != 0)
                return MZC_USAGE;
            opt_duration = v;
        } else if (strcmp(name, "--hold") == 0) {
            if (mzc_parse_u64("hold", v, 0, 600000, &ao.hold_ms) != 0)
                return MZC_USAGE;
            opt_hold = v;
        } else {
            mzc_error("render: option '%s' is not handled", name);
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
    /* Options that cannot apply to this picture: refused before any work. */
    if (opt_time && o.style != MZ_PIC_HEDGE) {
        mzc_error("--time applies to the hedge style only (--style hedge)");
        return MZC_USAGE;
    }
    if (!anim && (opt_stride || opt_duration || opt_hold)) {
        mzc_error("--%s applies to an animation only (.gif or --animate)",
                  opt_stride ? "stride" : opt_duration ? "duration" : "hold");
        return MZC_USAGE;
    }
    if (anim && fmt == MZ_PIC_PNG && (opt_duration || opt_hold)) {
        mzc_error("--%s applies to a gif only: png frames have no timing",
                  opt_duration ? "duration" : "hold");
        return MZC_USAGE;
    }
    if (anim && o.overlays) {
        mzc_error("--overlay applies to a still, not to an animation (it replays a trace)");
        return MZC_USAGE;
    }
    if (anim && from) {
        mzc_error("--from applies to the heat overlay of a still, not to an animation");
        return MZC_USAGE;
    }
    if (from && !(o.overlays & MZ_OV_HEAT)) {
        mzc_error("--from applies to the heat overlay only (--overlay heat)");
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
    mz_dims geo;
    if (mzc_parse_grid(size, &geo) != 0)
        return MZC_USAGE;
    bool square = geo.shape == MZ_SHAPE_ORTHO;
    mz_dims_cells(&geo);
    char rng_note[512];
    if (mzc_rng_seed_check("render", rng, seed) != 0)
        return MZC_USAGE;
    spec.rng = mzc_rng_for_seed(rng, seed);
    if (square && mzc_fixed_size(&spec, seed, &geo.rows, &geo.cols) < 0)
        return MZC_FAIL;
    mz_dims_cells(&geo);
    if (mzc_resolve_rng_note("render", rng, &spec, &geo, seed, rng_note, sizeof rng_note) != 0)
        return MZC_USAGE;
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
    /* Overlays on this shape: 'all' is every one that applies here; one
     * named that does not is refused. */
    unsigned fits = mz_pic_overlays_for(geo.shape);
    if (o.overlays & ~fits) {
        bool all = false;
        for (const char *p = overlay_text; p && *p;) {
            size_t n = strcspn(p, ",");
            all |= n == 3 && strncmp(p, "all", 3) == 0;
            p += n + (p[n] == ',');
        }
        unsigned named = 0;
        if (all) {
            /* The names given besides 'all'. */
            for (const char *p = overlay_text; *p;) {
                size_t n = strcspn(p, ",");
                char one[64];
                unsigned bit;
                snprintf(one, sizeof one, "%.*s", (int)(n < 63 ? n : 63), p);
                if (strcmp(one, "all") != 0 && mz_pic_overlays_parse(one, &bit, err, sizeof err) == MZ_OK)
                    named |= bit;
                p += n + (p[n] == ',');
            }
        } else {
            named = o.overlays;
        }
        if (named & ~fits) {
            unsigned bit = named & ~fits;
            bit &= -bit;
            mzc_error("the %s overlay does not apply to %s cells (it needs square cells)",
                      mz_pic_overlay_name(bit), mz_shape_name(geo.shape));
            return MZC_USAGE;
        }
        o.overlays &= fits;
    }
    if (solver_text && mzc_check_cells(&solver, &geo) != 0)
        return MZC_USAGE;
    bool fixed = (spec.stage[0].algo->flags & MZ_F_FIXED_SIZE) != 0;
    /* The picture's size, its file and its memory, before anything is
     * generated or drawn. */
    mz_pic_estimate est = {0};
    mz_status s = fixed ? MZ_OK
                        : anim ? mz_anim_estimate(&geo, &o, fmt, ao.stride ? 0 : 151, &est)
                               : mz_pic_still_estimate(&geo, &o, fmt, &est);
    if (s == MZ_ETOOBIG)
        return too_big(&geo, &o, fmt, &est);
    if (s != MZ_OK) {
        mzc_error("render: bad picture options (%s)", mz_status_str(s));
        return MZC_USAGE;
    }
    if (mzc_check_memory(&geo, algos, nalgos) != 0)
        return MZC_FAIL;
    if (!fixed) {
        char what[160];
        char name[96];
        mz_dims_format(&geo, name, sizeof name);
        snprintf(what, sizeof what, "a %s picture of a %s maze", format_names[fmt], name);
        /* The maze's grid (its byte and visited bits) and the picture's
         * memory on top; the algorithms' own were checked just above. */
        double grid = (double)mz_dims_cells(&geo) * 1.25;
        if (mzc_check_bytes(what, grid + (double)est.memory_bytes) != 0)
            return MZC_FAIL;
    }
    if (anim) {
        /* The recorded trace, from the steps a cell every entry recorded
         * declares (at most the step limit), before anything runs. */
        uint64_t steps = 0;
        uint64_t bytes = mz_anim_trace_bytes(
            &spec, strcmp(animate, "solve") == 0 ? &solver : NULL, &geo, &ao, &steps);
        char what[160], name[96];
        mz_dims_format(&geo, name, sizeof name);
        snprintf(what, sizeof what, "the trace of an animation of a %s maze (up to %" PRIu64
                 " steps)", name, steps);
        double grid = (double)mz_dims_cells(&geo) * 1.25;
        if (mzc_check_bytes(what, grid + (double)est.memory_bytes + (double)bytes) != 0)
            return MZC_FAIL;
    }
    o.solver = solver_text ? &solver : NULL;

    mzo_frames fs;
    mzo_sink wr;
    int prc = mzo_sink_prepare(&wr, &fs, out, anim && fmt == MZ_PIC_PNG, force, err, sizeof err);
    if (prc != MZO_OK) {
        mzc_error("render: %s", err);
        return prc == MZO_BAD ? MZC_USAGE : MZC_FAIL;
    }
    fputs(rng_note, stderr);
    uint64_t anim_frames = 0;
    if (anim) {
        s = mz_anim_render(&spec, seed, &geo, strcmp(animate, "solve") == 0 ? &solver : NULL,
                           &o, &ao, fmt, mzo_sink_write, &wr, &anim_frames);
        if (mzo_sink_close(&wr, s == MZ_OK, force) != 0 && s == MZ_OK)
            s = MZ_EIO;
    } else {
        mz_grid g = {0};
        mz_extra gx = {0};
        s = mz_generate(&spec, seed, &geo, &g, MZ_GEN_OPTS(1, NULL, &gx));
        if (s == MZ_OK && from && mz_cell_parse(&g, from, &o.heat_from, err, sizeof err) != MZ_OK) {
            mzc_error("%s", err);
            mz_grid_free(&g);
            mzo_sink_close(&wr, false, force);
            return MZC_USAGE;
        }
        if (s == MZ_OK)
            s = mz_pic_render(&g, &o, fmt, mzo_sink_write, &wr);
        if (s == MZ_ETOOBIG) {
            mz_dims gg = mz_grid_dims(&g);
            mz_grid_free(&g);
            mzo_sink_close(&wr, false, force);
            mz_pic_still_estimate(&gg, &o, fmt, &est);
            return too_big(&gg, &o, fmt, &est);
        }
        mz_grid_free(&g);
        if (mzo_sink_close(&wr, s == MZ_OK, force) != 0 && s == MZ_OK)
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
    if (s == MZ_ETOOBIG && anim) {
        if (anim_frames == 0 || est.limit_bytes == 0)
            mzc_error("render: the animation is too large (a trace over %" PRIu64
                      " steps; see docs/render.md)",
                      ao.max_steps ? ao.max_steps : UINT64_C(1) << 24);
        else
            mzc_error("render: the animation is too large (%" PRIu64 " frames: a %s over its "
                      "%.0f MB limit; give a larger --stride; see docs/render.md)",
                      anim_frames, format_names[fmt], (double)est.limit_bytes / 1e6);
        return MZC_USAGE;
    }
    if (s == MZ_EUNSUPPORTED && solver_text && (o.overlays & MZ_OV_ROUTE)) {
        mzc_error("solver '%s' gives no route to draw", solver.algo->name);
        return MZC_USAGE;
    }
    if (s != MZ_OK) {
        mzc_error("render failed: %s%s",
                  s == MZ_EOUTSIDE ? mzc_outside_why(solver_text ? solver.algo : NULL)
                                   : mz_status_str(s),
                  out ? (wr.fs ? " (no frame written)" : " (nothing written)") : "");
        return MZC_FAIL;
    }
    return MZC_OK;
}
