/* metrics_ports.c - the figures of a maze of any cell shape, through the
 * ports of src/core/dims.c: the square grid's figures (metrics.c, stats.c)
 * keep their fast paths; these serve every other shape and define the same
 * figures on it (docs/shapes.md, "Figures"). Everything is integer counting
 * in cell order or breadth-first order, so the figures are the same on
 * every machine. */
#include "internal.h"

/* The digest of a grid of another shape (v1 shapes): the words
 *   0x5348415045000000 | shape, levels, rows, cols,
 * then the cells eight to a 64-bit word as in mz_digest (v1), each cell's
 * byte masked to the shape's walls; the same mixing and finish. */
uint64_t mz_digest_ports(const mz_grid *g)
{
    const uint64_t mul = UINT64_C(0x9e3779b97f4a7c15);
    uint64_t h = UINT64_C(0x6a09e667f3bcc908);
    const uint64_t head[4] = {UINT64_C(0x5348415045000000) | (uint64_t)g->shape,
                              g->levels ? g->levels : 1, g->rows, g->cols};
    for (unsigned k = 0; k < 4; k++) {
        h = (h ^ head[k]) * mul;
        h ^= h >> 32;
    }
    const uint8_t mask = mz_shape_walls(g->shape);
    for (uint64_t i = 0; i < g->cells; i += 8) {
        uint64_t w = 0;
        for (unsigned j = 0; j < 8 && i + j < g->cells; j++)
            w |= (uint64_t)(g->c[i + j] & mask) << (8 * j);
        h = (h ^ w) * mul;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 32;
    return h;
}

/* Ports 0 .. side_ports - 1 are wall segments of the drawing (the shape's
 * record says which, shape.h); a port with no cell behind it counts as a
 * border wall. */
static unsigned side_ports(const mz_grid *g, mz_idx i)
{
    return mz_shape_table[g->shape]->side_ports(g, i);
}

mz_status mz_metrics_ports(const mz_grid *g, mz_metrics *m)
{
    memset(m, 0, sizeof *m);
    m->route = -1;
    const unsigned ports = mz_shape_ports(g->shape);
    uint64_t open2 = 0, closed2 = 0, border = 0;
    for (mz_idx i = 0; i < g->cells; i++) {
        unsigned deg = 0, sides = side_ports(g, i);
        for (unsigned p = 0; p < ports; p++) {
            mz_idx j = mz_port_nbr(g, i, p);
            bool open = !(g->c[i] & (1u << p));
            if (j == MZ_NONE) {
                border += p < sides;
                continue;
            }
            if (open) {
                deg++;
                open2++;
            } else if (p < sides) {
                closed2++;
            }
        }
        m->dead_ends += deg == 1;
    }
    m->cells = g->cells;
    m->passages = open2 / 2;
    m->walls = closed2 / 2 + border;
    m->digest = mz_digest_ports(g);

    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, g->cells, &q);
    if (!seen)
        return MZ_ENOMEM;
    mz_status s = MZ_OK;
    mz_ring_out o;
    if (g->entrance < g->cells) {
        s = mz_ring_sweep_ports(g, g->entrance, seen, &q, NULL, NULL, &o);
        if (s == MZ_OK) {
            m->components = 1;
            m->route = o.exit_ring;
        }
    }
    for (mz_idx i = 0; s == MZ_OK && i < g->cells; i++) {
        if (mz_bit_get(seen, i))
            continue;
        s = mz_ring_sweep_ports(g, i, seen, &q, NULL, NULL, &o);
        m->components++;
    }
    mz_queue_free(&q);
    mz_mem_free(g->mem, seen);
    if (s != MZ_OK)
        return s;
    m->loops = (int64_t)m->passages - (int64_t)m->cells + (int64_t)m->components;
    return MZ_OK;
}

int64_t mz_route_ports(const mz_grid *g, mz_idx a, mz_idx b)
{
    if (a >= g->cells || b >= g->cells)
        return -1;
    mz_queue q;
    uint64_t *seen = mz_sweep_alloc(g->mem, g->cells, &q);
    if (!seen)
        return -2;
    mz_grid h = *g;
    h.exit = b;
    mz_ring_out o;
    mz_status s = mz_ring_sweep_ports(&h, a, seen, &q, NULL, NULL, &o);
    mz_queue_free(&q);
    mz_mem_free(g->mem, seen);
    return s != MZ_OK ? -2 : o.exit_ring;
}

mz_status mz_bfs_dist32_ports(const mz_grid *g, mz_queue *q, uint32_t *dist)
{
    const unsigned ports = mz_shape_ports(g->shape);
    mz_status s = MZ_OK;
    while (s == MZ_OK && q->len) {
        mz_idx i = mz_queue_pop(q);
        for (unsigned p = 0; p < ports; p++) {
            if (g->c[i] & (1u << p))
                continue;
            mz_idx j = mz_port_nbr(g, i, p);
            if (j == MZ_NONE || dist[j] != UINT32_MAX)
                continue;
            dist[j] = dist[i] + 1;
            s = mz_queue_push(q, j);
            if (s != MZ_OK)
                break;
        }
    }
    mz_queue_free(q);
    return s;
}

/* Is cell i at least band cells from the border? POLAR: band rings inside
 * the rim; CUBE: band cells from the sides of its level. */
static bool inner_cell(const mz_grid *g, mz_idx i, uint64_t band)
{
    if (band == 0)
        return true;
    if (g->shape == MZ_SHAPE_POLAR) {
        uint64_t ring, pos;
        mz_polar_locate(i, &ring, &pos);
        return ring + band < g->rows;
    }
    uint64_t in = i % (g->rows * g->cols), r = in / g->cols, c = in % g->cols;
    return r >= band && r + band < g->rows && c >= band && c + band < g->cols;
}

void mz_maze_cells_ports(const mz_grid *g, uint64_t band, mz_maze_stats *s)
{
    memset(s, 0, sizeof *s);
    s->band = band;
    s->route = -1;
    const unsigned ports = mz_shape_ports(g->shape);
    for (mz_idx i = 0; i < g->cells; i++) {
        const unsigned open = (unsigned)~g->c[i] & ((1u << ports) - 1u);
        const unsigned deg = mz_port_degree(g, i);
        s->cells++;
        s->degree[deg]++;
        if (deg == 2) {
            const unsigned first = (unsigned)__builtin_ctz(open);
            int across = mz_port_across(g, i, first);
            bool straight = across >= 0 && (open & (1u << across));
            /* POLAR: in, then out0 or out1 */
            if (g->shape == MZ_SHAPE_POLAR && first == 2 && (open & (1u << 4)))
                straight = i != 0;
            s->straight += straight;
            s->turn += !straight;
        }
        if (inner_cell(g, i, band)) {
            s->inner_cells++;
            s->inner_dead_ends += deg == 1;
        }
    }
}
