/*
 * ascii.c - text rendering of a grid.
 *
 * Wall mazes draw as "+--+" posts and walls with two characters a cell;
 * path cells are marked " ." and blocked cells "##". Tile maps (g->tiles)
 * draw one character a tile: '#' wall, ' ' empty, '.' dot, 'o' pill,
 * '=' teleport, '-' ghost house.
 */
#include "../core/lib.h"
#include "../util/util.h"
#include "../mazebench_render.h"

#include <stdlib.h>

static const char tile_char[6] = {'#', ' ', '.', 'o', '=', '-'};

char *mz_render_ascii(const mz_grid *g, const mz_idx *path, uint64_t path_len, uint64_t max_cells)
{
    if (!g || (!path && path_len > 0))
        return NULL;
    if (g->cells > max_cells)
        return NULL;
    uint64_t *on_path = mz_bits_new(NULL, g->cells);
    if (!on_path)
        return NULL;
    for (uint64_t k = 0; k < path_len; k++)
        if (path[k] < g->cells)
            mz_bit_set(on_path, path[k]);

    /* a tile map: a character a tile; walls: "+--" posts and walls, with
     * the newline */
    const uint64_t width = g->tiles ? g->cols + 1 : g->cols * 3 + 2;
    char *out = malloc((size_t)(width * (g->tiles ? g->rows : g->rows * 2 + 1) + 1)), *p = out;
    if (!out) {
        mz_mem_free(NULL, on_path);
        return NULL;
    }
    if (g->tiles) {
        for (uint64_t r = 0; r < g->rows; r++) {
            for (uint64_t c = 0; c < g->cols; c++) {
                mz_idx i = r * g->cols + c;
                unsigned t = g->tiles[i];
                *p++ = mz_bit_get(on_path, i) && t != MZ_TILE_WALL ? '*'
                       : t < sizeof tile_char                     ? tile_char[t]
                                                                  : '?';
            }
            *p++ = '\n';
        }
        *p = '\0';
        mz_mem_free(NULL, on_path);
        return out;
    }

    for (uint64_t r = 0; r < g->rows; r++) {
        /* The line of north walls. */
        for (uint64_t c = 0; c < g->cols; c++) {
            mz_idx i = r * g->cols + c;
            *p++ = '+';
            bool shut = !mz_sq_is_open(g, i, MZ_N);
            *p++ = shut ? '-' : ' ';
            *p++ = shut ? '-' : ' ';
        }
        *p++ = '+';
        *p++ = '\n';
        /* The line of west walls and cell bodies. */
        for (uint64_t c = 0; c < g->cols; c++) {
            mz_idx i = r * g->cols + c;
            *p++ = mz_sq_is_open(g, i, MZ_W) ? ' ' : '|';
            if (g->c[i] & MZ_BLOCKED) {
                *p++ = '#';
                *p++ = '#';
            } else {
                *p++ = ' ';
                *p++ = mz_bit_get(on_path, i) ? '.' : ' ';
            }
        }
        *p++ = mz_sq_is_open(g, r * g->cols + g->cols - 1, MZ_E) ? ' ' : '|';
        *p++ = '\n';
    }
    for (uint64_t c = 0; c < g->cols; c++) {
        mz_idx i = (g->rows - 1) * g->cols + c;
        *p++ = '+';
        bool shut = !mz_sq_is_open(g, i, MZ_S);
        *p++ = shut ? '-' : ' ';
        *p++ = shut ? '-' : ' ';
    }
    *p++ = '+';
    *p++ = '\n';
    *p = '\0';
    mz_mem_free(NULL, on_path);
    return out;
}
