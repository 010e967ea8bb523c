/*
 * mazebench_render.h - part of the public C API of the mazebench library:
 * ASCII art, the hedge garden, pictures and animations (docs/render.md).
 * Not included by mazebench.h: a program that uses them includes this
 * header after mazebench.h.
 */
#ifndef MAZEBENCH_RENDER_H
#define MAZEBENCH_RENDER_H

#include "mazebench.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Renderers                                                           */
/* ------------------------------------------------------------------ */

/* Render g as ASCII art (+--+ walls, or tile letters when g->tiles is set),
 * optionally marking path cells with '.'. Returns a malloc'd NUL-terminated
 * string the caller frees, or NULL on allocation failure or a grid larger
 * than max_cells. */
MZ_API char *mz_render_ascii(const mz_grid *g, const mz_idx *path, uint64_t path_len,
                             uint64_t max_cells);

/* The hedge garden (docs/algorithms.md, board 09): one SVG frame of the scene at
 * time_ms (closed walls as lifted hedges with sun shadows, the answer path,
 * the lantern on it, the fog). Returns a malloc'd string the caller frees,
 * or NULL on allocation failure, an unreachable exit, a negative time or a
 * grid larger than max_cells. */
MZ_API char *mz_render_hedge_svg(const mz_grid *g, double time_ms, uint64_t max_cells);

/* Pictures: library mazebench_render (src/render/picture/, docs/render.md).
 * One drawing path on cairo writes PNG, SVG and PDF stills; a trace replays
 * into an animated GIF (giflib) or a numbered PNG sequence. Built without
 * cairo or giflib, those formats return MZ_EUNSUPPORTED (mz_pic_supported
 * says which, mz_pic_package names the Debian package that brings them). */
typedef enum mz_pic_format { MZ_PIC_PNG = 0, MZ_PIC_SVG, MZ_PIC_PDF, MZ_PIC_GIF } mz_pic_format;
typedef enum mz_pic_style { MZ_PIC_PLAIN = 0, MZ_PIC_HEDGE } mz_pic_style;

/* Overlays, as bits. */
enum {
    MZ_OV_ROUTE = 1,   /* the solver's route */
    MZ_OV_HEAT = 2,    /* BFS distance from one cell, on a colour ramp (board 05) */
    MZ_OV_VALLEY = 4,  /* detour excess, 0 darkest: the route is the valley floor (board 08) */
    MZ_OV_CLOSED = 8,  /* the cells a search closed, from its trace (board 06) */
    MZ_OV_TRAIL = 16,  /* the wall follower's cells, entered once / more often (board 07) */
    MZ_OV_TILES = 32   /* tile generators: dots, pills, teleports, the house, blocked cells */
};
#define MZ_OV_ALL 63u

typedef struct mz_pic_opts {
    mz_pic_style style;
    unsigned overlays;       /* MZ_OV_* bits */
    double cell_px;          /* a cell's side; 0: automatic */
    double wall_px;          /* a wall's width; 0: automatic */
    double margin_px;        /* blank border; negative: automatic */
    uint32_t bg, fg;         /* background and wall colours, 0xRRGGBB */
    uint32_t route_rgb, entrance_rgb, exit_rgb;
    bool antialias;          /* false: exact pixels (tests, GIF frames) */
    bool legend;             /* a legend band under the maze for the overlays */
    bool marks;              /* mark the entrance and the exit */
    double time_ms;          /* hedge style: the frame's time */
    mz_idx heat_from;        /* heat source cell; MZ_NONE: the entrance */
    const mz_stage *solver;  /* route, closed and trail solver; NULL: defaults */
} mz_pic_opts;

/* Output goes through a callback: part is 0 for a single file, the frame
 * number (0-based) for a PNG sequence. Returns 0 on success; anything else
 * makes the call fail with MZ_EIO. */
typedef int (*mz_pic_write_fn)(void *user, uint64_t part, const unsigned char *data, size_t len);

/* Defaults: plain style, no overlays, automatic sizes, black on white,
 * antialiased, legend and marks on, time 0, heat from the entrance. */
MZ_API void mz_pic_defaults(mz_pic_opts *o);
/* Was the format compiled in? Cannot fail. */
MZ_API bool mz_pic_supported(mz_pic_format f);
/* The Debian package a format needs ("libcairo2-dev", "libgif-dev"). */
MZ_API const char *mz_pic_package(mz_pic_format f);
/* Parse "route,heat,..." (names as mz_pic_overlay_name; "all", "none").
 * MZ_EPARAM with a one-line reason in err. */
MZ_API mz_status mz_pic_overlays_parse(const char *list, unsigned *bits, char *err, size_t errlen);
/* The name of one overlay bit, or NULL. */
MZ_API const char *mz_pic_overlay_name(unsigned bit);
/* Does the overlay mean anything on a maze of this generator? (tiles only
 * for generators that block cells or paint tiles; the rest everywhere.) */
MZ_API bool mz_pic_overlay_applies(unsigned bit, const mz_algo *gen);
/* The picture's size in px (points for PDF) for a maze of dims
 * (docs/render.md, "Cell shapes"). MZ_ETOOBIG past the format's limit
 * (docs/render.md), MZ_EINVAL for bad options, MZ_EUNSUPPORTED for the
 * hedge style on a shape other than squares. */
MZ_API mz_status mz_pic_size(const mz_dims *dims, const mz_pic_opts *o, mz_pic_format f,
                             uint64_t *width, uint64_t *height);
/* The largest n such that an n x n maze fits format f with options o. */
MZ_API uint64_t mz_pic_max_side(const mz_pic_opts *o, mz_pic_format f);
/* What a picture takes, known before anything is generated or drawn: its
 * size, at least the bytes of its file (an animation: of the GIF, or of
 * every PNG frame together), at least the memory drawing it takes beyond
 * the maze itself, and the format's file limit (0: none). The byte figures
 * are per shape, from measurements (docs/render.md). */
typedef struct mz_pic_estimate {
    uint64_t width, height;
    uint64_t file_bytes, memory_bytes, limit_bytes;
    uint64_t frames; /* an animation's frames counted (0: unknown yet) */
} mz_pic_estimate;
/* Fill e for a still of a maze of geometry geo. MZ_ETOOBIG past the
 * format's limit (its size, or a file over limit_bytes; e is filled as far
 * as known), MZ_EINVAL for bad options, MZ_EUNSUPPORTED for the hedge
 * style on other cells than squares. */
MZ_API mz_status mz_pic_still_estimate(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                                       mz_pic_estimate *e);
/* The same for an animation of frames frames (0: not known yet, when a
 * stride is given: then the file counts one frame, and mz_anim_render
 * checks the whole once the trace is recorded, before drawing). */
MZ_API mz_status mz_anim_estimate(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                                  uint64_t frames, mz_pic_estimate *e);
/* The overlays that apply to cells of a shape (MZ_OV_* bits): all of them
 * on squares; route, heat, valley and closed elsewhere (the wall follower
 * of trail walks squares only, and tiles are square cells'). */
MZ_API unsigned mz_pic_overlays_for(mz_shape shape);
/* Draw g with its overlays as PNG, SVG or PDF. Runs the solvers and
 * distance fields the overlays need. MZ_EUNSUPPORTED without cairo, for
 * a route overlay with a solver that gives no route (one without
 * MZ_F_PATH, as flood), or a trail or
 * closed overlay whose solver emits no such steps; MZ_ETOOBIG past the
 * format's limit; MZ_EIO when write fails; MZ_ENOMEM. */
MZ_API mz_status mz_pic_render(const mz_grid *g, const mz_pic_opts *o, mz_pic_format f,
                               mz_pic_write_fn write, void *user);

typedef struct mz_anim_opts {
    uint64_t stride;       /* trace steps a frame; 0: about 150 frames */
    uint64_t duration_ms;  /* playing time of the steps (GIF); 0: 4,000 */
    uint64_t hold_ms;      /* how long the last frame stays (GIF) */
    uint64_t max_steps;    /* refuse longer traces with MZ_ETOOBIG (*frames
                            * left 0); 0: 2^24 */
} mz_anim_opts;

/* Animate a trace: generate spec at (seed, dims) recording its steps
 * (solver NULL), or generate it and record the solver's steps; replay them
 * stride steps a frame into an animated GIF (f MZ_PIC_GIF, part 0) or PNG
 * frames (f MZ_PIC_PNG, part = frame number); a step's dir is a port of
 * its cell on every shape. *frames gets the frame count. Statuses as
 * mz_pic_render and mz_generate; MZ_ETOOBIG with *frames 0 for a trace
 * over max_steps, with *frames the frames counted for a file over the
 * format's limit. Optional: solver. */
MZ_API mz_status mz_anim_render(const mz_spec *spec, uint64_t seed, const mz_dims *dims,
                                const mz_stage *solver, const mz_pic_opts *o,
                                const mz_anim_opts *a, mz_pic_format f, mz_pic_write_fn write,
                                void *user, uint64_t *frames);
/* The bytes an animation's recorded trace takes at most, known before
 * anything runs: at most min(mz_trace_steps_bound of the steps recorded
 * (spec's generator chain, or the solver alone), a->max_steps) steps,
 * in a buffer grown by doubling (the old and the new block at once while
 * it grows). *steps gets that bound of the steps (may be NULL). Cannot
 * fail. */
MZ_API uint64_t mz_anim_trace_bytes(const mz_spec *spec, const mz_stage *solver, const mz_dims *geo,
                                    const mz_anim_opts *a, uint64_t *steps);

#ifdef __cplusplus
}
#endif

#endif /* MAZEBENCH_RENDER_H */
