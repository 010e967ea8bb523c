/*
 * fuzz_size.c - sizes "RxC" and "N" (mz_parse_size). Properties: an
 * accepted size has both sides in 1..2^32 and at most MZ_MAX_CELLS cells,
 * and printed back as "RxC" parses to the same size; MZ_ETOOBIG only for
 * sides that fit but a product that does not; nothing else than MZ_OK,
 * MZ_EINVAL and MZ_ETOOBIG.
 */
#include "fuzz.h"

#include "mazebench.h"

#include <inttypes.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fz_string(data, size);
    uint64_t r = 0, c = 0;
    mz_status s = mz_parse_size(text, &r, &c);
    FZ_CHECK(s == MZ_OK || s == MZ_EINVAL || s == MZ_ETOOBIG, "'%s': status %d", text, (int)s);
    if (s == MZ_OK) {
        FZ_CHECK(r >= 1 && c >= 1 && r <= (UINT64_C(1) << 32) && c <= (UINT64_C(1) << 32),
                 "'%s': %" PRIu64 "x%" PRIu64, text, r, c);
        FZ_CHECK(r <= MZ_MAX_CELLS / c, "'%s': %" PRIu64 "x%" PRIu64 " too many cells", text, r, c);
        char back[64];
        snprintf(back, sizeof back, "%" PRIu64 "x%" PRIu64, r, c);
        uint64_t r2 = 0, c2 = 0;
        FZ_CHECK(mz_parse_size(back, &r2, &c2) == MZ_OK && r2 == r && c2 == c,
                 "'%s': '%s' reads back as %" PRIu64 "x%" PRIu64, text, back, r2, c2);
    }
    free(text);
    return 0;
}
