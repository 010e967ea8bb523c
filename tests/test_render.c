/* test_render.c - pictures and animations (src/render/picture/).
 *
 * Every overlay renders on every generator it applies to and changes the
 * picture; PNGs decode to their announced size; two small mazes match
 * their committed pixel digests (tests/render-digests.txt, rewritten by
 * scripts/regen-render-digests.sh); GIFs decode with the expected frame
 * count; sizes past a format's limit are refused. Without cairo the test
 * checks that every format reports MZ_EUNSUPPORTED. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "expect.h"
#include "samples.h"
#include "mazebench.h"
#include "../src/render/picture/picture.h"


#ifdef MZ_HAVE_CAIRO
#include <cairo.h>
#endif
#ifdef MZ_HAVE_GIF
#include <gif_lib.h>
#endif

typedef struct mem {
    unsigned char *p;
    size_t n, cap, at;
} mem;

static int mem_write(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)part;
    mem *m = user;
    if (m->n + len > m->cap) {
        size_t cap = (m->n + len) * 2;
        unsigned char *np = realloc(m->p, cap);
        if (!np)
            return 1;
        m->p = np;
        m->cap = cap;
    }
    memcpy(m->p + m->n, data, len);
    m->n += len;
    return 0;
}

static void gen(const char *text, uint32_t seed, uint64_t rows, uint64_t cols, mz_grid *g)
{
    char err[256];
    mz_spec spec;
    if (mz_spec_parse(text, &spec, err, sizeof err) != MZ_OK)
        fail_msg("%s: %s", text, err);
    mz_extra x;
    memset(&x, 0, sizeof x);
    memset(g, 0, sizeof *g);
    expect_ok(mz_generate(&spec, seed, MZ_SQUARE(rows, cols), g, MZ_GEN_OPTS(1, NULL, &x)),
              "%s seed %u %llux%llu", text,
              seed, (unsigned long long)rows, (unsigned long long)cols);
}

/* A perfect maze on any shape: a depth-first spanning tree over the port
 * API, the weave crossing rules checked before every knock. */
static void shape_maze(const char *grid, uint32_t seed, mz_grid *g)
{
    mz_dims geo;
    assert_int_equal(mz_dims_parse(grid, &geo), MZ_OK);
    memset(g, 0, sizeof *g);
    assert_int_equal(mz_grid_init(g, &geo, NULL), MZ_OK);
    unsigned ports = mz_shape_ports(g->shape);
    unsigned char *seen = calloc(g->cells, 1);
    mz_idx *stack = malloc(g->cells * sizeof *stack);
    assert_true(seen && stack);
    mz_rng rng;
    mz_rng_init(&rng, MZ_RNG_MULBERRY32, seed);
    uint64_t top = 0;
    stack[top++] = 0;
    seen[0] = 1;
    while (top) {
        mz_idx i = stack[top - 1];
        unsigned cand[8], n = 0;
        for (unsigned p = 0; p < ports; p++) {
            mz_idx nb = mz_port_nbr(g, i, p);
            if (nb != MZ_NONE && !seen[nb] && mz_port_can_open(g, i, p))
                cand[n++] = p;
        }
        if (!n) {
            top--;
            continue;
        }
        unsigned p = cand[mz_rng_pick(&rng, n)];
        mz_idx nb = mz_port_nbr(g, i, p);
        mz_port_knock(g, i, p);
        seen[nb] = 1;
        stack[top++] = nb;
    }
    free(seen);
    free(stack);
}

/* Every op of every entry: a draw kind set and in range, solver kinds on
 * solvers and wall-changing kinds on generators. The animation reads
 * nothing else, so an op without a kind would animate as a mark. */
static void test_draw_kinds(void **state)
{
    (void)state;
    unsigned unset = 0, ops = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++) {
        for (const mz_trace_op *t = (*a)->trace_ops; t && t->op; t++) {
            ops++;
            assert_true((unsigned)t->draw < MZ_DRAW_COUNT);
            if (t->draw == MZ_DRAW_UNSET) {
                unset++;
                print_message("%s: op '%s' has no draw kind\n", (*a)->name, t->op);
                continue;
            }
            bool solver_kind = t->draw >= MZ_DRAW_CLOSE;
            bool wall_kind = t->draw >= MZ_DRAW_ENTER && t->draw <= MZ_DRAW_WALL;
            if ((*a)->kind == MZ_SOLVER && wall_kind)
                fail_msg("solver %s: op '%s' would change walls", (*a)->name, t->op);
            if ((*a)->kind != MZ_SOLVER && solver_kind)
                fail_msg("%s: op '%s' has a solver's draw kind", (*a)->name, t->op);
        }
    }
    assert_true(ops > 20);
    if (unset)
        fail_msg("%u of %u trace ops have no draw kind", unset, ops);
    /* The same name is drawn as each entry declares it. */
    assert_int_equal(pic_op_draw(mz_find(MZ_SOLVER, "bfs"), "close"), MZ_DRAW_CLOSE);
    assert_int_equal(pic_op_draw(mz_find(MZ_GEN, "treasure"), "close"), MZ_DRAW_UNPATH);
    assert_int_equal(pic_op_draw(NULL, "push"), MZ_DRAW_MARK);
}

#ifdef MZ_HAVE_CAIRO

static cairo_status_t mem_read(void *closure, unsigned char *data, unsigned int len)
{
    mem *m = closure;
    if (m->at + len > m->n)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(data, m->p + m->at, len);
    m->at += len;
    return CAIRO_STATUS_SUCCESS;
}

/* Decode a PNG; FNV-1a 64 over its pixels' R, G, B bytes, row by row. */
static uint64_t png_digest(mem *m, int *w, int *h)
{
    m->at = 0;
    cairo_surface_t *s = cairo_image_surface_create_from_png_stream(mem_read, m);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    *w = cairo_image_surface_get_width(s);
    *h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *d = cairo_image_surface_get_data(s);
    uint64_t hsh = 0xcbf29ce484222325u;
    for (int y = 0; y < *h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(d + (size_t)y * (size_t)stride);
        for (int x = 0; x < *w; x++) {
            for (int sh = 16; sh >= 0; sh -= 8) {
                hsh ^= (row[x] >> sh) & 255u;
                hsh *= 0x100000001b3u;
            }
        }
    }
    cairo_surface_destroy(s);
    return hsh;
}

static uint64_t render_digest(const mz_grid *g, const mz_pic_opts *o, int *w, int *h)
{
    mem m = {0};
    mz_status s = mz_pic_render(g, o, MZ_PIC_PNG, mem_write, &m);
    if (s != MZ_OK)
        fail_msg("render: %s", mz_status_str(s));
    uint64_t d = png_digest(&m, w, h);
    free(m.p);
    return d;
}

static void exact_opts(mz_pic_opts *o)
{
    mz_pic_defaults(o);
    o->antialias = false;
    o->legend = false;
    o->cell_px = 6;
}

/* Every overlay, on every generator it applies to (and a braided maze),
 * renders and changes the picture; the legend renders too. */
static void test_overlays_every_generator(void **state)
{
    (void)state;
    const char *extra[] = {"dfs+braid:keep=0.4,offset=99"};
    size_t nspecs = 0;
    const char *specs[32];
    for (const mz_algo *const *a = mz_registry; *a; a++)
        if ((*a)->kind == MZ_GEN)
            specs[nspecs++] = (*a)->name;
    specs[nspecs++] = extra[0];
    for (size_t k = 0; k < nspecs; k++) {
        char err[256];
        mz_spec spec;
        assert_int_equal(mz_spec_parse(specs[k], &spec, err, sizeof err), MZ_OK);
        mz_grid g;
        gen(specs[k], 464, 15, 17, &g);
        mz_pic_opts o;
        exact_opts(&o);
        int w0, h0, w, h;
        uint64_t base = render_digest(&g, &o, &w0, &h0);
        unsigned tried = 0;
        for (unsigned bit = 1; bit & MZ_OV_ALL; bit <<= 1) {
            if (!mz_pic_overlay_applies(bit, spec.stage[0].algo))
                continue;
            tried++;
            o.overlays = bit;
            uint64_t d = render_digest(&g, &o, &w, &h);
            if (d == base)
                fail_msg("overlay '%s' on '%s' changes nothing", mz_pic_overlay_name(bit), specs[k]);
            assert_int_equal(w, w0);
            assert_int_equal(h, h0);
            /* With its legend, in both styles. */
            o.legend = true;
            o.style = MZ_PIC_HEDGE;
            render_digest(&g, &o, &w, &h);
            o.style = MZ_PIC_PLAIN;
            render_digest(&g, &o, &w, &h);
            o.legend = false;
        }
        if (tried < 5)
            fail_msg("only %u overlays apply to '%s'", tried, specs[k]);
        mz_grid_free(&g);
    }
}

/* Tiles apply to exactly the generators that block cells. */
static void test_tiles_applies(void **state)
{
    (void)state;
    assert_true(mz_pic_overlay_applies(MZ_OV_TILES, mz_find(MZ_GEN, "pacman")));
    assert_true(mz_pic_overlay_applies(MZ_OV_TILES, mz_find(MZ_GEN, "treasure")));
    assert_false(mz_pic_overlay_applies(MZ_OV_TILES, mz_find(MZ_GEN, "dfs")));
    unsigned bits;
    char err[200];
    assert_int_equal(mz_pic_overlays_parse("route,heat", &bits, err, sizeof err), MZ_OK);
    assert_int_equal(bits, MZ_OV_ROUTE | MZ_OV_HEAT);
    assert_int_equal(mz_pic_overlays_parse("all", &bits, err, sizeof err), MZ_OK);
    assert_int_equal(bits, MZ_OV_ALL);
    assert_int_equal(mz_pic_overlays_parse("route,nope", &bits, err, sizeof err), MZ_EPARAM);
    assert_non_null(strstr(err, "'nope'"));
}

/* A PNG decodes to the size mz_pic_size announces: 2 margins + cells. */
static void test_png_size(void **state)
{
    (void)state;
    mz_grid g;
    gen("dfs", 464, 31, 29, &g);
    mz_pic_opts o;
    mz_pic_defaults(&o);
    o.cell_px = 10;
    o.wall_px = 2;
    o.margin_px = 5;
    uint64_t w, h;
    assert_int_equal(mz_pic_size(MZ_SQUARE(31, 29), &o, MZ_PIC_PNG, &w, &h), MZ_OK);
    assert_int_equal(w, 2 * 5 + 29 * 10);
    assert_int_equal(h, 2 * 5 + 31 * 10);
    int pw, ph;
    render_digest(&g, &o, &pw, &ph);
    assert_int_equal(pw, (int)w);
    assert_int_equal(ph, (int)h);
    /* The hedge style keeps board 09's 480 x 300 canvas at 9 px cells. */
    o.style = MZ_PIC_HEDGE;
    o.cell_px = 0;
    o.wall_px = 0;
    assert_int_equal(mz_pic_size(MZ_SQUARE(31, 31), &o, MZ_PIC_PNG, &w, &h), MZ_OK);
    assert_int_equal(w, 480);
    assert_int_equal(h, 300);
    mz_grid_free(&g);
}

/* Past a format's limit: MZ_ETOOBIG, and the stated largest sizes. */
static void test_limits(void **state)
{
    (void)state;
    mz_pic_opts o;
    mz_pic_defaults(&o);
    uint64_t w, h;
    assert_int_equal(mz_pic_size(MZ_SQUARE(3001, 3001), &o, MZ_PIC_PNG, &w, &h), MZ_OK);
    assert_int_equal(mz_pic_size(MZ_SQUARE(9001, 9001), &o, MZ_PIC_PNG, &w, &h), MZ_ETOOBIG);
    assert_int_equal(mz_pic_size(MZ_SQUARE(3072, 3072), &o, MZ_PIC_SVG, &w, &h), MZ_OK);
    assert_int_equal(mz_pic_size(MZ_SQUARE(3073, 3072), &o, MZ_PIC_SVG, &w, &h), MZ_ETOOBIG);
    assert_int_equal(mz_pic_size(MZ_SQUARE(257, 256), &o, MZ_PIC_GIF, &w, &h), MZ_ETOOBIG);
    assert_int_equal(mz_pic_max_side(&o, MZ_PIC_PNG), 5788); /* (2n + 8)^2 <= 2^27 */
    assert_int_equal(mz_pic_max_side(&o, MZ_PIC_SVG), 3072);
    assert_int_equal(mz_pic_max_side(&o, MZ_PIC_PDF), 3072);
}

/* Estimates: on every shape at two sizes, plain and with every overlay
 * that applies, on a depth-first and a Kruskal maze, each format's file is
 * no larger than mz_pic_still_estimate said before drawing (an animation's
 * GIF and PNG frames than mz_anim_estimate once its frames are
 * counted). MZ_PRINT_ESTIMATES=1 prints the bytes a cell measured;
 * MZ_ESTIMATE_SIZES=big measures larger mazes (the table in
 * docs/render.md). */
static int count_write(void *user, uint64_t part, const unsigned char *data, size_t len)
{
    (void)part, (void)data;
    *(uint64_t *)user += len;
    return 0;
}

static void test_estimates(void **state)
{
    (void)state;
    bool big = getenv("MZ_ESTIMATE_SIZES") && strcmp(getenv("MZ_ESTIMATE_SIZES"), "big") == 0;
    bool print = getenv("MZ_PRINT_ESTIMATES") != NULL;
    /* Each shape's two grids (its record's estimate or estimate_big;
     * square cells at 40x40 fill rectangles and at 260x260 one image). */
    static const char *const gens[] = {"dfs", "kruskal"};
    static const mz_pic_format fmts[] = {MZ_PIC_SVG, MZ_PIC_PDF, MZ_PIC_PNG};
    for (unsigned sh = 0; sh < MZ_SHAPE_COUNT; sh++) {
        for (unsigned z = 0; z < 2; z++) {
            mz_dims pair[2], geo;
            if (mz_shape_grids((mz_shape)sh, big ? MZ_GRIDS_ESTIMATE_BIG : MZ_GRIDS_ESTIMATE, pair,
                               2) != 2)
                fail_msg("shape %s has no picture estimate grids (its record's .grids.estimate)",
                         mz_shape_name((mz_shape)sh));
            geo = pair[z];
            char grid[64];
            mz_dims_format(&geo, grid, sizeof grid);
            double cells = (double)mz_dims_cells(&geo);
            for (unsigned gi = 0; gi < 2; gi++) {
                char err[256];
                mz_spec spec;
                assert_int_equal(mz_spec_parse(gens[gi], &spec, err, sizeof err), MZ_OK);
                mz_grid g;
                mz_extra x;
                memset(&g, 0, sizeof g);
                memset(&x, 0, sizeof x);
                expect_ok(mz_generate(&spec, 1, &geo, &g, MZ_GEN_OPTS(1, NULL, &x)), "%s %s",
                          gens[gi], grid);
                /* Overlays on the depth-first maze (its long route makes
                 * the larger files); Kruskal's many short wall runs make
                 * the larger plain square files. */
                for (unsigned ov = 0; ov < 2 - gi; ov++) {
                    for (unsigned fi = 0; fi < 3; fi++) {
                        mz_pic_opts o;
                        mz_pic_defaults(&o);
                        o.overlays = ov ? mz_pic_overlays_for(geo.shape) : 0;
                        mz_pic_estimate e;
                        mz_status st = mz_pic_still_estimate(&geo, &o, fmts[fi], &e);
                        if (st == MZ_ETOOBIG && big)
                            continue;
                        expect_ok(st, "estimate %s %d", grid, fmts[fi]);
                        uint64_t n = 0;
                        expect_ok(mz_pic_render(&g, &o, fmts[fi], count_write, &n), "render %s %s",
                                  gens[gi], grid);
                        if (print)
                            printf("estimate %-5s %-14s %-8s %-8s %10llu bytes %8.2f a cell, "
                                   "%8.4f a px; estimate %10llu (x%.2f), memory %llu\n",
                                   fmts[fi] == MZ_PIC_SVG ? "svg" : fmts[fi] == MZ_PIC_PDF ? "pdf" : "png",
                                   grid, gens[gi], ov ? "overlays" : "plain", (unsigned long long)n,
                                   (double)n / cells, (double)n / ((double)e.width * (double)e.height),
                                   (unsigned long long)e.file_bytes, (double)e.file_bytes / (double)n,
                                   (unsigned long long)e.memory_bytes);
                        if (n > e.file_bytes && print)
                            printf("UNDER\n");
                        else if (n > e.file_bytes)
                            fail_msg("%s %s %s overlays %u format %d: %llu bytes, estimated %llu",
                                     gens[gi], grid, ov ? "with" : "without", o.overlays, fmts[fi],
                                     (unsigned long long)n, (unsigned long long)e.file_bytes);
                    }
                }
                mz_grid_free(&g);
                /* The animation of the depth-first carve (about 2 steps a
                 * cell, so about 40 frames): GIF and PNG frames (square
                 * cells at 20x20 and 60x60). */
                mz_dims ag = geo;
                if (sh == MZ_SHAPE_ORTHO)
                    assert_int_equal(mz_dims_parse(z ? "60x60" : "20x20", &ag), MZ_OK);
                for (unsigned fi = 0; fi < 2 && !big && gi == 0; fi++) {
                    mz_pic_format f = fi ? MZ_PIC_PNG : MZ_PIC_GIF;
                    if (f == MZ_PIC_GIF && !mz_pic_supported(MZ_PIC_GIF))
                        continue;
                    mz_pic_opts o;
                    mz_pic_defaults(&o);
                    /* About 40 frames: a few steps a frame, as many as frames */
                    mz_anim_opts a = {mz_dims_cells(&ag) / 20 + 1, 0, 0, 0};
                    uint64_t n = 0, frames = 0;
                    expect_ok(mz_anim_render(&spec, 1, &ag, NULL, &o, &a, f, count_write, &n,
                                             &frames),
                              "animate %s %s", gens[gi], grid);
                    mz_pic_estimate e;
                    expect_ok(mz_anim_estimate(&ag, &o, f, frames, &e), "estimate anim %s", grid);
                    char an[64];
                    mz_dims_format(&ag, an, sizeof an);
                    if (print)
                        printf("estimate %-5s %-14s %-8s %4llu frames %10llu bytes %8.4f a px a "
                               "frame; estimate %10llu (x%.2f)\n",
                               fi ? "png*" : "gif", an, gens[gi], (unsigned long long)frames,
                               (unsigned long long)n,
                               (double)n / ((double)e.width * (double)e.height * (double)frames),
                               (unsigned long long)e.file_bytes, (double)e.file_bytes / (double)n);
                    if (n > e.file_bytes && print)
                        printf("UNDER\n");
                    else if (n > e.file_bytes)
                        fail_msg("animation %s %s format %d: %llu bytes, estimated %llu", gens[gi],
                                 grid, f, (unsigned long long)n, (unsigned long long)e.file_bytes);
                }
            }
        }
    }
    /* Past a format's file limit: refused, and said so. */
    mz_dims geo;
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mz_pic_estimate e;
    assert_int_equal(mz_dims_parse("hex:1000x1000", &geo), MZ_OK);
    assert_int_equal(mz_pic_still_estimate(&geo, &o, MZ_PIC_SVG, &e), MZ_ETOOBIG);
    assert_true(e.file_bytes > e.limit_bytes && e.limit_bytes > 0);
    uint64_t w, h;
    assert_int_equal(mz_pic_size(&geo, &o, MZ_PIC_SVG, &w, &h), MZ_ETOOBIG);
    assert_int_equal(mz_dims_parse("polar:400", &geo), MZ_OK);
    assert_int_equal(mz_pic_still_estimate(&geo, &o, MZ_PIC_SVG, &e), MZ_ETOOBIG);
    assert_int_equal(mz_dims_parse("hex:2000x2000", &geo), MZ_OK);
    assert_int_equal(mz_pic_still_estimate(&geo, &o, MZ_PIC_PDF, &e), MZ_ETOOBIG);
    /* Overlays that apply per shape. */
    assert_int_equal(mz_pic_overlays_for(MZ_SHAPE_ORTHO), MZ_OV_ALL);
    for (unsigned sh = 1; sh < MZ_SHAPE_COUNT; sh++)
        assert_int_equal(mz_pic_overlays_for((mz_shape)sh) & (MZ_OV_TRAIL | MZ_OV_TILES), 0);
}

/* The committed digests: tests/render-digests.txt, "name digest". Set
 * MZ_PRINT_DIGESTS=1 to print them instead (scripts/regen-render-digests.sh). */
static void test_golden_digests(void **state)
{
    (void)state;
    struct {
        const char *name, *spec;
        unsigned overlays;
        const char *solver;
        const char *grid; /* a shape: shape_maze's tree instead of spec */
    } cases[] = {
        {"plain-dfs-11x13-464", "dfs", 0, NULL, NULL},
        {"overlays-braid-11x13-464", "dfs+braid:keep=0.4,offset=99",
         MZ_OV_ROUTE | MZ_OV_HEAT | MZ_OV_CLOSED, "astar", NULL},
        {"tiles-pacman-464", "pacman", MZ_OV_TILES | MZ_OV_ROUTE, NULL, NULL},
        {"hex-7x9-464", NULL, MZ_OV_ROUTE | MZ_OV_HEAT, NULL, "hex:7x9"},
        {"tri-6x11-464", NULL, MZ_OV_ROUTE | MZ_OV_HEAT, NULL, "tri:6x11"},
        {"polar-6-464", NULL, MZ_OV_ROUTE | MZ_OV_HEAT, NULL, "polar:6"},
        {"3d-3x5x5-464", NULL, MZ_OV_ROUTE | MZ_OV_CLOSED, "astar", "3d:3x5x5"},
        {"weave-7x7-464", NULL, MZ_OV_ROUTE | MZ_OV_HEAT, NULL, "weave:7x7"},
        {"torus-7x7-464", NULL, MZ_OV_ROUTE | MZ_OV_HEAT, NULL, "torus:7x7"},
    };
    bool print = getenv("MZ_PRINT_DIGESTS") != NULL;
    char line[256], want[64][2][64];
    unsigned nwant = 0;
    FILE *f = fopen(MZ_SOURCE_DIR "/tests/render-digests.txt", "r");
    if (!print) {
        assert_non_null(f);
        while (fgets(line, sizeof line, f) && nwant < 64)
            if (line[0] != '#' && sscanf(line, "%63s %63s", want[nwant][0], want[nwant][1]) == 2)
                nwant++;
    }
    if (f)
        fclose(f);
    if (print)
        printf("# cairo %s\n", cairo_version_string());
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        mz_grid g;
        mz_pic_opts o;
        exact_opts(&o);
        if (cases[k].grid) {
            shape_maze(cases[k].grid, 464, &g);
            o.cell_px = 9; /* odd: corners on half pixels */
        } else {
            gen(cases[k].spec, 464, 11, 13, &g);
        }
        o.overlays = cases[k].overlays;
        mz_stage st;
        char err[128];
        if (cases[k].solver) {
            assert_int_equal(mz_solver_parse(cases[k].solver, &st, err, sizeof err), MZ_OK);
            o.solver = &st;
        }
        int w, h;
        char got[64];
        snprintf(got, sizeof got, "%016llx", (unsigned long long)render_digest(&g, &o, &w, &h));
        if (print) {
            printf("%s %s\n", cases[k].name, got);
        } else {
            unsigned j;
            for (j = 0; j < nwant && strcmp(want[j][0], cases[k].name) != 0; j++)
                ;
            if (j == nwant)
                fail_msg("no digest for '%s' in tests/render-digests.txt", cases[k].name);
            if (strcmp(want[j][1], got) != 0)
                fail_msg("'%s': pixel digest %s, committed %s (cairo %s); if the change is "
                         "intended, run scripts/regen-render-digests.sh and review the pictures",
                         cases[k].name, got, want[j][1], cairo_version_string());
        }
        mz_grid_free(&g);
    }
}

/* A torus maze is not drawn as a plain square grid: each passage that
 * wraps is marked at both borders by a triangle pointing out through the
 * opening (docs/render.md, "Cell shapes"), where a plain drawing leaves
 * only a gap in the border. Checked by the pixel just inside each such
 * opening, on 20 px cells with 10 px margins. */
static void test_torus_not_square(void **state)
{
    (void)state;
    mz_grid t;
    shape_maze("torus:7x7", 464, &t);
    mz_pic_opts o;
    exact_opts(&o);
    o.cell_px = 20;
    o.wall_px = 2;
    o.margin_px = 10;
    o.marks = false;
    mem m = {0};
    assert_int_equal(mz_pic_render(&t, &o, MZ_PIC_PNG, mem_write, &m), MZ_OK);
    m.at = 0;
    cairo_surface_t *img = cairo_image_surface_create_from_png_stream(mem_read, &m);
    assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
    const unsigned char *d = cairo_image_surface_get_data(img);
    const int stride = cairo_image_surface_get_stride(img);
    unsigned wraps = 0;
    for (mz_idx i = 0; i < t.cells; i++) {
        const int r = (int)(i / t.cols), c = (int)(i % t.cols);
        const int x = 10 + 20 * c, y = 10 + 20 * r;
        int px[4][2], n = 0; /* the pixel just inside each open border side */
        if (c == (int)t.cols - 1 && !(t.c[i] & (1u << MZ_E)))
            px[n][0] = x + 18, px[n++][1] = y + 10;
        if (c == 0 && !(t.c[i] & (1u << MZ_W)))
            px[n][0] = x + 1, px[n++][1] = y + 10;
        if (r == (int)t.rows - 1 && !(t.c[i] & (1u << MZ_S)))
            px[n][0] = x + 10, px[n++][1] = y + 18;
        if (r == 0 && !(t.c[i] & (1u << MZ_N)))
            px[n][0] = x + 10, px[n++][1] = y + 1;
        for (int k = 0; k < n; k++) {
            const uint32_t v = ((const uint32_t *)(const void *)(d + (size_t)px[k][1] *
                                                                 (size_t)stride))[px[k][0]];
            if ((v & 0xFFFFFFu) != (o.fg & 0xFFFFFFu))
                fail_msg("torus:7x7 cell %llu: the wrapping passage at (%d, %d) is not marked",
                         (unsigned long long)i, px[k][0], px[k][1]);
            wraps++;
        }
    }
    assert_true(wraps > 0); /* else the check proves nothing */
    cairo_surface_destroy(img);
    free(m.p);
    mz_grid_free(&t);
}

/* One small maze of every other shape (its small sample grid,
 * tests/samples.h): renders plain and with every overlay that runs on it
 * (trail needs a walker, which squares alone have), each overlay changes
 * the picture, the PNG has the announced size, and the pictures match
 * their committed digests. MZ_RENDER_DUMP=DIR writes the PNGs there to
 * look at. */
static void test_shapes(void **state)
{
    (void)state;
    const char *dump = getenv("MZ_RENDER_DUMP");
    mz_dims geo_k[MZT_MAX_SAMPLES];
    char shape_grids[MZT_MAX_SAMPLES][64];
    size_t ngrids = mzt_samples_all(MZT_SMALL, false, geo_k, MZT_MAX_SAMPLES);
    for (size_t k = 0; k < ngrids; k++)
        mzt_name(&geo_k[k], shape_grids[k], sizeof shape_grids[k]);
    for (size_t k = 0; k < ngrids; k++) {
        mz_grid g;
        shape_maze(shape_grids[k], 464, &g);
        mz_dims geo = mz_grid_dims(&g);
        mz_pic_opts o;
        exact_opts(&o);
        o.cell_px = 16;
        int w0, h0, w, h;
        uint64_t base = render_digest(&g, &o, &w0, &h0), sw, sh;
        assert_int_equal(mz_pic_size(&geo, &o, MZ_PIC_PNG, &sw, &sh), MZ_OK);
        assert_int_equal(sw, (uint64_t)w0);
        assert_int_equal(sh, (uint64_t)h0);
        for (unsigned bit = 1; bit & MZ_OV_ALL; bit <<= 1) {
            o.overlays = bit;
            mem m = {0};
            mz_status st = mz_pic_render(&g, &o, MZ_PIC_PNG, mem_write, &m);
            if (bit == MZ_OV_TRAIL) { /* the wall follower walks squares only */
                assert_int_equal(st, MZ_EUNSUPPORTED);
                free(m.p);
                continue;
            }
            if (st != MZ_OK)
                fail_msg("%s overlay %s: %s", shape_grids[k], mz_pic_overlay_name(bit),
                         mz_status_str(st));
            uint64_t d = png_digest(&m, &w, &h);
            free(m.p);
            if (d == base && bit != MZ_OV_TILES)
                fail_msg("overlay '%s' on %s changes nothing", mz_pic_overlay_name(bit),
                         shape_grids[k]);
            assert_int_equal(w, w0);
            assert_int_equal(h, h0);
        }
        /* SVG and PDF too, and the hedge style is refused. */
        o.overlays = MZ_OV_ROUTE | MZ_OV_HEAT;
        for (int f = MZ_PIC_SVG; f <= MZ_PIC_PDF; f++) {
            mem m = {0};
            assert_int_equal(mz_pic_render(&g, &o, (mz_pic_format)f, mem_write, &m), MZ_OK);
            assert_true(m.n > 100);
            free(m.p);
        }
        o.style = MZ_PIC_HEDGE;
        mem m = {0};
        assert_int_equal(mz_pic_render(&g, &o, MZ_PIC_PNG, mem_write, &m), MZ_EUNSUPPORTED);
        free(m.p);
        o.style = MZ_PIC_PLAIN;
        if (dump) {
            o.legend = true;
            o.cell_px = 28;
            for (int v = 0; v < 2; v++) {
                o.overlays = v ? MZ_OV_ROUTE | MZ_OV_HEAT : MZ_OV_ROUTE;
                mem mm = {0};
                assert_int_equal(mz_pic_render(&g, &o, MZ_PIC_PNG, mem_write, &mm), MZ_OK);
                char path[512];
                snprintf(path, sizeof path, "%s/%.*s%s.png", dump,
                         (int)strcspn(shape_grids[k], ":"), shape_grids[k], v ? "-heat" : "");
                FILE *f = fopen(path, "wb");
                assert_non_null(f);
                fwrite(mm.p, 1, mm.n, f);
                fclose(f);
                free(mm.p);
            }
        }
        mz_grid_free(&g);
    }
}

/* Same input, same bytes (PNG here; cairo numbers SVG ids per process, so
 * render_cli.sh compares SVGs from two runs of the command). */
static void test_deterministic(void **state)
{
    (void)state;
    mz_grid g;
    gen("dfs", 464, 31, 31, &g);
    mz_pic_opts o;
    mz_pic_defaults(&o);
    o.style = MZ_PIC_HEDGE;
    o.time_ms = 1234;
    for (int f = MZ_PIC_PNG; f <= MZ_PIC_PNG; f++) {
        mem a = {0}, b = {0};
        assert_int_equal(mz_pic_render(&g, &o, (mz_pic_format)f, mem_write, &a), MZ_OK);
        assert_int_equal(mz_pic_render(&g, &o, (mz_pic_format)f, mem_write, &b), MZ_OK);
        assert_true(a.n == b.n && memcmp(a.p, b.p, a.n) == 0);
        free(a.p);
        free(b.p);
    }
    mz_grid_free(&g);
}

#ifdef MZ_HAVE_GIF
static int gif_read(GifFileType *gif, GifByteType *buf, int len)
{
    mem *m = gif->UserData;
    if (m->at + (size_t)len > m->n)
        len = (int)(m->n - m->at);
    memcpy(buf, m->p + m->at, (size_t)len);
    m->at += (size_t)len;
    return len;
}

static int gif_frames(const char *spec_text, uint64_t n, const char *solver, uint64_t stride,
                      int *w, int *h)
{
    char err[256];
    mz_spec spec;
    assert_int_equal(mz_spec_parse(spec_text, &spec, err, sizeof err), MZ_OK);
    mz_stage st;
    if (solver)
        assert_int_equal(mz_solver_parse(solver, &st, err, sizeof err), MZ_OK);
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mz_anim_opts a = {stride, 3000, 1000, 0};
    mem m = {0};
    uint64_t frames = 0;
    assert_int_equal(mz_anim_render(&spec, 464, MZ_SQUARE(n, n), solver ? &st : NULL, &o, &a,
                                    MZ_PIC_GIF, mem_write, &m, &frames),
                     MZ_OK);
    int e = 0;
    GifFileType *gif = DGifOpen(&m, gif_read, &e);
    assert_non_null(gif);
    assert_int_equal(DGifSlurp(gif), GIF_OK);
    int count = gif->ImageCount;
    *w = gif->SWidth;
    *h = gif->SHeight;
    assert_int_equal((uint64_t)count, frames);
    DGifCloseFile(gif, &e);
    free(m.p);
    return count;
}

/* The GIF writer alone: a 4x3 picture, then one pixel changed. The bytes
 * start GIF89a with the size, a 256-colour global palette whose first
 * entries are the exact colours given, the NETSCAPE2.0 loop block, and end
 * with the trailer; decoded, frame 2 is the one changed pixel at (1, 2)
 * and a frame that changes nothing is one transparent pixel. */
static void test_gif_writer(void **state)
{
    (void)state;
    uint32_t px[12];
    for (int k = 0; k < 12; k++)
        px[k] = 0xFFFFFFu;
    const uint32_t exact[] = {0xFFFFFFu, 0x1A1A1Au};
    mem m = {0};
    pic_gif *gw = NULL;
    assert_int_equal(pic_gif_open(&gw, 4, 3, exact, 2, mem_write, &m), MZ_OK);
    assert_int_equal(pic_gif_frame(gw, (const unsigned char *)px, 16, 7), MZ_OK);
    px[2 * 4 + 1] = 0x1A1A1Au;
    assert_int_equal(pic_gif_frame(gw, (const unsigned char *)px, 16, 9), MZ_OK);
    assert_int_equal(pic_gif_frame(gw, (const unsigned char *)px, 16, 5), MZ_OK);
    assert_int_equal(pic_gif_close(gw, MZ_OK), MZ_OK);
    assert_true(m.n > 13 + 768);
    assert_memory_equal(m.p, "GIF89a\x04\x00\x03\x00", 10);
    assert_int_equal(m.p[10] & 0x87, 0x87); /* global table of 2^(7+1) colours */
    assert_memory_equal(m.p + 13, "\xFF\xFF\xFF\x1A\x1A\x1A", 6);
    assert_memory_equal(m.p + 13 + 768, "\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00", 19);
    assert_int_equal(m.p[m.n - 1], 0x3B);
    int e = 0;
    m.at = 0;
    GifFileType *gif = DGifOpen(&m, gif_read, &e);
    assert_non_null(gif);
    assert_int_equal(DGifSlurp(gif), GIF_OK);
    assert_int_equal(gif->ImageCount, 3);
    const SavedImage *f0 = &gif->SavedImages[0], *f1 = &gif->SavedImages[1],
                     *f2 = &gif->SavedImages[2];
    assert_int_equal(f0->ImageDesc.Width, 4);
    assert_int_equal(f0->ImageDesc.Height, 3);
    for (int k = 0; k < 12; k++)
        assert_int_equal(f0->RasterBits[k], 0);
    assert_int_equal(f1->ImageDesc.Left, 1);
    assert_int_equal(f1->ImageDesc.Top, 2);
    assert_int_equal(f1->ImageDesc.Width * f1->ImageDesc.Height, 1);
    assert_int_equal(f1->RasterBits[0], 1);
    assert_int_equal(f2->ImageDesc.Width * f2->ImageDesc.Height, 1);
    assert_int_equal(f2->RasterBits[0], 255);
    GraphicsControlBlock gcb;
    assert_int_equal(DGifSavedExtensionToGCB(gif, 1, &gcb), GIF_OK);
    assert_int_equal(gcb.DelayTime, 9);
    assert_int_equal(gcb.TransparentColor, 255);
    DGifCloseFile(gif, &e);
    free(m.p);
}

/* Board 01's carve: 1,921 steps at 31x31 seed 464, so 1 + ceil(1921 / 50)
 * frames; the walker and A* on their boards' mazes too. */
static void test_gif_frames(void **state)
{
    (void)state;
    int w, h;
    assert_int_equal(gif_frames("dfs", 31, NULL, 50, &w, &h), 1 + (1921 + 49) / 50);
    assert_int_equal(w, 2 * 10 + 31 * 16); /* automatic: 16 px cells, 10 px margins */
    assert_int_equal(gif_frames("dfs", 5, NULL, 1, &w, &h), 1 + 49); /* 5x5: 2 * 25 - 1 steps */
    assert_int_equal(gif_frames("dfs", 31, "wall", 100, &w, &h), 1 + (1095 + 99) / 100);
    assert_int_equal(gif_frames("dfs+braid:keep=0.4,offset=99", 31, "astar", 10, &w, &h),
                     1 + (264 + 9) / 10);
}
#endif

#else /* no cairo */

static void test_unsupported(void **state)
{
    (void)state;
    mz_grid g;
    gen("dfs", 464, 5, 5, &g);
    mz_pic_opts o;
    mz_pic_defaults(&o);
    mem m = {0};
    for (int f = MZ_PIC_PNG; f <= MZ_PIC_GIF; f++)
        assert_false(mz_pic_supported((mz_pic_format)f));
    assert_int_equal(mz_pic_render(&g, &o, MZ_PIC_SVG, mem_write, &m), MZ_EUNSUPPORTED);
    assert_string_equal(mz_pic_package(MZ_PIC_PNG), "libcairo2-dev");
    mz_grid_free(&g);
}

#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
#ifdef MZ_HAVE_CAIRO
        cmocka_unit_test(test_overlays_every_generator),
        cmocka_unit_test(test_tiles_applies),
        cmocka_unit_test(test_png_size),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_estimates),
        cmocka_unit_test(test_golden_digests),
        cmocka_unit_test(test_torus_not_square),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_shapes),
#ifdef MZ_HAVE_GIF
        cmocka_unit_test(test_gif_writer),
        cmocka_unit_test(test_gif_frames),
#endif
#else
        cmocka_unit_test(test_unsupported),
#endif
        cmocka_unit_test(test_draw_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
