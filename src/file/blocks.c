/*
 * blocks.c - mazes drawn in blocks of characters.
 */
#include "file_int.h"

mz_status mzf_read_blocks(mzf_reader *r, mz_grid *g)
{
    (void)g;
    return mzf_fail_at_none(r, MZ_EUNSUPPORTED, "block mazes are not read yet");
}

mz_status mzf_write_blocks(const mz_grid *g, const mz_file_opts *o, mzf_out *w)
{
    (void)g;
    (void)o;
    (void)w;
    return MZ_EUNSUPPORTED;
}
