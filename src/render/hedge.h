/*
 * hedge.h - the hedge garden's answer path and fog (board 09), shared by
 * its SVG (hedge.c) and the picture renderer's hedge style (picture/);
 * inside the library, not part of its API.
 */
#ifndef MZ_RENDER_HEDGE_H
#define MZ_RENDER_HEDGE_H

#include "../mazebench.h"

/* Board 09's answer path: from the exit, step to an open neighbour whose
 * entrance distance is one less, down to the entrance, then reverse.
 * *path is malloc'd (the caller frees it); *len is 0 when the exit is
 * unreachable. MZ_ENOMEM or MZ_ETOOBIG (2^32 cells or more) on failure. */
mz_status mz_hedge_path(const mz_grid *g, mz_idx **path, uint64_t *len);

/* Board 09's fog density at r px from the canvas centre: 1 - exp(-0.0042 r). */
double mz_fog_density(double r_px);

#endif /* MZ_RENDER_HEDGE_H */
