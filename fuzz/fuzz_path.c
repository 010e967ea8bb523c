/*
 * fuzz_path.c - path files, what an outside solver prints (mzx_path_read),
 * and the path check (mz_path_check). The first byte picks a maze (square,
 * hex, polar or 3d cells, made by dfs); the rest is the program's output,
 * read as given (not NUL-terminated). Properties: the reader answers
 * MZ_OK, MZ_EFORMAT (with "LINE:COL: " leading its message) or MZ_ETOOBIG;
 * an accepted path holds at most MZX_PATH_FACTOR times the cells plus one
 * and at most one cell a byte pair; the check never fails on it, a valid
 * verdict starts at the entrance and ends at the exit with steps = cells -
 * 1 and excess = steps - shortest >= 0, and an invalid one names a fault
 * at a place inside the list; a path that reads is written back and reads
 * the same.
 */
#include "fuzz.h"

#include "mazebench.h"
#include "outside/solver.h"

#include <ctype.h>
#include <inttypes.h>

static const char *const grids[] = {"5x7", "hex:4x5", "polar:4", "3d:2x3x4"};

typedef struct sink {
    char *p;
    size_t len;
} sink;

static int put(void *user, const char *buf, size_t n)
{
    sink *s = user;
    char *q = realloc(s->p, s->len + n);
    if (!q)
        abort();
    memcpy(q + s->len, buf, n);
    s->p = q;
    s->len += n;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const char *grid = grids[data[0] % 4];
    const mzx_path_form form = (mzx_path_form)((data[0] / 4) % 3);
    const char *text = (const char *)data + 1;
    const size_t len = size - 1;

    mz_dims d;
    mz_spec spec;
    char err[200];
    if (mz_dims_parse(grid, &d) != MZ_OK || mz_spec_parse("dfs", &spec, err, sizeof err) != MZ_OK)
        abort();
    mz_grid g;
    memset(&g, 0, sizeof g);
    if (mz_generate(&spec, data[0], &d, &g, NULL) != MZ_OK)
        abort();

    mz_idx *cells = NULL;
    uint64_t n = 0;
    mz_status s = mzx_path_read(text, len, &g, form, &cells, &n, err, sizeof err);
    FZ_CHECK(s == MZ_OK || s == MZ_EFORMAT || s == MZ_ETOOBIG, "%s: status %d", grid, (int)s);
    if (s == MZ_EFORMAT) {
        const char *p = err;
        while (isdigit((unsigned char)*p))
            p++;
        FZ_CHECK(p > err && *p == ':', "%s: message '%s' has no line", grid, err);
        const char *q = ++p;
        while (isdigit((unsigned char)*p))
            p++;
        FZ_CHECK(p > q && p[0] == ':' && p[1] == ' ', "%s: message '%s' has no column", grid, err);
    }
    if (s == MZ_OK) {
        FZ_CHECK(n <= g.cells * MZX_PATH_FACTOR + 1 && n <= len / 2 + 1,
                 "%s: %" PRIu64 " cells from %zu bytes", grid, n, len);
        mz_path_verdict v;
        FZ_CHECK(mz_path_check(&g, cells, n, &v) == MZ_OK, "%s: the check failed", grid);
        if (v.valid) {
            FZ_CHECK(n > 0 && cells[0] == g.entrance && cells[n - 1] == g.exit &&
                         v.steps == n - 1 && v.shortest >= 0 &&
                         v.excess == (int64_t)v.steps - v.shortest && v.excess >= 0,
                     "%s: a valid path of %" PRIu64 " cells, steps %" PRIu64 ", excess %" PRId64,
                     grid, n, v.steps, v.excess);
        } else {
            FZ_CHECK(v.fault != MZ_PATH_OK && v.excess == -1 && (n == 0 || v.at < n),
                     "%s: fault %d at %" PRIu64 " of %" PRIu64, grid, (int)v.fault, v.at, n);
        }
        bool on_grid = true;
        for (uint64_t k = 0; k < n; k++)
            on_grid = on_grid && cells[k] < g.cells;
        if (on_grid) {
            sink out = {NULL, 0};
            FZ_CHECK(mzx_path_write(&g, cells, n, form == MZX_PATH_RC ? MZX_PATH_RC : MZX_PATH_INDEX,
                                    put, &out) == MZ_OK,
                     "%s: the path does not write", grid);
            mz_idx *back = NULL;
            uint64_t m = 0;
            FZ_CHECK(mzx_path_read(out.p, out.len, &g, form, &back, &m, err, sizeof err) == MZ_OK &&
                         m == n && (n == 0 || memcmp(back, cells, n * sizeof *cells) == 0),
                     "%s: the path written does not read back (%s)", grid, err);
            free(back);
            free(out.p);
        }
    }
    free(cells);
    mz_grid_free(&g);
    return 0;
}
