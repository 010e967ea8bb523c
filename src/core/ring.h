/*
 * ring.h - one breadth-first sweep ring by ring (docs/algorithms.md, board
 * 05), the body of flood's two passes and of the statistics' double sweep
 * (mz_ring_sweep, ring.c), on every cell shape.
 *
 * Ring 0 is src; each next ring is the unvisited cells behind the open
 * sides of the current ring (cells in ring order, sides 0.. in order: the
 * directions N E S W of square cells, the ports of any other shape). The
 * sweep counts the rings, the cells reached and the open sides seen (each
 * passage twice), and keeps the first cell of the last ring and the ring
 * at which the exit was reached; with tracing, a step a ring on t: op,
 * cell = the ring's first cell, dir -1, size = its cells.
 *
 * One body, ring_body.h, compiled twice: mz_ring_run_square (the square
 * path) and mz_ring_run_ports (the ports path). The path is chosen by the
 * preprocessor rather than by a constant argument, so that the square copy
 * is the very loop it was before other shapes existed: GCC allocates the
 * registers of this loop differently (a few percent more instructions)
 * as soon as the ports' loop is also in the function it optimises first.
 * ring.c compiles both for the core's callers; flood inlines the square
 * one in its square path.
 */
#ifndef MZ_CORE_RING_H
#define MZ_CORE_RING_H

#include "internal.h"

/* How far ahead in the queue the square path prefetches. */
#define MZ_RING_AHEAD 16

#define MZ_RING_PORTS 0
#include "ring_body.h"
#undef MZ_RING_PORTS

#define MZ_RING_PORTS 1
#include "ring_body.h"
#undef MZ_RING_PORTS

#endif /* MZ_CORE_RING_H */
