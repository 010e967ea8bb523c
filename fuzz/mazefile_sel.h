/*
 * mazefile_sel.h - what the first byte of a fuzz_mazefile input chooses,
 * shared by the target and tests/test_file_formats.c (which checks that
 * every format of the table has a seed in tests/fuzz-corpus/mazefile/).
 *
 * The byte is read in fields: bits 0-2 the format (its mz_file_format
 * value; 0 and the values past the last format: auto), bit 3 the blocks
 * layout (rooms, cells), then the block's width (1..3), height (1..2) and
 * the wall characters (the defaults, or '#' and U+2588). A new format
 * takes the next value, so no seed changes meaning when one is added.
 */
#ifndef MZ_FUZZ_MAZEFILE_SEL_H
#define MZ_FUZZ_MAZEFILE_SEL_H

#include "mazebench.h"
#include "mazebench_file.h"

#include <string.h>

_Static_assert(MZ_FILE_FORMAT_COUNT <= 8,
               "a ninth maze file format: widen the format field of fz_mazefile_opts");

static inline void fz_mazefile_opts(unsigned sel, mz_file_opts *o)
{
    memset(o, 0, sizeof *o);
    unsigned f = sel % 8;
    o->format = f < MZ_FILE_FORMAT_COUNT ? (mz_file_format)f : MZ_FILE_AUTO;
    o->layout = (int)((sel / 8) % 2);
    o->cell_w = 1 + (sel / 16) % 3;
    o->cell_h = 1 + (sel / 48) % 2;
    o->wall_chars = (sel / 96) % 2 ? "#\xE2\x96\x88" : NULL;
}

#endif /* MZ_FUZZ_MAZEFILE_SEL_H */
