/*
 * ring.c - the ring sweep of ring.h compiled for square cells and for the
 * ports of every other shape, each with and without a trace step a ring:
 * the statistics' double sweep (stats.c), the figures of other shapes
 * (metrics_ports.c).
 */
#include "ring.h"

mz_status mz_ring_sweep_square(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                               const char *op, mz_trace *t, mz_ring_out *o)
{
    return t ? mz_ring_run_square(g, src, seen, q, op, t, true, o)
             : mz_ring_run_square(g, src, seen, q, NULL, NULL, false, o);
}

mz_status mz_ring_sweep_ports(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                              const char *op, mz_trace *t, mz_ring_out *o)
{
    return t ? mz_ring_run_ports(g, src, seen, q, op, t, true, o)
             : mz_ring_run_ports(g, src, seen, q, NULL, NULL, false, o);
}

mz_status mz_ring_sweep(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                        mz_ring_out *o)
{
    return g->shape == MZ_SHAPE_ORTHO ? mz_ring_sweep_square(g, src, seen, q, NULL, NULL, o)
                                      : mz_ring_sweep_ports(g, src, seen, q, NULL, NULL, o);
}
