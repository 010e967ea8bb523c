/*
 * shapes.c - pictures of the cell shapes beyond squares: hex, tri, polar,
 * 3d, weave and torus grids (docs/render.md, "Cell shapes").
 *
 * Exact geometry: every point is an integer in 1/256 px (Q8), computed with
 * integer arithmetic only - square roots by integer Newton steps, polar
 * angles by an integer Taylor series in 2^-30 units - and handed to cairo
 * as k / 256.0, which cairo's 24.8 fixed point holds exactly. Nothing is
 * stroked: walls, the route and the marks are filled polygons (a wall is a
 * quadrilateral around its segment, extended by half its width at both
 * ends; polygons of one fill are all wound the same way, so the nonzero
 * rule draws their union). With antialiasing off (tests, GIF frames) the
 * pixels depend on cairo's fixed-point rasteriser alone, so a PNG's bytes
 * are the same on every machine with the same cairo.
 *
 * How each shape is laid out (c = the cell size in px):
 *   hex    flat-topped hexagons of side 9c/16 in columns, odd columns half
 *          a cell lower; the edge of port p joins corners p and p + 1,
 *          corner 0 the top-left one, clockwise.
 *   tri    triangles of side 3c/2 in rows; (r + c) even points up.
 *   polar  the centre a disc of radius c, ring r between radii rc and
 *          (r + 1)c; angle 0 points east, cells run clockwise; arcs are
 *          chords of at most about 3 px.
 *   3d     the levels side by side, one cell apart, each a square grid;
 *          an open UP port is a triangle pointing up in the cell's upper
 *          half, an open DOWN port one pointing down in its lower half.
 *   weave  square cells drawn as corridors inset c/4 from the cell's
 *          sides; a passage under a cell shows as the two corridor stubs
 *          on either side of the straight corridor that crosses it.
 *   torus  square cells, rows x cols, every cell drawing its own closed
 *          sides; a passage that wraps (a border cell's port leading to
 *          the far side) leaves its border segment open and shows at
 *          both ends as a triangle of width 2c/5, c/4 deep, pointing out
 *          through the opening.
 */
#include "picture.h"

/* ------------------------------------------------------------------ */
/* Integer geometry (no cairo)                                         */
/* ------------------------------------------------------------------ */

#define Q8 256
#define Q30 (INT64_C(1) << 30)
#define HALF_PI_Q30 INT64_C(1686629713) /* round(pi / 2 * 2^30) */
#define POLAR_MAX_STEPS (UINT64_C(1) << 18)

static uint64_t isqrt64(uint64_t v)
{
    uint64_t r = 0, bit = UINT64_C(1) << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

/* v / 2^30 rounded half away from zero (no shifts of negative numbers). */
static int64_t q30_round(int64_t v)
{
    return v >= 0 ? (v + (INT64_C(1) << 29)) >> 30 : -((-v + (INT64_C(1) << 29)) >> 30);
}

/* sin and cos of t (2^-30 radians, |t| <= pi/4), Taylor series in Q30. */
static void sincos_small(int64_t t, int64_t *sn, int64_t *cs)
{
    int64_t a = t < 0 ? -t : t, a2 = (a * a) >> 30;
    int64_t term = a, s = a;
    for (int k = 1; k <= 8; k++) {
        term = ((term * a2) >> 30) / ((2 * k) * (2 * k + 1));
        s += k & 1 ? -term : term;
    }
    int64_t c = Q30;
    term = Q30;
    for (int k = 1; k <= 8; k++) {
        term = ((term * a2) >> 30) / ((2 * k - 1) * (2 * k));
        c += k & 1 ? -term : term;
    }
    *sn = t < 0 ? -s : s;
    *cs = c;
}

/* cos and sin (Q30) of a / d turns, d <= 2^20. */
static void turn_cs(uint64_t a, uint64_t d, int64_t *c, int64_t *s)
{
    a %= d;
    uint64_t q = (4 * a + d / 2) / d;
    int64_t rem = (int64_t)(4 * a) - (int64_t)(q * d);
    int64_t sn, cs;
    sincos_small(rem * HALF_PI_Q30 / (int64_t)d, &sn, &cs);
    switch (q & 3) {
    case 0: *c = cs, *s = sn; break;
    case 1: *c = -sn, *s = cs; break;
    case 2: *c = -cs, *s = -sn; break;
    default: *c = sn, *s = -cs; break;
    }
}

/* The shape's cell sizes in Q8 from the cell size in px. */
typedef struct sgeo {
    mz_shape shape;
    uint64_t levels, rows, cols;
    int64_t c;     /* the cell size */
    int64_t s, h;  /* hex: side, half height; tri: side, height */
    uint64_t D;    /* polar: angle steps a turn */
} sgeo;

/* ---- The drawing of each shape: one record per shape ----
 * Every mz_shape value has a record in pic_shapes (designated
 * initialisers; the _Static_assert below and pic_shape_missing, which
 * tests/test_shape_table.c calls, catch a missing one): no shape falls back
 * to another's drawing. */
struct sdraw;
typedef struct pic_shape_rec {
    /* The shape's sizes in Q8 from G->c (hex, tri: side and height;
     * polar: the angle steps a turn). */
    void (*make)(sgeo *G);
    /* The maze's extent in px at cell size cell. */
    void (*box)(const mz_dims *geo, double cell, double *w, double *h);
    /* The maze's extent in cells (the larger side). */
    uint64_t (*span)(const mz_dims *geo);
#ifdef MZ_HAVE_CAIRO
    /* Cell i's centre (route, marks) in Q8. */
    void (*centre)(const struct sdraw *d, mz_idx i, int64_t *x, int64_t *y);
    /* Add cell i's area to the current path; false when out of memory. */
    bool (*area)(struct sdraw *d, mz_idx i);
    /* The wall of port p of cell i, as segments hw thick (false: out of
     * memory); a port that is no wall segment draws nothing. */
    bool (*wall)(struct sdraw *d, mz_idx i, unsigned p, int64_t hw);
    /* Every closed wall of the maze, into the current path. */
    bool (*walls)(struct sdraw *d, int64_t hw);
    /* What is drawn over the walls (3d: the UP and DOWN marks). */
    void (*marks)(struct sdraw *d);
    /* Are two cells of a route side by side on the page? */
    bool (*adjacent)(const struct sdraw *d, mz_idx a, mz_idx b);
#endif
    /* Ports whose walls walls() draws, by wall(). */
    unsigned wall_ports;
    /* Its picture file sizes, measured with MZ_PRINT_ESTIMATES=1
     * MZ_ESTIMATE_SIZES=big tests/test_render (docs/render.md, "How large
     * a picture is"): a zero rate fails test_shape_table. */
    pic_est est;
} pic_shape_rec;

/* pic_NAME, one a line of the shape list (src/mazebench_shapes.h): the
 * compiler names a shape without one. */
static const pic_shape_rec *const pic_shapes[MZ_SHAPE_COUNT];

static const pic_shape_rec *rec_of(mz_shape s)
{
    return (unsigned)s < MZ_SHAPE_COUNT ? pic_shapes[s] : NULL;
}

const pic_est *pic_shape_est(mz_shape s)
{
    const pic_shape_rec *r = rec_of(s);
    return r ? &r->est : NULL;
}

static void sgeo_make(sgeo *G, const mz_dims *geo, double cell)
{
    memset(G, 0, sizeof *G);
    G->shape = geo->shape;
    G->levels = geo->levels ? geo->levels : 1;
    G->rows = geo->rows;
    G->cols = geo->cols;
    G->c = (int64_t)(cell * Q8 + 0.5);
    const pic_shape_rec *r = rec_of(geo->shape);
    if (r)
        r->make(G);
}

static void sq_make(sgeo *G) { (void)G; }

static void hex_make(sgeo *G)
{
    G->s = (G->c * 9 / 16) & ~INT64_C(1);
    G->h = (int64_t)isqrt64((uint64_t)(3 * G->s * G->s)) / 2;
}

static void tri_make(sgeo *G)
{
    G->s = (G->c * 3 / 2) & ~INT64_C(1);
    G->h = (int64_t)isqrt64((uint64_t)(3 * G->s * G->s)) / 2;
}

static void polar_make(sgeo *G)
{
    uint64_t m = 2;
    /* chords of about 3 px at the rim: 2 pi R / (cols m) <= 3 px */
    while (3 * Q8 * G->cols * m < 7 * G->rows * (uint64_t)G->c && G->cols * m < POLAR_MAX_STEPS)
        m *= 2;
    G->D = G->cols * m;
}

/* The extent of a shape drawn in Q8: computed by box_q8 from the sizes. */
static void box_q8(const mz_dims *geo, double cell, double *w, double *h,
                   void (*q8)(const sgeo *G, int64_t *w, int64_t *h))
{
    sgeo G;
    sgeo_make(&G, geo, cell);
    int64_t bw, bh;
    q8(&G, &bw, &bh);
    *w = (double)bw / Q8;
    *h = (double)bh / Q8;
}

static void hex_box_q8(const sgeo *G, int64_t *w, int64_t *h)
{
    int64_t R = (int64_t)G->rows, C = (int64_t)G->cols;
    *w = G->s * (3 * C + 1) / 2;
    *h = 2 * G->h * R + (C > 1 ? G->h : 0);
}

static void tri_box_q8(const sgeo *G, int64_t *w, int64_t *h)
{
    *w = G->s * ((int64_t)G->cols + 1) / 2;
    *h = G->h * (int64_t)G->rows;
}

static void polar_box_q8(const sgeo *G, int64_t *w, int64_t *h)
{
    *w = *h = 2 * (int64_t)G->rows * G->c;
}

static void cube_box_q8(const sgeo *G, int64_t *w, int64_t *h)
{
    *w = G->c * ((int64_t)G->levels * ((int64_t)G->cols + 1) - 1);
    *h = G->c * (int64_t)G->rows;
}

static void rc_box_q8(const sgeo *G, int64_t *w, int64_t *h)
{
    *w = G->c * (int64_t)G->cols;
    *h = G->c * (int64_t)G->rows;
}

/* Square cells: exactly rows x cols cells of cell px. */
static void ortho_box(const mz_dims *geo, double cell, double *w, double *h)
{
    *w = (double)geo->cols * cell;
    *h = (double)geo->rows * cell;
}

static void hex_box(const mz_dims *geo, double cell, double *w, double *h)
{
    box_q8(geo, cell, w, h, hex_box_q8);
}

static void tri_box(const mz_dims *geo, double cell, double *w, double *h)
{
    box_q8(geo, cell, w, h, tri_box_q8);
}

static void polar_box(const mz_dims *geo, double cell, double *w, double *h)
{
    box_q8(geo, cell, w, h, polar_box_q8);
}

static void cube_box(const mz_dims *geo, double cell, double *w, double *h)
{
    box_q8(geo, cell, w, h, cube_box_q8);
}

static void weave_box(const mz_dims *geo, double cell, double *w, double *h)
{
    box_q8(geo, cell, w, h, rc_box_q8);
}

static uint64_t rc_span(const mz_dims *geo) { return geo->rows > geo->cols ? geo->rows : geo->cols; }

static uint64_t polar_span_cells(const mz_dims *geo) { return 2 * geo->rows; }

static uint64_t cube_span(const mz_dims *geo)
{
    uint64_t w = (geo->levels ? geo->levels : 1) * (geo->cols + 1);
    return w > geo->rows ? w : geo->rows;
}

static uint64_t tri_span(const mz_dims *geo)
{
    uint64_t r = geo->rows, c = geo->cols;
    return r * 3 / 2 > c * 3 / 4 ? r * 3 / 2 : c * 3 / 4 + 1;
}

uint64_t pic_shape_span(const mz_dims *geo)
{
    const pic_shape_rec *r = rec_of(geo->shape);
    return r ? r->span(geo) : 0;
}

void pic_shape_box(const mz_dims *geo, double cell, double *w, double *h)
{
    const pic_shape_rec *r = rec_of(geo->shape);
    *w = *h = 0;
    if (r)
        r->box(geo, cell, w, h);
}

#ifdef MZ_HAVE_CAIRO

#include <cairo.h>

/* ------------------------------------------------------------------ */
/* The drawing state                                                   */
/* ------------------------------------------------------------------ */

#define BATCH 2000 /* polygons to one cairo path */
#define HEAD_RGB 0xE41A1Cu

typedef struct pt {
    int64_t x, y;
} pt;

typedef struct sdraw {
    cairo_t *cr;
    const mz_grid *g;
    sgeo G;
    int64_t ox, oy;    /* the maze's corner */
    int64_t *trig;     /* polar: cos, sin of k / D turns, Q30 */
    pt *buf;           /* polygon points */
    size_t cap;
    uint64_t batched;
} sdraw;

static void rgb(cairo_t *cr, uint32_t c)
{
    cairo_set_source_rgb(cr, ((c >> 16) & 255) / 255.0, ((c >> 8) & 255) / 255.0, (c & 255) / 255.0);
}

static void poly_add(sdraw *d, const pt *p, size_t n)
{
    if (n < 3)
        return;
    /* Wind every polygon the same way (positive area on screen). */
    int64_t area = 0;
    for (size_t k = 0; k < n; k++) {
        const pt *a = &p[k], *b = &p[(k + 1) % n];
        area += (a->x - p[0].x) * (b->y - p[0].y) - (b->x - p[0].x) * (a->y - p[0].y);
    }
    cairo_move_to(d->cr, (double)p[0].x / Q8, (double)p[0].y / Q8);
    if (area >= 0)
        for (size_t k = 1; k < n; k++)
            cairo_line_to(d->cr, (double)p[k].x / Q8, (double)p[k].y / Q8);
    else
        for (size_t k = n - 1; k >= 1; k--)
            cairo_line_to(d->cr, (double)p[k].x / Q8, (double)p[k].y / Q8);
    cairo_close_path(d->cr);
    if (++d->batched % BATCH == 0)
        cairo_fill(d->cr);
}

/* A segment hw thick on each side, extended by ext at both ends. */
static void thick(sdraw *d, int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t hw, int64_t ext)
{
    int64_t dx = bx - ax, dy = by - ay;
    int64_t len = (int64_t)isqrt64((uint64_t)(dx * dx + dy * dy));
    if (len == 0)
        return;
    int64_t ux = dx * ext / len, uy = dy * ext / len, nx = -dy * hw / len, ny = dx * hw / len;
    pt q[4] = {{ax - ux + nx, ay - uy + ny}, {bx + ux + nx, by + uy + ny},
               {bx + ux - nx, by + uy - ny}, {ax - ux - nx, ay - uy - ny}};
    poly_add(d, q, 4);
}

/* A 16-gon of radius r (a disc). */
static void disc(sdraw *d, int64_t x, int64_t y, int64_t r)
{
    pt q[16];
    for (unsigned k = 0; k < 16; k++) {
        int64_t c, s;
        turn_cs(k, 16, &c, &s);
        q[k].x = x + q30_round(r * c);
        q[k].y = y + q30_round(r * s);
    }
    poly_add(d, q, 16);
}

static bool buf_need(sdraw *d, size_t n)
{
    if (n <= d->cap)
        return true;
    pt *nb = realloc(d->buf, n * sizeof *nb);
    if (!nb)
        return false;
    d->buf = nb;
    d->cap = n;
    return true;
}

/* ------------------------------------------------------------------ */
/* Cells                                                               */
/* ------------------------------------------------------------------ */

static void rc_of(const sdraw *d, mz_idx i, uint64_t *l, uint64_t *r, uint64_t *c)
{
    uint64_t plane = d->G.rows * d->G.cols;
    *l = i / plane;
    *r = (i % plane) / d->G.cols;
    *c = i % d->G.cols;
}

/* Square cells (3d, weave): the cell's top-left corner. */
static void sq_corner(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    uint64_t l, r, c;
    rc_of(d, i, &l, &r, &c);
    *x = d->ox + d->G.c * (int64_t)(l * (d->G.cols + 1) + c);
    *y = d->oy + d->G.c * (int64_t)r;
}

static bool tri_up(const sdraw *d, mz_idx i)
{
    return ((i / d->G.cols + i % d->G.cols) & 1) == 0;
}

/* Polar: a point at radius rad (Q8) and angle k / D turns. */
static pt polar_pt(const sdraw *d, int64_t rad, uint64_t k)
{
    int64_t cx = d->ox + (int64_t)d->G.rows * d->G.c, cy = d->oy + (int64_t)d->G.rows * d->G.c;
    k %= d->G.D;
    pt p = {cx + q30_round(rad * d->trig[2 * k]), cy + q30_round(rad * d->trig[2 * k + 1])};
    return p;
}

/* Polar: cell i's ring, and its angle span [a0, a1] in steps. */
static void polar_span(const sdraw *d, mz_idx i, uint64_t *ring, uint64_t *a0, uint64_t *a1)
{
    uint64_t pos;
    mz_polar_locate(i, ring, &pos);
    uint64_t w = *ring ? d->G.D / mz_polar_ring_cells(*ring) : d->G.D;
    *a0 = pos * w;
    *a1 = *a0 + w;
}

static void hex_centre(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    const sgeo *G = &d->G;
    uint64_t r = i / G->cols, c = i % G->cols;
    *x = d->ox + G->s + (int64_t)c * 3 * G->s / 2;
    *y = d->oy + G->h + (int64_t)r * 2 * G->h + (c & 1 ? G->h : 0);
}

static void tri_centre(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    const sgeo *G = &d->G;
    uint64_t r = i / G->cols, c = i % G->cols;
    *x = d->ox + (int64_t)(c + 1) * G->s / 2;
    *y = d->oy + (int64_t)r * G->h + (tri_up(d, i) ? 2 * G->h / 3 : G->h / 3);
}

static void polar_centre(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    const sgeo *G = &d->G;
    uint64_t ring, a0, a1;
    polar_span(d, i, &ring, &a0, &a1);
    if (ring == 0) {
        *x = d->ox + (int64_t)G->rows * G->c;
        *y = d->oy + (int64_t)G->rows * G->c;
    } else {
        pt p = polar_pt(d, (int64_t)(2 * ring + 1) * G->c / 2, (a0 + a1) / 2);
        *x = p.x;
        *y = p.y;
    }
}

/* Square cells (square, 3d, weave). */
static void sq_centre(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    sq_corner(d, i, x, y);
    *x += d->G.c / 2;
    *y += d->G.c / 2;
}

static void centre_of(const sdraw *d, mz_idx i, int64_t *x, int64_t *y)
{
    rec_of(d->G.shape)->centre(d, i, x, y);
}

/* Hex corners relative to the centre: 0 top-left, clockwise. */
static pt hex_corner(const sdraw *d, int64_t cx, int64_t cy, unsigned k)
{
    int64_t s = d->G.s, h = d->G.h;
    static const int sx[6] = {-1, 1, 2, 1, -1, -2}, sy[6] = {-1, -1, 0, 1, 1, 0};
    pt p = {cx + sx[k % 6] * s / 2, cy + sy[k % 6] * h};
    return p;
}

/* Triangle corners: up: apex, base right, base left; down: top left, top
 * right, bottom apex. */
static void tri_corners(const sdraw *d, mz_idx i, pt q[3])
{
    uint64_t r = i / d->G.cols, c = i % d->G.cols;
    int64_t x0 = d->ox + (int64_t)c * d->G.s / 2, y0 = d->oy + (int64_t)r * d->G.h;
    int64_t s = d->G.s, h = d->G.h;
    if (tri_up(d, i)) {
        q[0] = (pt){x0 + s / 2, y0};
        q[1] = (pt){x0 + s, y0 + h};
        q[2] = (pt){x0, y0 + h};
    } else {
        q[0] = (pt){x0, y0};
        q[1] = (pt){x0 + s, y0};
        q[2] = (pt){x0 + s / 2, y0 + h};
    }
}

/* An arc at radius rad from a0 to a1 steps, as points into d->buf from at. */
static size_t arc_pts(sdraw *d, size_t at, int64_t rad, uint64_t a0, uint64_t a1, bool rev)
{
    for (uint64_t k = 0; k <= a1 - a0; k++)
        d->buf[at++] = polar_pt(d, rad, rev ? a1 - k : a0 + k);
    return at;
}

/* Weave: is side dir of cell i open, or does a passage run under i
 * across that side? */
static bool weave_open(const mz_grid *g, mz_idx i, unsigned dir)
{
    return !(g->c[i] & (1u << dir)) || !(g->c[i] & (1u << (4 + dir)));
}

static bool weave_under(const mz_grid *g, mz_idx i, unsigned dir)
{
    /* a passage under i along dir's axis leaves the neighbour on one side
     * through its under-port toward i */
    unsigned ax = dir & 1; /* 0: N-S, 1: E-W */
    mz_idx a = mz_port_nbr(g, i, ax ? MZ_W : MZ_N);
    return a != MZ_NONE && !(g->c[a] & (1u << (4 + (ax ? MZ_E : MZ_S))));
}

/* Add cell i's area to the current path. */
static bool hex_area(sdraw *d, mz_idx i)
{
    int64_t x, y;
    centre_of(d, i, &x, &y);
    pt q[6];
    for (unsigned k = 0; k < 6; k++)
        q[k] = hex_corner(d, x, y, k);
    poly_add(d, q, 6);
    return true;
}

static bool tri_area(sdraw *d, mz_idx i)
{
    pt q[3];
    tri_corners(d, i, q);
    poly_add(d, q, 3);
    return true;
}

static bool polar_area(sdraw *d, mz_idx i)
{
    const sgeo *G = &d->G;
    uint64_t ring, a0, a1;
    polar_span(d, i, &ring, &a0, &a1);
    if (!buf_need(d, 2 * (a1 - a0) + 4))
        return false;
    size_t n;
    if (ring == 0) {
        n = arc_pts(d, 0, G->c, 0, G->D - 1, false);
    } else {
        n = arc_pts(d, 0, (int64_t)(ring + 1) * G->c, a0, a1, false);
        n = arc_pts(d, n, (int64_t)ring * G->c, a0, a1, true);
    }
    poly_add(d, d->buf, n);
    return true;
}

static bool weave_area(sdraw *d, mz_idx i)
{
    const sgeo *G = &d->G;
    int64_t x, y, c = G->c, t = G->c / 4;
    sq_corner(d, i, &x, &y);
    pt q[4] = {{x + t, y + t}, {x + c - t, y + t}, {x + c - t, y + c - t}, {x + t, y + c - t}};
    poly_add(d, q, 4);
    for (unsigned dir = 0; dir < 4; dir++) {
        if (!weave_open(d->g, i, dir))
            continue;
        int64_t x0 = x + t, y0 = y + t, x1 = x + c - t, y1 = y + c - t;
        switch (dir) {
        case MZ_N: y1 = y0, y0 = y; break;
        case MZ_S: y0 = y1, y1 = y + c; break;
        case MZ_E: x0 = x1, x1 = x + c; break;
        default: x1 = x0, x0 = x; break;
        }
        pt r[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
        poly_add(d, r, 4);
    }
    return true;
}

/* Square cells (square, 3d). */
static bool sq_area(sdraw *d, mz_idx i)
{
    const sgeo *G = &d->G;
    int64_t x, y;
    sq_corner(d, i, &x, &y);
    pt q[4] = {{x, y}, {x + G->c, y}, {x + G->c, y + G->c}, {x, y + G->c}};
    poly_add(d, q, 4);
    return true;
}

/* ------------------------------------------------------------------ */
/* Walls                                                               */
/* ------------------------------------------------------------------ */

/* The wall of port p of cell i, as segments hw thick. */
static bool hex_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    int64_t x, y;
    centre_of(d, i, &x, &y);
    pt a = hex_corner(d, x, y, p), b = hex_corner(d, x, y, p + 1);
    thick(d, a.x, a.y, b.x, b.y, hw, hw);
    return true;
}

static bool tri_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    pt q[3];
    tri_corners(d, i, q);
    bool up = tri_up(d, i);
    /* up: W = left base - apex, E = apex - right base, base; down: W =
     * top left - apex, E = apex - top right, base = the top */
    pt a, b;
    if (p == 0)
        a = up ? q[2] : q[0], b = up ? q[0] : q[2];
    else if (p == 1)
        a = up ? q[0] : q[2], b = q[1];
    else
        a = up ? q[2] : q[0], b = q[1];
    thick(d, a.x, a.y, b.x, b.y, hw, hw);
    return true;
}

/* Polar: OUT1 where the next ring does not double (the rim included) is
 * no wall: OUT0 draws the whole outer arc. */
static bool polar_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    const sgeo *G = &d->G;
    uint64_t ring, a0, a1;
    polar_span(d, i, &ring, &a0, &a1);
    int64_t rin = (int64_t)ring * G->c, rout = rin + G->c;
    if (ring == 0) { /* the arc toward ring 1's cell p */
        uint64_t w = G->D / 6;
        a0 = p * w;
        a1 = a0 + w;
        rin = rout;
    } else if (p <= 1) {
        pt a = polar_pt(d, rin, p == 0 ? a1 : a0), b = polar_pt(d, rout, p == 0 ? a1 : a0);
        thick(d, a.x, a.y, b.x, b.y, hw, hw);
        return true;
    } else if (p >= 3) {
        bool doubles = ring + 1 < G->rows
                           ? mz_polar_ring_cells(ring + 1) != mz_polar_ring_cells(ring)
                           : false;
        if (doubles && p == 3)
            a1 = (a0 + a1) / 2;
        else if (doubles)
            a0 = (a0 + a1) / 2;
        else if (p == 4)
            return true;
        rin = rout;
    }
    if (!buf_need(d, a1 - a0 + 1))
        return false;
    size_t n = arc_pts(d, 0, rin, a0, a1, false);
    for (size_t k = 0; k + 1 < n; k++)
        thick(d, d->buf[k].x, d->buf[k].y, d->buf[k + 1].x, d->buf[k + 1].y, hw, hw);
    return true;
}

/* The side p & 3 of a square of side c at (x, y). */
static void sq_side(sdraw *d, int64_t x, int64_t y, int64_t c, unsigned p, int64_t hw)
{
    switch (p & 3) {
    case MZ_N: thick(d, x, y, x + c, y, hw, hw); break;
    case MZ_E: thick(d, x + c, y, x + c, y + c, hw, hw); break;
    case MZ_S: thick(d, x, y + c, x + c, y + c, hw, hw); break;
    default: thick(d, x, y, x, y + c, hw, hw); break;
    }
}

/* Square cells (square, 3d): the square's side. */
static bool sq_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    int64_t x, y;
    sq_corner(d, i, &x, &y);
    sq_side(d, x, y, d->G.c, p, hw);
    return true;
}

/* Weave: the side of the corridor square, inset c/4. */
static bool weave_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    int64_t x, y, c = d->G.c, t = c / 4;
    sq_corner(d, i, &x, &y);
    sq_side(d, x + t, y + t, c - 2 * t, p, hw);
    return true;
}

static bool port_wall(sdraw *d, mz_idx i, unsigned p, int64_t hw)
{
    return rec_of(d->G.shape)->wall(d, i, p, hw);
}

/* Weave: the walls of cell i's inset corridors. */
static void weave_walls(sdraw *d, mz_idx i, int64_t hw)
{
    int64_t x, y, c = d->G.c, t = d->G.c / 4;
    sq_corner(d, i, &x, &y);
    for (unsigned dir = 0; dir < 4; dir++) {
        if (!weave_open(d->g, i, dir)) {
            port_wall(d, i, dir, hw);
            if (!weave_under(d->g, i, dir))
                continue;
        }
        /* the corridor's two sides across the margin */
        switch (dir) {
        case MZ_N:
            thick(d, x + t, y, x + t, y + t, hw, hw);
            thick(d, x + c - t, y, x + c - t, y + t, hw, hw);
            break;
        case MZ_S:
            thick(d, x + t, y + c - t, x + t, y + c, hw, hw);
            thick(d, x + c - t, y + c - t, x + c - t, y + c, hw, hw);
            break;
        case MZ_E:
            thick(d, x + c - t, y + t, x + c, y + t, hw, hw);
            thick(d, x + c - t, y + c - t, x + c, y + c - t, hw, hw);
            break;
        default:
            thick(d, x, y + t, x + t, y + t, hw, hw);
            thick(d, x, y + c - t, x + t, y + c - t, hw, hw);
            break;
        }
    }
}

/* Every closed wall of the ports 0 .. wall_ports - 1, each once. */
static bool port_walls(sdraw *d, int64_t hw)
{
    const mz_grid *g = d->g;
    const pic_shape_rec *r = rec_of(d->G.shape);
    for (mz_idx i = 0; i < g->cells; i++) {
        for (unsigned p = 0; p < r->wall_ports; p++) {
            if (!(g->c[i] & (1u << p)))
                continue;
            mz_idx n = mz_port_nbr(g, i, p);
            if (n != MZ_NONE && n < i)
                continue;
            if (!r->wall(d, i, p, hw))
                return false;
        }
    }
    return true;
}

static bool weave_all_walls(sdraw *d, int64_t hw)
{
    for (mz_idx i = 0; i < d->g->cells; i++)
        weave_walls(d, i, hw);
    return true;
}

static bool draw_walls(sdraw *d, int64_t hw)
{
    cairo_new_path(d->cr);
    d->batched = 0;
    if (!rec_of(d->G.shape)->walls(d, hw))
        return false;
    cairo_fill(d->cr);
    return true;
}

static void no_marks(sdraw *d) { (void)d; }

/* Torus: every closed side of every cell (the sides between two cells
 * twice, the same polygon; a wrapping side on both borders). */
static bool torus_walls(sdraw *d, int64_t hw)
{
    const mz_grid *g = d->g;
    for (mz_idx i = 0; i < g->cells; i++)
        for (unsigned p = 0; p < 4; p++)
            if (g->c[i] & (1u << p))
                sq_wall(d, i, p, hw);
    return true;
}

/* Torus: a triangle pointing out through each open border side (a
 * passage that wraps to the far side). */
static void torus_marks(sdraw *d)
{
    const mz_grid *g = d->g;
    const uint64_t R = d->G.rows, C = d->G.cols;
    const int64_t c = d->G.c, w = c / 5, t = c / 4;
    cairo_new_path(d->cr);
    d->batched = 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        const uint64_t r = i / C, k = i % C;
        int64_t x, y;
        sq_corner(d, i, &x, &y);
        const int64_t cx = x + c / 2, cy = y + c / 2;
        if (r == 0 && !(g->c[i] & (1u << MZ_N))) {
            pt q[3] = {{cx, y}, {cx + w, y + t}, {cx - w, y + t}};
            poly_add(d, q, 3);
        }
        if (r + 1 == R && !(g->c[i] & (1u << MZ_S))) {
            pt q[3] = {{cx, y + c}, {cx - w, y + c - t}, {cx + w, y + c - t}};
            poly_add(d, q, 3);
        }
        if (k == 0 && !(g->c[i] & (1u << MZ_W))) {
            pt q[3] = {{x, cy}, {x + t, cy - w}, {x + t, cy + w}};
            poly_add(d, q, 3);
        }
        if (k + 1 == C && !(g->c[i] & (1u << MZ_E))) {
            pt q[3] = {{x + c, cy}, {x + c - t, cy + w}, {x + c - t, cy - w}};
            poly_add(d, q, 3);
        }
    }
    cairo_fill(d->cr);
}

/* 3d: a triangle up (UP open) and down (DOWN open). */
static void cube_marks(sdraw *d)
{
    const mz_grid *g = d->g;
    int64_t c = d->G.c;
    cairo_new_path(d->cr);
    d->batched = 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        int64_t x, y;
        sq_corner(d, i, &x, &y);
        int64_t cx = x + c / 2, w = c / 5;
        if (!(g->c[i] & 16u)) {
            pt q[3] = {{cx, y + c / 8}, {cx + w, y + 3 * c / 8}, {cx - w, y + 3 * c / 8}};
            poly_add(d, q, 3);
        }
        if (!(g->c[i] & 32u)) {
            pt q[3] = {{cx, y + c - c / 8}, {cx - w, y + c - 3 * c / 8}, {cx + w, y + c - 3 * c / 8}};
            poly_add(d, q, 3);
        }
    }
    cairo_fill(d->cr);
}

/* ------------------------------------------------------------------ */
/* Route, marks, the scene                                             */
/* ------------------------------------------------------------------ */

/* Are two route cells side by side on the page? (3d: on one level.) */
static bool cube_adjacent(const sdraw *d, mz_idx a, mz_idx b)
{
    uint64_t plane = d->G.rows * d->G.cols;
    return a / plane == b / plane;
}

/* Torus: not across a wrap (the two cells at opposite borders). */
static bool torus_adjacent(const sdraw *d, mz_idx a, mz_idx b)
{
    const uint64_t C = d->G.cols;
    const uint64_t dr = a / C > b / C ? a / C - b / C : b / C - a / C;
    const uint64_t dc = a % C > b % C ? a % C - b % C : b % C - a % C;
    return dr + dc <= 1;
}

static bool flat_adjacent(const sdraw *d, mz_idx a, mz_idx b)
{
    (void)d;
    (void)a;
    (void)b;
    return true;
}

static void draw_route(sdraw *d, const mz_idx *p, uint64_t n, int64_t hw)
{
    if (n == 0)
        return;
    cairo_new_path(d->cr);
    d->batched = 0;
    int64_t px = 0, py = 0;
    for (uint64_t k = 0; k < n; k++) {
        if (p[k] >= d->g->cells)
            continue;
        int64_t x, y;
        centre_of(d, p[k], &x, &y);
        disc(d, x, y, hw);
        if (k > 0 && rec_of(d->G.shape)->adjacent(d, p[k - 1], p[k]))
            thick(d, px, py, x, y, hw, 0);
        px = x, py = y;
    }
    cairo_fill(d->cr);
}

int pic_draw_shape(cairo_t *cr, const pic_scene *s)
{
    const mz_grid *g = s->g;
    const mz_pic_opts *o = s->o;
    sdraw d;
    memset(&d, 0, sizeof d);
    d.cr = cr;
    d.g = g;
    mz_dims geo = mz_grid_dims(g);
    sgeo_make(&d.G, &geo, s->L.cell);
    d.ox = (int64_t)(s->L.ox * Q8 + 0.5);
    d.oy = (int64_t)(s->L.oy * Q8 + 0.5);
    if (d.G.D) { /* polar: the angle steps' cos and sin */
        d.trig = malloc(2 * d.G.D * sizeof *d.trig);
        if (!d.trig)
            return (int)CAIRO_STATUS_NO_MEMORY;
        for (uint64_t k = 0; k < d.G.D; k++)
            turn_cs(k, d.G.D, &d.trig[2 * k], &d.trig[2 * k + 1]);
    }
    bool ok = buf_need(&d, 64);
    cairo_save(cr);
    cairo_identity_matrix(cr);
    cairo_set_antialias(cr, o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    rgb(cr, o->bg);
    cairo_paint(cr);
    /* Fills: runs of cells of one colour to a path. */
    if (s->fill && ok) {
        uint32_t cur = PIC_NOFILL;
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE); /* no seams between cells */
        cairo_new_path(cr);
        d.batched = 0;
        for (mz_idx i = 0; i < g->cells && ok; i++) {
            uint32_t c = s->fill[i];
            if (c == PIC_NOFILL)
                continue;
            if (c != cur) {
                cairo_fill(cr);
                rgb(cr, c);
                cur = c;
            }
            ok = rec_of(d.G.shape)->area(&d, i);
        }
        cairo_fill(cr);
        cairo_set_antialias(cr, o->antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE);
    }
    int64_t hw = (int64_t)(s->L.wall * Q8 / 2 + 0.5);
    if (hw < Q8 / 4)
        hw = Q8 / 4;
    rgb(cr, o->fg);
    if (ok)
        ok = draw_walls(&d, hw);
    rec_of(d.G.shape)->marks(&d);
    int64_t cell = d.G.c;
    if (s->route_len) {
        int64_t rw = cell * 3 / 20 < Q8 / 2 ? Q8 / 2 : cell * 3 / 20;
        rgb(cr, s->route_rgb);
        draw_route(&d, s->route, s->route_len, rw);
    }
    if (s->flash != MZ_NONE && s->flash < g->cells && s->flash_dir >= 0 &&
        (unsigned)s->flash_dir < mz_shape_ports(d.G.shape) && ok) {
        rgb(cr, HEAD_RGB);
        cairo_new_path(cr);
        ok = port_wall(&d, s->flash, (unsigned)s->flash_dir, hw * 2);
        cairo_fill(cr);
    }
    int64_t x, y;
    if (s->head != MZ_NONE && s->head < g->cells) {
        rgb(cr, HEAD_RGB);
        cairo_new_path(cr);
        centre_of(&d, s->head, &x, &y);
        disc(&d, x, y, cell * 34 / 100);
        cairo_fill(cr);
    }
    if (o->marks) {
        int64_t r = cell * 32 / 100 < 3 * Q8 ? 3 * Q8 : cell * 32 / 100;
        if (g->entrance < g->cells) {
            rgb(cr, o->entrance_rgb);
            cairo_new_path(cr);
            centre_of(&d, g->entrance, &x, &y);
            disc(&d, x, y, r);
            cairo_fill(cr);
        }
        if (g->exit < g->cells) {
            rgb(cr, o->exit_rgb);
            cairo_new_path(cr);
            centre_of(&d, g->exit, &x, &y);
            pt q[4] = {{x - r, y - r}, {x + r, y - r}, {x + r, y + r}, {x - r, y + r}};
            poly_add(&d, q, 4);
            cairo_fill(cr);
        }
    }
    cairo_restore(cr);
    pic_draw_legend(cr, s);
    free(d.trig);
    free(d.buf);
    if (!ok)
        return (int)CAIRO_STATUS_NO_MEMORY;
    return (int)cairo_status(cr);
}

#endif /* MZ_HAVE_CAIRO */

uint64_t pic_shape_steps(const mz_dims *geo, double cell)
{
    sgeo G;
    sgeo_make(&G, geo, cell);
    return G.D; /* 0 but for polar */
}

/* ------------------------------------------------------------------ */
/* The records                                                         */
/* ------------------------------------------------------------------ */

#ifdef MZ_HAVE_CAIRO
#define DRAW_OPS(centre_, area_, wall_, walls_, marks_, adjacent_)                              \
    .centre = centre_, .area = area_, .wall = wall_, .walls = walls_, .marks = marks_,           \
    .adjacent = adjacent_,
#else
#define DRAW_OPS(centre_, area_, wall_, walls_, marks_, adjacent_)
#endif

/* Square cells: pictures of the square grid take draw.c's own path; this
 * record draws the same cells and walls for any code that asks it. */
static const pic_shape_rec pic_ortho = {
    .make = sq_make, .box = ortho_box, .span = rc_span,
    DRAW_OPS(sq_centre, sq_area, sq_wall, port_walls, no_marks, flat_adjacent)
    .wall_ports = 4,
    .est = {.svg = {12, 4, 0, 0}, .pdf = {4, 4, 0, 0}, .png = {0.4, 0.8}, .gif = 0.004},
};
static const pic_shape_rec pic_hex = {
    .make = hex_make, .box = hex_box, .span = rc_span,
    DRAW_OPS(hex_centre, hex_area, hex_wall, port_walls, no_marks, flat_adjacent)
    .wall_ports = 6,
    .est = {.svg = {230, 350, 0, 0}, .pdf = {40, 80, 0, 0}, .png = {2.6, 3.1}, .gif = 0.004},
};
static const pic_shape_rec pic_tri = {
    .make = tri_make, .box = tri_box, .span = tri_span,
    DRAW_OPS(tri_centre, tri_area, tri_wall, port_walls, no_marks, flat_adjacent)
    .wall_ports = 3,
    .est = {.svg = {60, 300, 0, 0}, .pdf = {20, 60, 0, 0}, .png = {1.2, 2.5}, .gif = 0.004},
};
static const pic_shape_rec pic_polar = {
    .make = polar_make, .box = polar_box, .span = polar_span_cells,
    DRAW_OPS(polar_centre, polar_area, polar_wall, port_walls, no_marks, flat_adjacent)
    .wall_ports = 6,
    .est = {.svg = {230, 330, 150, 90}, .pdf = {40, 100, 30, 20}, .png = {1.0, 2.5}, .gif = 0.004},
};
static const pic_shape_rec pic_cube = {
    .make = sq_make, .box = cube_box, .span = cube_span,
    DRAW_OPS(sq_centre, sq_area, sq_wall, port_walls, cube_marks, cube_adjacent)
    .wall_ports = 4, /* UP and DOWN are marks, not walls */
    .est = {.svg = {100, 350, 0, 0}, .pdf = {30, 70, 0, 0}, .png = {0.5, 1.0}, .gif = 0.004},
};
static const pic_shape_rec pic_weave = {
    .make = sq_make, .box = weave_box, .span = rc_span,
    DRAW_OPS(sq_centre, weave_area, weave_wall, weave_all_walls, no_marks, flat_adjacent)
    .wall_ports = 4,
    .est = {.svg = {420, 400, 0, 0}, .pdf = {75, 80, 0, 0}, .png = {0.6, 1.0}, .gif = 0.004},
};

static const pic_shape_rec pic_torus = {
    .make = sq_make, .box = ortho_box, .span = rc_span,
    DRAW_OPS(sq_centre, sq_area, sq_wall, torus_walls, torus_marks, torus_adjacent)
    .wall_ports = 4,
    .est = {.svg = {100, 260, 0, 0}, .pdf = {15, 35, 0, 0}, .png = {0.3, 0.5}, .gif = 0.004},
};

#define PIC_ROW(ID, name) [MZ_SHAPE_##ID] = &pic_##name,
static const pic_shape_rec *const pic_shapes[MZ_SHAPE_COUNT] = {MZ_SHAPE_LIST(PIC_ROW)};
#undef PIC_ROW

int pic_shape_missing(void)
{
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        const pic_shape_rec *r = pic_shapes[k];
        if (!r || !r->make || !r->box || !r->span || r->wall_ports == 0)
            return (int)k;
#ifdef MZ_HAVE_CAIRO
        if (!r->centre || !r->area || !r->wall || !r->walls || !r->marks || !r->adjacent)
            return (int)k;
#endif
    }
    return -1;
}
