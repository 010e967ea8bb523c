/* grid.c - allocation and parsing of grids. */
#include "internal.h"

#include <errno.h>

uint64_t mz_grid_bytes(uint64_t rows, uint64_t cols)
{
    if (rows == 0 || cols == 0)
        return 0;
    if (rows > MZ_MAX_CELLS / cols)
        return 0;
    return rows * cols; /* one byte a cell */
}

mz_status mz_grid_init(mz_grid *g, const mz_dims *geo, const mz_allocator *mem)
{
    if (!g)
        return MZ_EINVAL;
    memset(g, 0, sizeof *g);
    g->mem = mem;
    g->levels = 1;
    if (!geo)
        return MZ_EINVAL;
    const mz_shape_ops *o = mz_shape_ops_of(geo->shape);
    if (!o || geo->rows == 0 || !o->sized(geo))
        return MZ_EINVAL;
    mz_dims v = *geo;
    if (!mz_dims_connected(&v))
        return MZ_EINVAL;
    uint64_t bytes = mz_dims_cells(&v);
    if (bytes == 0 || bytes > SIZE_MAX)
        return MZ_ETOOBIG;
    g->c = mz_mem_alloc(mem, (size_t)bytes);
    if (!g->c)
        return MZ_ENOMEM;
    g->shape = v.shape;
    g->levels = v.levels;
    g->rows = v.rows;
    g->cols = v.cols;
    g->cells = bytes;
    mz_grid_reset(g);
    return MZ_OK;
}

mz_status mz_grid_resize(mz_grid *g, const mz_dims *geo)
{
    if (!g || !geo)
        return MZ_EINVAL;
    mz_dims v = *geo;
    if (g->c && g->shape == v.shape && mz_dims_cells(&v) == g->cells && g->rows == v.rows &&
        g->cols == v.cols && g->levels == v.levels) {
        mz_grid_reset(g);
        return MZ_OK;
    }
    const mz_allocator *mem = g->mem;
    mz_grid_free(g);
    return mz_grid_init(g, geo, mem);
}

void mz_grid_reset(mz_grid *g)
{
    if (!g)
        return;
    if (g->c)
        memset(g->c, mz_shape_walls(g->shape), (size_t)g->cells);
    mz_mem_free(g->mem, g->tiles);
    g->tiles = NULL;
    g->flags = 0;
    const mz_shape_ops *o = mz_shape_table[g->shape];
    g->entrance = o->entrance(g);
    g->exit = o->exit(g);
}

void mz_grid_free(mz_grid *g)
{
    if (!g)
        return;
    const mz_allocator *mem = g->mem;
    mz_mem_free(mem, g->c);
    mz_mem_free(mem, g->tiles);
    memset(g, 0, sizeof *g);
    g->mem = mem;
    g->levels = 1;
}

mz_status mz_grid_alloc_tiles(mz_grid *g)
{
    if (!g)
        return MZ_EINVAL;
    if (g->tiles)
        return MZ_OK;
    g->tiles = mz_mem_calloc(g->mem, g->cells, 1);
    return g->tiles ? MZ_OK : MZ_ENOMEM;
}

mz_status mz_grid_copy(mz_grid *dst, const mz_grid *src)
{
    if (!dst || !src)
        return MZ_EINVAL;
    mz_dims geo = mz_grid_dims(src);
    mz_status s = mz_grid_resize(dst, &geo);
    if (s != MZ_OK)
        return s;
    memcpy(dst->c, src->c, (size_t)src->cells);
    dst->entrance = src->entrance;
    dst->exit = src->exit;
    dst->flags = src->flags;
    if (src->tiles) {
        if (mz_grid_alloc_tiles(dst) != MZ_OK) {
            mz_grid_free(dst);
            return MZ_ENOMEM;
        }
        memcpy(dst->tiles, src->tiles, (size_t)src->cells);
    }
    return MZ_OK;
}

