/*
 * picture.h - the pieces of the picture renderer shared by its files
 * (not part of the public API; that is the "Pictures" part of mazebench.h).
 *
 * One drawing path: every still (PNG, SVG, PDF) and every animation frame
 * is a pic_scene - a grid, a fill colour for each cell, a route, markers
 * and a legend - handed to pic_draw(), which draws it on a cairo context.
 * layers.c turns overlays into scenes, anim.c turns trace steps into them.
 * Everything here but pic_draw and the encoders builds without cairo.
 */
#ifndef MZ_PICTURE_H
#define MZ_PICTURE_H

#include "../../mazebench.h"
#include "../../mazebench_render.h"

#include <stdlib.h>
#include <string.h>

#define PIC_NOFILL 0xFF000000u /* a cell left in the background colour */

/* Where things go, in px (points for PDF). */
typedef struct pic_layout {
    double cell, wall, margin;
    double ox, oy;          /* the maze's top-left corner */
    double width, height;   /* the canvas */
    double legend_y;        /* where the legend band starts */
    double scale;           /* hedge: cell / 9 (the board's 9 px cells) */
} pic_layout;

/* One line of the legend. */
enum { LEG_SWATCH = 0, LEG_LINE, LEG_RAMP, LEG_TEXT };
typedef struct pic_legend_item {
    int kind;
    uint32_t rgb;           /* swatch or line colour */
    int ramp;               /* LEG_RAMP: which ramp */
    char text[160];
} pic_legend_item;

#define PIC_MAX_LEGEND 12
#define PIC_LEGEND_ROW 16.0 /* px a legend line */
#define PIC_LEGEND_RAMP 30.0

/* The colour ramps (colours.c). */
enum { RAMP_HEAT = 0, RAMP_VALLEY, RAMP_COUNT };
uint32_t pic_ramp(int ramp, double t); /* t in [0, 1] */

/* A drawable scene. */
typedef struct pic_scene {
    const mz_grid *g;
    const mz_pic_opts *o;
    pic_layout L;
    const uint32_t *fill;       /* a colour a cell or PIC_NOFILL; NULL: none */
    const uint8_t *tiles;       /* draw g's tiles (dots, pills, ...) when set */
    const mz_idx *route;        /* cells, entrance first */
    uint64_t route_len;
    uint32_t route_rgb;
    const mz_idx *answer;       /* hedge: board 09's answer path and lantern */
    uint64_t answer_len;
    mz_idx head;                /* animations: the cell a step concerns, or MZ_NONE */
    int head_dir;               /* and its direction (walker heading), or -1 */
    mz_idx flash;               /* a wall to flash (kruskal's check): cell ... */
    int flash_dir;              /* ... and direction, or -1 */
    unsigned nlegend;
    pic_legend_item legend[PIC_MAX_LEGEND];
} pic_scene;

/* Layout of a maze of geometry geo with nlegend legend lines (ramps count
 * double). MZ_ETOOBIG when the canvas passes the format's limit. */
mz_status pic_layout_make(const mz_dims *geo, const mz_pic_opts *o, mz_pic_format f,
                          unsigned legend_rows, pic_layout *L);

/* Cell shapes (shapes.c): the cells across the picture's longer side (for
 * the automatic cell size), and the maze's extent in px at a cell size. */
uint64_t pic_shape_span(const mz_dims *geo);
void pic_shape_box(const mz_dims *geo, double cell, double *w, double *h);
/* Polar: the angle steps of a turn its arcs are drawn with (chords of
 * about 3 px at the rim); 0 for the other shapes. */
uint64_t pic_shape_steps(const mz_dims *geo, double cell);

/* Is cell i blocked? (Only square cells block; on other shapes bit 4 is a
 * port.) */
static inline bool pic_blocked(const mz_grid *g, mz_idx i)
{
    return g->shape == MZ_SHAPE_ORTHO && (g->c[i] & MZ_BLOCKED);
}

/* Storage behind a still's scene. */
typedef struct pic_store {
    uint32_t *fill;
    mz_idx *route, *answer;
    uint64_t route_len, answer_len;
} pic_store;

/* Build the scene of a still: layout, overlays (running the solvers they
 * need), legend. On failure store may hold memory: free it either way. */
mz_status pic_scene_build(const mz_grid *g, const mz_pic_opts *o, mz_pic_format f, pic_scene *s,
                          pic_store *store);
void pic_store_free(pic_store *store);

/* Call fn once for every straight run of closed walls: (x0, y0)-(x1, y1)
 * in cell units, horizontal runs row line by row line, then vertical ones.
 * Walls between two blocked cells (or a blocked cell and the border) are
 * left out: blocked cells are drawn filled. Returns the run count. */
uint64_t pic_wall_runs(const mz_grid *g, void (*fn)(void *, uint64_t, uint64_t, uint64_t, uint64_t),
                       void *user);

/* Draw a scene on cr (the canvas already sized as s->L). Returns a cairo
 * status as an int (0 = success). Only with MZ_HAVE_CAIRO. */
struct _cairo;
/* A shape's picture file sizes, measured (docs/render.md, "How large a
 * picture is"): SVG and PDF bytes a cell, plain and with overlays (polar:
 * also bytes a ring's angle step), PNG bytes a pixel plain and with
 * overlays, GIF bytes a pixel of the canvas a frame. Each shape's drawing
 * record (shapes.c) holds its own. */
typedef struct pic_est_rate {
    double plain, overlays;           /* bytes a cell */
    double step_plain, step_overlays; /* polar: bytes a ring's angle step */
} pic_est_rate;
typedef struct pic_est {
    pic_est_rate svg, pdf;
    double png[2];
    double gif;
} pic_est;
/* The rates of shape s, or NULL for a shape without a drawing record. */
const pic_est *pic_shape_est(mz_shape s);

int pic_draw(struct _cairo *cr, const pic_scene *s);
/* The same for a grid of any shape but squares (shapes.c), and the legend
 * band both use (draw.c). */
int pic_draw_shape(struct _cairo *cr, const pic_scene *s);
void pic_draw_legend(struct _cairo *cr, const pic_scene *s);

/* Write an RGB24 image surface as a PNG file (png.c). */
struct _cairo_surface;
mz_status pic_png_write(struct _cairo_surface *img, mz_pic_write_fn write, void *user, uint64_t part);

/* Draw a scene into one PNG (written as part) or one SVG or PDF file.
 * Only with MZ_HAVE_CAIRO. */
mz_status pic_emit(const pic_scene *s, mz_pic_format f, mz_pic_write_fn write, void *user,
                   uint64_t part);

/* The animated GIF writer (gif.c). Frames are w x h pixels, rows stride
 * bytes apart, each pixel a uint32_t 0x??RRGGBB (cairo's RGB24). The
 * palette holds the exact colours given, then the colour ramps and a
 * colour cube. Open, a frame at a time (delay in 1/100 s), close (which
 * frees g and returns s, or MZ_EIO when writing failed). Without giflib
 * pic_gif_open returns MZ_EUNSUPPORTED. */
#define PIC_RAMP_STEPS 16 /* the steps of a ramp the animations use */
typedef struct pic_gif pic_gif;
mz_status pic_gif_open(pic_gif **g, int w, int h, const uint32_t *exact, size_t nexact,
                       mz_pic_write_fn write, void *user);
mz_status pic_gif_frame(pic_gif *g, const unsigned char *data, size_t stride, unsigned delay_cs);
mz_status pic_gif_close(pic_gif *g, mz_status s);

/* How a step of algorithm a with op name op is drawn: the op's draw field
 * in the registry, or for an op that leaves it MZ_DRAW_UNSET the kind its
 * name had before the field existed (MZ_DRAW_MARK for a name not known).
 * a may be NULL (the name alone). Cannot fail. */
mz_draw pic_op_draw(const mz_algo *a, const char *op);

/* Default colours (colours.c). */
#define PIC_BG 0xFFFFFFu
#define PIC_FG 0x1A1A1Au
#define PIC_ROUTE 0xD62728u
#define PIC_ENTRANCE 0x1B9E77u
#define PIC_EXIT 0xD95F02u
#define PIC_CLOSED 0xFDD49Eu
#define PIC_ONCE 0xA6CEE3u
#define PIC_MORE 0xFB9A99u
#define PIC_UNREACHED 0xD9D9D9u
#define PIC_DOT 0xE6A700u
#define PIC_PILL 0xE6A700u
#define PIC_TELEPORT 0x7B3294u
#define PIC_HOUSE 0xF4A6C8u
#define PIC_TELEPORT_BG 0xD9C2EAu
#define PIC_BLOCKED 0x8C96A0u
#define PIC_BLOCKED_HEDGE 0x1E4D1Eu

#endif /* MZ_PICTURE_H */
