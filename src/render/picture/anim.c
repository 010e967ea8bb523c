/* anim.c - placeholder */
#include "picture.h"
mz_status mz_anim_render(const mz_spec *spec, uint32_t seed, uint64_t rows, uint64_t cols,
                         const mz_stage *solver, const mz_pic_opts *o, const mz_anim_opts *a,
                         mz_pic_format f, mz_pic_write_fn write, void *user, uint64_t *frames)
{
    (void)spec; (void)seed; (void)rows; (void)cols; (void)solver; (void)o; (void)a; (void)f; (void)write; (void)user; (void)frames;
    return MZ_EUNSUPPORTED;
}
