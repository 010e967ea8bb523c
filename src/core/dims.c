/* dims.c - cell shapes: geometry, parsing, and the ports of each shape
 * (src/mazebench.h, "Cell shapes"; docs/shapes.md). */
#include "internal.h"
#include "shape_ports.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>

/* ---- The shape table ---- */

/* One record a line of the shape list (src/mazebench_shapes.h): a new
 * line there needs src/core/shapes/NAME.c defining mz_shape_NAME, which
 * tests/test_shape_table.c checks. The values already given stay (ABI,
 * digests): */
_Static_assert(MZ_SHAPE_ORTHO == 0 && MZ_SHAPE_HEX == 1 && MZ_SHAPE_TRI == 2 &&
                   MZ_SHAPE_POLAR == 3 && MZ_SHAPE_CUBE == 4 && MZ_SHAPE_WEAVE == 5 &&
                   MZ_SHAPE_TORUS == 6,
               "a shape's value moved: new shapes go at the end of MZ_SHAPE_LIST");

#define SHAPE_ROW(ID, name) [MZ_SHAPE_##ID] = &mz_shape_##name,
const mz_shape_ops *const mz_shape_table[MZ_SHAPE_COUNT] = {MZ_SHAPE_LIST(SHAPE_ROW)};
#undef SHAPE_ROW

const char *mz_shape_name(mz_shape s)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    return o ? o->name : NULL;
}

/* Every shape's field, in the table's order, joined by ", " into buf
 * (cut at len). */
static const char *join_shapes(char *buf, size_t len, const char *(*field)(mz_shape))
{
    size_t n = 0;
    if (!buf || len == 0)
        return buf;
    buf[0] = '\0';
    for (unsigned k = 0; k < MZ_SHAPE_COUNT && n < len; k++) {
        int w = snprintf(buf + n, len - n, "%s%s", k ? ", " : "", field((mz_shape)k));
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

const char *mz_shape_names(char *buf, size_t len)
{
    return join_shapes(buf, len, mz_shape_name);
}

const char *mz_shape_syntax(mz_shape s)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    return o ? o->syntax : NULL;
}

const char *mz_shape_syntaxes(char *buf, size_t len)
{
    return join_shapes(buf, len, mz_shape_syntax);
}

/* Append the grids of list[0..nlist) (a zero row ends it) to out[0..max),
 * counting those past max too. */
static size_t grids_append(const mz_dims *list, size_t nlist, mz_dims *out, size_t n, size_t max)
{
    for (size_t k = 0; k < nlist && list[k].rows; k++, n++)
        if (out && n < max) {
            out[n] = list[k];
            mz_dims_cells(&out[n]);
        }
    return n;
}

size_t mz_shape_grids(mz_shape s, unsigned roles, mz_dims *out, size_t max)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    if (!o)
        return 0;
    const mz_shape_grid_lists *l = &o->grids;
    size_t n = 0;
    if (roles & MZ_GRIDS_TYPICAL)
        n = grids_append(l->typical, MZ_SHAPE_ROLE_MAX, out, n, max);
    if (roles & MZ_GRIDS_THIN)
        n = grids_append(l->thin, MZ_SHAPE_ROLE_MAX, out, n, max);
    if (roles & MZ_GRIDS_DEGENERATE)
        n = grids_append(l->degenerate, MZ_SHAPE_ROLE_MAX, out, n, max);
    if (roles & MZ_GRIDS_LARGE)
        n = grids_append(&l->large, 1, out, n, max);
    if (roles & MZ_GRIDS_VET)
        n = grids_append(l->vet, MZ_SHAPE_VET_MAX, out, n, max);
    if (roles & MZ_GRIDS_PICTURE)
        n = grids_append(&l->picture, 1, out, n, max);
    if (roles & MZ_GRIDS_CALIBRATE)
        n = grids_append(&l->calibrate, 1, out, n, max);
    if (roles & MZ_GRIDS_ESTIMATE)
        n = grids_append(l->estimate, 2, out, n, max);
    if (roles & MZ_GRIDS_ESTIMATE_BIG)
        n = grids_append(l->estimate_big, 2, out, n, max);
    return n;
}

mz_status mz_shape_parse(const char *name, mz_shape *s)
{
    if (!name || !s)
        return MZ_EINVAL;
    for (unsigned k = 0; k < MZ_SHAPE_COUNT; k++) {
        const mz_shape_ops *o = mz_shape_table[k];
        if (strcmp(name, o->name) == 0 || (o->alias && strcmp(name, o->alias) == 0)) {
            *s = (mz_shape)k;
            return MZ_OK;
        }
    }
    return MZ_ENOTFOUND;
}

unsigned mz_shape_ports(mz_shape s)
{
    return (unsigned)s < MZ_SHAPE_COUNT ? mz_sp_ports(s) : 0;
}

unsigned mz_shape_max_degree(mz_shape s)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    return o ? o->max_degree : 0;
}

uint8_t mz_shape_walls(mz_shape s)
{
    return (uint8_t)((1u << mz_shape_ports(s)) - 1u);
}

bool mz_shape_layered(mz_shape s)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    return o && o->layered;
}

mz_dims mz_dims_near(mz_shape s, uint64_t target)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    mz_dims g = {s, 1, 1, 1};
    return o ? o->near(target ? target : 1) : g;
}

mz_dims mz_dims_side(mz_shape s, uint64_t n)
{
    const mz_shape_ops *o = mz_shape_ops_of(s);
    mz_dims g = {s, 1, n, n};
    return o ? o->of_side(n) : g;
}

/* ---- What the records share ---- */

int mz_shape_format_rc(const mz_dims *g, char *buf, size_t len)
{
    return snprintf(buf, len, "%s:%llux%llu", mz_shape_name(g->shape),
                    (unsigned long long)g->rows, (unsigned long long)g->cols);
}

bool mz_shape_sized_rc(const mz_dims *g) { return g->rows != 0 && g->cols != 0; }

uint64_t mz_shape_cells_rc(mz_dims *g)
{
    g->levels = 1;
    return mz_grid_bytes(g->rows, g->cols);
}

mz_status mz_shape_parse_rc(const uint64_t *v, unsigned n, mz_dims *g)
{
    if (n == 1) {
        g->rows = g->cols = v[0];
    } else if (n == 2) {
        g->rows = v[0];
        g->cols = v[1];
    } else {
        return MZ_EINVAL;
    }
    return MZ_OK;
}

mz_dims mz_shape_near_rc(mz_shape s, uint64_t target)
{
    mz_dims g = {s, 1, 1, 1};
    uint64_t rows = (uint64_t)sqrt((double)target);
    while (rows > 1 && rows * rows > target)
        rows--;
    while ((rows + 1) * (rows + 1) <= target)
        rows++;
    g.rows = rows;
    g.cols = target / rows; /* never past the target */
    if (g.cols == 0)
        g.cols = 1;
    mz_dims_cells(&g);
    return g;
}

mz_idx mz_shape_first_cell(const mz_grid *g)
{
    (void)g;
    return 0;
}

mz_idx mz_shape_last_cell(const mz_grid *g) { return g->cells ? g->cells - 1 : 0; }

mz_idx mz_shape_centre_rc(const mz_grid *g)
{
    uint64_t levels = g->levels ? g->levels : 1;
    return (levels / 2) * g->rows * g->cols + (g->rows / 2) * g->cols + g->cols / 2;
}

unsigned mz_shape_all_ports(const mz_grid *g, mz_idx i)
{
    (void)i;
    return mz_shape_ports(g->shape);
}

/* ---- Polar rings (shape_ports.h) ---- */

uint64_t mz_polar_ring_cells(uint64_t r) { return mz_sp_polar_ring_cells(r); }

uint64_t mz_polar_ring_first(uint64_t r) { return mz_sp_polar_ring_first(r); }

void mz_polar_locate(mz_idx i, uint64_t *ring, uint64_t *pos)
{
    uint64_t r, p;
    mz_sp_polar_locate(i, &r, &p);
    if (ring)
        *ring = r;
    if (pos)
        *pos = p;
}

/* ---- Geometry ---- */

uint64_t mz_dims_cells(mz_dims *g)
{
    if (!g)
        return 0;
    const mz_shape_ops *o = mz_shape_ops_of(g->shape);
    if (!o || g->rows == 0 || !o->sized(g))
        return 0;
    return o->cells(g);
}

bool mz_dims_connected(const mz_dims *g)
{
    if (!g)
        return false;
    const mz_shape_ops *o = mz_shape_ops_of(g->shape);
    return !o || o->connected(g);
}

mz_dims mz_grid_dims(const mz_grid *g)
{
    if (!g) {
        mz_dims none = {MZ_SHAPE_ORTHO, 0, 0, 0};
        return none;
    }
    mz_dims geo = {g->shape, g->levels ? g->levels : 1, g->rows, g->cols};
    return geo;
}

/* A decimal number of at most 10 digits with a value in [1, 2^32]. */
static const char *parse_num(const char *p, uint64_t *out)
{
    uint64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (++digits > 10)
            return NULL;
        p++;
    }
    if (digits == 0 || v == 0 || v > (UINT64_C(1) << 32))
        return NULL;
    *out = v;
    return p;
}

/* Up to `most` numbers joined by 'x'; the count read, or 0 on bad text. */
static unsigned parse_dims(const char *p, uint64_t *v, unsigned most)
{
    unsigned n = 0;
    for (;;) {
        if (n == most)
            return 0;
        p = parse_num(p, &v[n]);
        if (!p)
            return 0;
        n++;
        if (*p == '\0')
            return n;
        if (*p != 'x' && *p != 'X')
            return 0;
        p++;
    }
}

mz_status mz_dims_parse(const char *s, mz_dims *g)
{
    if (!s || !g)
        return MZ_EINVAL;
    mz_dims geo = {MZ_SHAPE_ORTHO, 1, 0, 0};
    const char *colon = strchr(s, ':');
    const char *dims = s;
    if (colon) {
        char name[16];
        size_t len = (size_t)(colon - s);
        if (len == 0 || len >= sizeof name)
            return MZ_ENOTFOUND;
        memcpy(name, s, len);
        name[len] = '\0';
        if (mz_shape_parse(name, &geo.shape) != MZ_OK)
            return MZ_ENOTFOUND;
        dims = colon + 1;
    }
    uint64_t v[3];
    unsigned n = parse_dims(dims, v, 3);
    if (n == 0 || mz_shape_table[geo.shape]->parse_dims(v, n, &geo) != MZ_OK)
        return MZ_EINVAL;
    if (!mz_dims_connected(&geo))
        return MZ_EINVAL;
    if (mz_dims_cells(&geo) == 0)
        return MZ_ETOOBIG;
    *g = geo;
    return MZ_OK;
}

size_t mz_dims_format(const mz_dims *g, char *buf, size_t len)
{
    if (!buf)
        len = 0;
    if (!g) {
        if (len)
            buf[0] = '\0';
        return 0;
    }
    const mz_shape_ops *o = mz_shape_ops_of(g->shape);
    int n = o ? o->format(g, buf, len) : snprintf(buf, len, "?");
    return n < 0 ? 0 : (size_t)n;
}

/* ---- Ports (shape_ports.h) ---- */

mz_idx mz_port_nbr(const mz_grid *g, mz_idx i, unsigned p)
{
    return g ? mz_sp_nbr(g, g->shape, i, p) : MZ_NONE;
}

unsigned mz_port_back(const mz_grid *g, mz_idx i, unsigned p)
{
    return g ? mz_sp_back(g, g->shape, i, p) : 0;
}

bool mz_port_can_open(const mz_grid *g, mz_idx i, unsigned p)
{
    return g && mz_sp_can_open(g, g->shape, i, p);
}

void mz_port_knock(mz_grid *g, mz_idx i, unsigned p)
{
    if (g)
        mz_sp_knock(g, g->shape, i, p);
}

void mz_port_close(mz_grid *g, mz_idx i, unsigned p)
{
    if (!g)
        return;
    mz_idx n = mz_sp_nbr(g, g->shape, i, p);
    g->c[i] |= (uint8_t)(1u << p);
    g->c[n] |= (uint8_t)(1u << mz_sp_back(g, g->shape, i, p));
}

unsigned mz_port_degree(const mz_grid *g, mz_idx i)
{
    if (!g)
        return 0;
    unsigned ports = mz_shape_ports(g->shape);
    unsigned open = (unsigned)~g->c[i] & ((1u << ports) - 1u);
    if (g->shape == MZ_SHAPE_ORTHO && (g->c[i] & MZ_BLOCKED))
        return 0;
    return (unsigned)__builtin_popcount(open);
}

int mz_port_across(const mz_grid *g, mz_idx i, unsigned p)
{
    if (!g)
        return -1;
    const mz_shape_ops *o = mz_shape_ops_of(g->shape);
    return o ? o->across(g, i, p) : -1;
}

uint64_t mz_shape_distance(const mz_grid *g, mz_idx a, mz_idx b)
{
    if (!g)
        return 0;
    const mz_shape_ops *o = mz_shape_ops_of(g->shape);
    return o ? o->distance(g, a, b) : 0;
}
