/*
 * fuzz_check.c - 'mazebench check FILE': the CLI's command on the input as
 * a file. Rows whose rows or cols pass 64 are skipped (a valid file may
 * ask for any maze; the fuzzer wants many small ones). Properties: the
 * command returns 0, 1 or 2 and never crashes or leaks.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "cli.h"
#include "sweep.h"

#include <unistd.h>


/* Is every row's maze small? (Unreadable sizes are check's to refuse.) */
static bool small_mazes(const char *text, size_t len)
{
    sw_file f;
    char err[256];
    if (sw_file_parse(&f, text, len, err, sizeof err) != SW_OK)
        return false;
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0]) {
        snprintf(path, sizeof path, "/tmp/mz-fuzz-check-%ld.csv", (long)getpid());
        if (!freopen("/dev/null", "w", stdout))
            abort();
    }
    if (!small_mazes((const char *)data, size))
        return 0;
    FILE *f = fopen(path, "wb");
    FZ_CHECK(f != NULL, "cannot write %s", path);
    if (size)
        fwrite(data, 1, size, f);
    fclose(f);
    char *argv[] = {"check", path, NULL};
    int rc = cmd_check(2, argv);
    FZ_CHECK(rc == 0 || rc == 1 || rc == 2, "exit status %d", rc);
    unlink(path);
    return 0;
}
