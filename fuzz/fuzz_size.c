/*
 * fuzz_size.c - dims "RxC", "N" and "SHAPE:DIMS" (mz_dims_parse).
 * Properties: nothing else than MZ_OK, MZ_EINVAL, MZ_ENOTFOUND and
 * MZ_ETOOBIG; MZ_ENOTFOUND only for a text with a shape before a colon;
 * accepted dims have 1 to MZ_MAX_CELLS cells, a text without a colon is
 * square cells with both sides in 1..2^32, and the dims written back
 * (mz_dims_format) parse to the same dims; MZ_ETOOBIG only for sides that
 * fit but a product that does not.
 */
#include "fuzz.h"

#include "mazebench.h"

#include <inttypes.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_string(data, size);
    mz_dims d = {MZ_SHAPE_ORTHO, 1, 0, 0};
    mz_status s = mz_dims_parse(text, &d);
    bool colon = strchr(text, ':') != NULL;
    FZ_CHECK(s == MZ_OK || s == MZ_EINVAL || s == MZ_ETOOBIG || (s == MZ_ENOTFOUND && colon),
             "'%s': status %d", text, (int)s);
    if (s == MZ_OK) {
        uint64_t cells = mz_dims_cells(&d);
        FZ_CHECK(cells >= 1 && cells <= MZ_MAX_CELLS, "'%s': %" PRIu64 " cells", text, cells);
        if (!colon)
            FZ_CHECK(d.shape == MZ_SHAPE_ORTHO && d.rows >= 1 && d.cols >= 1 &&
                         d.rows <= (UINT64_C(1) << 32) && d.cols <= (UINT64_C(1) << 32),
                     "'%s': %" PRIu64 "x%" PRIu64, text, d.rows, d.cols);
        char back[96];
        mz_dims_format(&d, back, sizeof back);
        mz_dims d2 = {MZ_SHAPE_ORTHO, 1, 0, 0};
        FZ_CHECK(mz_dims_parse(back, &d2) == MZ_OK && d2.shape == d.shape &&
                     d2.levels == d.levels && d2.rows == d.rows && d2.cols == d.cols,
                 "'%s': '%s' reads back as %" PRIu64 "x%" PRIu64, text, back, d2.rows, d2.cols);
    }
    free(text);
    return 0;
}
