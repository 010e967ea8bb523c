/*
 * fuzz_mazefile.c - maze files (mz_file_read, mz_file_write). The first
 * byte chooses the options (format, blocks layout and block size), the
 * rest is the file. Properties: the status is MZ_OK, MZ_EFORMAT,
 * MZ_ETOOBIG or MZ_ENOMEM; a refusal has a one-line reason, a text
 * position within the text when it gives one; a maze read has every pair
 * of ports in agreement, blocked cells closed all round, its ends on the
 * grid; its figures, statistics and a BFS solve run; written in every
 * format of the table that holds its shape it reads back with the same
 * digest (a lossless one, mzb: the same bytes, ends, flags and tiles).
 * The first byte's fields: mazefile_sel.h. Every format has a seed
 * named after it in tests/fuzz-corpus/mazefile/ (test_file_formats).
 */
#include "fuzz.h"
#include "mazefile_sel.h"

#include "mazebench.h"
#include "mazebench_file.h"

#include <inttypes.h>

typedef struct sink {
    char *b;
    size_t n, cap;
} sink;

static int put(void *user, const char *s, size_t n)
{
    sink *k = user;
    if (k->n + n > k->cap) {
        k->cap = (k->n + n) * 2;
        k->b = realloc(k->b, k->cap);
        if (!k->b)
            abort();
    }
    memcpy(k->b + k->n, s, n);
    k->n += n;
    return 0;
}

static void round_trip(const mz_grid *g, mz_file_format f, int layout)
{
    sink k = {NULL, 0, 0};
    mz_file_opts o;
    memset(&o, 0, sizeof o);
    o.layout = layout;
    o.max_bytes = UINT64_C(1) << 24; /* the budget's probe of the process is slow */
    mz_status s = mz_file_write(g, f, &o, put, &k);
    /* The drawings but a page of cells draw no gap in the south border. */
    bool south_gap = false;
    for (uint64_t x = 0; g->shape == MZ_SHAPE_ORTHO && x < g->cols; x++)
        south_gap |= !(g->c[(g->rows - 1) * g->cols + x] & MZ_WALL_S);
    if (s == MZ_EUNSUPPORTED && ((f == MZ_FILE_BLOCKS && layout == MZ_BLOCKS_CELLS) ||
                                 (south_gap && (f == MZ_FILE_ASCII || f == MZ_FILE_BLOCKS)))) {
        free(k.b);
        return;
    }
    FZ_CHECK(s == MZ_OK, "write %s: %d", mz_file_format_name(f), (int)s);
    mz_grid h;
    memset(&h, 0, sizeof h);
    mz_file_info info;
    o.format = f;
    s = mz_file_read(k.b ? k.b : "", k.n, &o, &h, &info);
    FZ_CHECK(s == MZ_OK, "%s read back: %d %s", mz_file_format_name(f), (int)s, info.err);
    FZ_CHECK(mz_digest(&h) == mz_digest(g), "%s read back: another digest", mz_file_format_name(f));
    if (mz_file_format_lossless(f))
        FZ_CHECK(h.cells == g->cells && memcmp(h.c, g->c, (size_t)g->cells) == 0 &&
                     h.entrance == g->entrance && h.exit == g->exit && h.flags == g->flags &&
                     !h.tiles == !g->tiles &&
                     (!g->tiles || memcmp(h.tiles, g->tiles, (size_t)g->cells) == 0),
                 "%s read back: another maze", mz_file_format_name(f));
    mz_grid_free(&h);
    free(k.b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    mz_file_opts o;
    fz_mazefile_opts(data[0], &o);
    o.max_bytes = UINT64_C(1) << 14; /* larger grids are refused: the runs stay fast */
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
    mz_grid g;
    memset(&g, 0, sizeof g);
    mz_file_info info;
    mz_status s = mz_file_read(text, len, &o, &g, &info);
    FZ_CHECK(s == MZ_OK || s == MZ_EFORMAT || s == MZ_ETOOBIG || s == MZ_ENOMEM, "status %d",
             (int)s);
    FZ_CHECK(memchr(info.err, '\0', sizeof info.err) && !strchr(info.err, '\n'), "err text");
    if (s != MZ_OK) {
        FZ_CHECK(info.err[0], "status %d without a reason", (int)s);
        uint64_t lines = 1;
        for (size_t k = 0; k < len; k++)
            lines += text[k] == '\n';
        FZ_CHECK(info.line <= lines && (info.line == 0) == (info.col == 0),
                 "position %" PRIu64 ":%" PRIu64 " of %" PRIu64 " lines", info.line, info.col,
                 lines);
        mz_grid_free(&g);
        return 0;
    }
    FZ_CHECK(g.entrance < g.cells && g.exit < g.cells, "ends off the grid");
    const unsigned ports = mz_shape_ports(g.shape);
    const bool blockable = ports <= 4;
    for (mz_idx i = 0; i < g.cells; i++)
        for (unsigned p = 0; p < ports; p++) {
            bool open = !(g.c[i] & (1u << p));
            if (blockable && (g.c[i] & MZ_BLOCKED))
                FZ_CHECK(!open, "blocked cell %" PRIu64 " open", i);
            mz_idx n = mz_port_nbr(&g, i, p);
            if (n == MZ_NONE)
                continue;
            bool back = !(g.c[n] & (1u << mz_port_back(&g, i, p)));
            FZ_CHECK(open == back, "cell %" PRIu64 " port %u disagrees", i, p);
        }
    mz_metrics m;
    FZ_CHECK(mz_metrics_compute(&g, 1, &m) == MZ_OK, "figures");
    mz_maze_stats st;
    FZ_CHECK(mz_maze_stats_compute(&g, 0, &st) == MZ_OK, "statistics");
    mz_stage bfs;
    char err[128];
    if (mz_solver_parse("bfs", &bfs, err, sizeof err) == MZ_OK) {
        mz_solution sol;
        mz_solution_init(&sol, true, NULL);
        s = mz_solve(&bfs, &g, NULL, &sol);
        FZ_CHECK(s == MZ_OK || s == MZ_EUNSUPPORTED, "bfs: %d", (int)s);
        if (s == MZ_OK && !(blockable && (g.c[g.entrance] & MZ_BLOCKED)))
            FZ_CHECK(sol.found == (m.route >= 0), "bfs and the route disagree");
        mz_solution_free(&sol);
    }
    /* Every format of the table that holds the maze's shape (a lossy one
     * only without the teleport flag it loses), blocks in both layouts. */
    for (unsigned f = 0; f < MZ_FILE_FORMAT_COUNT; f++) {
        if (!(mz_file_format_shapes((mz_file_format)f) & MZ_SHAPE_BIT(g.shape)) ||
            (!mz_file_format_lossless((mz_file_format)f) && (g.flags & MZ_GRID_WRAP_EW)))
            continue;
        round_trip(&g, (mz_file_format)f, MZ_BLOCKS_ROOMS);
        if (f == MZ_FILE_BLOCKS)
            round_trip(&g, (mz_file_format)f, MZ_BLOCKS_CELLS);
    }
    mz_grid_free(&g);
    return 0;
}
