/*
 * small_mazes.h - for the fuzz targets that run 'check' on a sweep file:
 * does every row ask for a maze of at most 64 a side? (A valid file may
 * ask for any maze; the fuzzer wants many small ones.)
 */
#ifndef MZ_FUZZ_SMALL_MAZES_H
#define MZ_FUZZ_SMALL_MAZES_H

#include "sweep.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* unreadable: the answer for text the sweep reader refuses. */
static inline bool fz_small_mazes(const char *text, size_t len, bool unreadable)
{
    sw_file f;
    char err[256];
    if (sw_file_parse(&f, text, len, err, sizeof err) != SW_OK)
        return unreadable;
    size_t cr = sw_file_column(&f, "rows"), cc = sw_file_column(&f, "cols");
    bool ok = true;
    size_t off = f.rows_at, n;
    sw_csv_field fld[64];
    while (ok && off < f.len && sw_csv_read_row(f.text, f.len, &off, fld, 64, &n) == 1) {
        size_t at[2] = {cr, cc};
        for (int k = 0; k < 2; k++) {
            if (at[k] >= n || at[k] >= 64)
                continue;
            char v[32];
            sw_csv_value(&fld[at[k]], v, sizeof v);
            if (strtoull(v, NULL, 10) > 64 || strlen(v) > 3)
                ok = false;
        }
    }
    sw_file_free(&f);
    return ok;
}

#endif
