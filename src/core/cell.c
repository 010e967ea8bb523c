/*
 * cell.c - a cell named in text (mz_cell_parse): by role, by row and
 * column, or by index, on a grid of any shape.
 */
#include "internal.h"
#include "shape.h"
#include "../util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* What a shape's cells may be named by beyond an index and a role: rc, a
 * "R,C" address (cell R * cols + C: shapes of rows and columns at one
 * level); blocks, whether its cells can be blocked (MZ_BLOCKED, masked
 * square grids; on the other shapes that bit is a port). One switch
 * without a default, so a new shape is named here by -Wswitch-enum. */
typedef struct cell_names {
    bool rc;
    bool blocks;
} cell_names;

static cell_names names_of(mz_shape s)
{
    switch (s) {
    case MZ_SHAPE_ORTHO: return (cell_names){true, true};
    case MZ_SHAPE_HEX: return (cell_names){true, false};
    case MZ_SHAPE_TRI: return (cell_names){true, false};
    case MZ_SHAPE_WEAVE: return (cell_names){true, false};
    case MZ_SHAPE_TORUS: return (cell_names){true, false};
    case MZ_SHAPE_POLAR: return (cell_names){false, false};
    case MZ_SHAPE_CUBE: return (cell_names){false, false};
    case MZ_SHAPE_COUNT: break;
    }
    return (cell_names){false, false};
}

mz_status mz_cell_parse(const mz_grid *g, const char *text, mz_idx *cell, char *err, size_t errlen)
{
    if (!err)
        errlen = 0;
    if (!g || !text || !cell) {
        if (errlen)
            snprintf(err, errlen, "mz_cell_parse: %s is NULL", !g ? "g" : !text ? "text" : "cell");
        return MZ_EINVAL;
    }
    if (!mz_shape_ops_of(g->shape) || g->cells == 0 || !g->c) {
        if (errlen)
            snprintf(err, errlen, "mz_cell_parse: g is not a grid");
        return MZ_EINVAL;
    }
    cell_names nm = names_of(g->shape);
    mz_idx v;
    unsigned long long r, c;
    char tail;
    if (strcmp(text, "entrance") == 0) {
        v = g->entrance;
    } else if (strcmp(text, "exit") == 0) {
        v = g->exit;
    } else if (strcmp(text, "centre") == 0 || strcmp(text, "center") == 0) {
        v = mz_cell_resolve(g, MZ_CELL_CENTRE); /* the shape's own centre */
    } else if (nm.rc && strchr(text, ',') && sscanf(text, "%llu,%llu%c", &r, &c, &tail) == 2 &&
               isdigit((unsigned char)text[0])) {
        if (r >= g->rows || c >= g->cols) {
            if (errlen)
                snprintf(err, errlen, "cell '%s' is off the %llux%llu grid", text,
                         (unsigned long long)g->rows, (unsigned long long)g->cols);
            return MZ_EPARAM;
        }
        v = (mz_idx)(r * g->cols + c);
    } else {
        uint64_t u;
        bool number = false;
        switch (mzu_parse_u64(text, 0, g->cells - 1, 0, &u)) {
        case MZU_INT_OK:
            number = true;
            break;
        case MZU_INT_OVERFLOW:
        case MZU_INT_RANGE:
            if (errlen)
                snprintf(err, errlen, "cell '%s' is out of range [0, %llu]", text,
                         (unsigned long long)(g->cells - 1));
            return MZ_EPARAM;
        case MZU_INT_EMPTY:
        case MZU_INT_SIGN:
        case MZU_INT_NOT_DIGIT:
        case MZU_INT_JUNK:
            break;
        }
        if (!number) {
            if (errlen)
                snprintf(err, errlen, "cell '%s' is not a non-negative integer", text);
            return MZ_EPARAM;
        }
        v = (mz_idx)u;
    }
    if (nm.blocks && (g->c[v] & MZ_BLOCKED)) {
        if (errlen)
            snprintf(err, errlen, "cell '%s' is blocked", text);
        return MZ_EPARAM;
    }
    *cell = v;
    return MZ_OK;
}
