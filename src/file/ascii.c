/*
 * ascii.c - the "+--+" drawing of a maze of square cells.
 */
#include "file_int.h"

mz_status mzf_read_ascii(mzf_reader *r, mz_grid *g)
{
    (void)g;
    return mzf_fail_at_none(r, MZ_EUNSUPPORTED, "ascii mazes are not read yet");
}

mz_status mzf_write_ascii(const mz_grid *g, mzf_out *w)
{
    (void)g;
    (void)w;
    return MZ_EUNSUPPORTED;
}
