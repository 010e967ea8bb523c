/*
 * ring_body.h - the body of the ring sweep (ring.h), included twice by
 * ring.h: MZ_RING_PORTS 0 makes mz_ring_run_square, 1 mz_ring_run_ports.
 * No include guard on purpose.
 */
#if MZ_RING_PORTS
MZ_INLINE mz_status mz_ring_run_ports(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                                      const char *op, mz_trace *t, const bool tracing,
                                      mz_ring_out *o)
#else
MZ_INLINE mz_status mz_ring_run_square(const mz_grid *g, mz_idx src, uint64_t *seen, mz_queue *q,
                                       const char *op, mz_trace *t, const bool tracing,
                                       mz_ring_out *o)
#endif
{
    const mz_idx exit = g->exit;
#if MZ_RING_PORTS
    const unsigned mask = mz_shape_walls(g->shape);
#endif
    uint64_t ring = 0, reached = 1, open_sides = 0;
    mz_idx last_first = src;
    int64_t exit_ring = src == exit ? 0 : -1;
    q->head = q->len = 0;
    mz_bit_set(seen, src);
    if (mz_queue_push(q, src) != MZ_OK)
        return MZ_ENOMEM;
    /* The queue holds exactly the current ring when a ring starts. */
    while (q->len) {
        uint64_t width = q->len, next = 0;
        mz_idx next_first = MZ_NONE;
        for (uint64_t k = 0; k < width; k++) {
#if !MZ_RING_PORTS
            /* The queue is the sweep's future: fetch the grid byte and the
             * seen words of a cell a few places ahead (the cell, the rows
             * above and below it), so that the misses of a maze scattered
             * over memory overlap. */
            if (q->len > MZ_RING_AHEAD) {
                mz_idx a = q->buf[(q->head + MZ_RING_AHEAD) & (q->cap - 1)];
                MZ_PREFETCH(&g->c[a]);
                MZ_PREFETCHW(&seen[a >> 6]);
                if (a >= g->cols)
                    MZ_PREFETCHW(&seen[(a - g->cols) >> 6]);
                if (a + g->cols < g->cells)
                    MZ_PREFETCHW(&seen[(a + g->cols) >> 6]);
            }
#endif
            mz_idx i = mz_queue_pop(q);
#if MZ_RING_PORTS
            /* The ports 0.. up to the last open one. */
            unsigned open = (unsigned)~g->c[i] & mask;
            for (unsigned d = 0; open >> d; d++) {
#else
            /* The directions 0..3. */
            unsigned open = ~g->c[i] & MZ_WALLS;
            for (unsigned d = 0; d < 4; d++) {
#endif
                if (!(open & (1u << d)))
                    continue;
#if MZ_RING_PORTS
                mz_idx n = mz_port_nbr(g, i, d);
#else
                mz_idx n = mz_sq_neighbour(g, i, d);
#endif
                if (n == MZ_NONE)
                    continue;
                open_sides++;
                if (mz_bit_get(seen, n))
                    continue;
                mz_bit_set(seen, n);
                if (next == 0)
                    next_first = n;
                next++;
                if (n == exit)
                    exit_ring = (int64_t)ring + 1;
                if (mz_queue_push(q, n) != MZ_OK)
                    return MZ_ENOMEM;
            }
        }
        if (next == 0)
            break;
        ring++;
        reached += next;
        last_first = next_first;
        if (tracing && mz_trace_emit(t, op, next_first, -1, next))
            return MZ_EIO;
    }
    o->rings = ring;
    o->reached = reached;
    o->passages = open_sides / 2; /* each passage was seen from both ends */
    o->last_first = last_first;
    o->exit_ring = exit_ring;
    return MZ_OK;
}
