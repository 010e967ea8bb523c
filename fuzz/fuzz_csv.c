/*
 * fuzz_csv.c - sweep CSV files as 'merge' and '--resume' read them:
 * sw_file_parse, sw_csv_read_row, sw_csv_value, sw_file_column,
 * sw_file_lines, and against a small fixed plan sw_check_rows (whole file
 * and both shards of two), sw_resume_copy and sw_merge. A form feed
 * splits the input into two files, merged as two parts. Properties:
 * nothing reads past the input; values are NUL-terminated and no longer
 * than their field; whole tasks never exceed the file's rows; reasons are
 * one line.
 */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include "sweep.h"

static const char plan_text[] = "gen dfs\ngen dfs+braid\nsolve bfs\nsolve wall\nseeds 464..465\n"
                                "sizes 3,2x4\n";

static void one_line(int rc, const char *err)
{
    if (rc != SW_OK)
        FZ_CHECK(err[0] && !strchr(err, '\n'), "reason '%s'", err);
}

static void read_all(const sw_file *f)
{
    size_t off = 0, n;
    sw_csv_field fld[8];
    char val[16];
    int r;
    while ((r = sw_csv_read_row(f->text, f->len, &off, fld, 8, &n)) == 1) {
        FZ_CHECK(off <= f->len, "offset %zu past %zu", off, f->len);
        for (size_t k = 0; k < n && k < 8; k++) {
            FZ_CHECK(fld[k].p >= f->text && fld[k].p + fld[k].len <= f->text + f->len,
                     "field outside the text");
            size_t got = sw_csv_value(&fld[k], val, sizeof val);
            FZ_CHECK(got <= fld[k].len && memchr(val, '\0', sizeof val), "value length");
        }
    }
    FZ_CHECK(r == 0 || r == -1, "sw_csv_read_row returned %d", r);
    (void)sw_file_column(f, "gen");
    (void)sw_file_column(f, "gen_ns");
    free(sw_file_lines(f, "# "));
    free(sw_file_lines(f, "# shard: "));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sw_plan plan;
    static bool ready;
    char err[512] = "";
    if (!ready) {
        sw_plan_init(&plan, NULL, NULL);
        FZ_CHECK(sw_plan_parse_text(&plan, plan_text, sizeof plan_text - 1, "fuzz", err,
                                    sizeof err) == SW_OK &&
                     sw_plan_finish(&plan, err, sizeof err) == SW_OK,
                 "plan: %s", err);
        ready = true;
    }
    const char *text = (const char *)data;
    const char *ff = memchr(text, '\f', size);
    size_t len1 = ff ? (size_t)(ff - text) : size;
    sw_file f[2];
    memset(f, 0, sizeof f);
    size_t nf = 1;
    if (sw_file_parse(&f[0], text, len1, err, sizeof err) != SW_OK)
        return 0;
    if (ff) {
        if (sw_file_parse(&f[1], ff + 1, size - len1 - 1, err, sizeof err) != SW_OK) {
            sw_file_free(&f[0]);
            return 0;
        }
        nf = 2;
    }
    for (size_t i = 0; i < nf; i++) {
        read_all(&f[i]);
        for (unsigned shard = 0; shard <= 2; shard++) {
            uint64_t whole = UINT64_MAX;
            int rc = sw_check_rows(&plan, &f[i], shard ? shard : 1, shard ? 2 : 1, &whole, err,
                                   sizeof err);
            one_line(rc, err);
            if (rc == SW_OK)
                FZ_CHECK(whole <= f[i].nrows, "%llu whole tasks in %zu rows",
                         (unsigned long long)whole, f[i].nrows);
        }
        char *out = NULL;
        size_t outlen = 0;
        FILE *o = open_memstream(&out, &outlen);
        FZ_CHECK(o != NULL, "open_memstream");
        char *argv[] = {"mazebench", "sweep", "--resume", NULL};
        uint64_t done = UINT64_MAX;
        int rc = sw_resume_copy(&plan, &f[i], 1, 1, 3, argv, o, &done, err, sizeof err, NULL);
        one_line(rc, err);
        fclose(o);
        free(out);
    }
    char *out = NULL;
    size_t outlen = 0;
    FILE *o = open_memstream(&out, &outlen);
    FZ_CHECK(o != NULL, "open_memstream");
    const char *names[2] = {"part1.csv", "part2.csv"};
    int rc = sw_merge(f, names, nf, o, err, sizeof err);
    one_line(rc, err);
    fclose(o);
    free(out);
    for (size_t i = 0; i < nf; i++)
        sw_file_free(&f[i]);
    return 0;
}
