/*
 * sweep_file.c - reading sweep CSV files back (for --resume and merge) and
 * the merge command.
 *
 * A sweep file is: '#' provenance lines, the header, then rows, each row a
 * CSV record ended by '\n'. A row counts as complete when it ends in a
 * newline and has the header's field count: an interrupted write leaves at
 * most one partial row at the tail, and a sweep never writes a '#' line or a
 * blank line after the header.
 */
#define _POSIX_C_SOURCE 200809L
#include "sweep.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

long sw_csv_fields(const char *line, size_t len)
{
    long n = 1;
    bool quoted = false;
    for (size_t k = 0; k < len; k++) {
        if (line[k] == '"')
            quoted = !quoted; /* "" inside quotes toggles twice: no change */
        else if (line[k] == ',' && !quoted)
            n++;
    }
    return quoted ? -1 : n;
}

/* End of the record starting at off: the offset of its terminating '\n'
 * (outside quotes), or len when there is none. */
static size_t record_end(const char *t, size_t len, size_t off)
{
    bool quoted = false;
    for (size_t k = off; k < len; k++) {
        if (t[k] == '"')
            quoted = !quoted;
        else if (t[k] == '\n' && !quoted)
            return k;
    }
    return len;
}

int sw_file_read(const char *path, sw_file *f)
{
    memset(f, 0, sizeof *f);
    f->header_at = SIZE_MAX;
    FILE *in = fopen(path, "rb");
    if (!in) {
        if (errno == ENOENT)
            return 1;
        mzc_error("cannot read '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16;
    f->text = malloc(cap);
    for (;;) {
        if (!f->text) {
            fclose(in);
            mzc_error("out of memory reading '%s'", path);
            return -1;
        }
        f->len += fread(f->text + f->len, 1, cap - f->len - 1, in);
        if (f->len < cap - 1)
            break;
        cap *= 2;
        char *t = realloc(f->text, cap);
        if (!t)
            free(f->text);
        f->text = t;
    }
    int err = ferror(in);
    fclose(in);
    if (err) {
        mzc_error("cannot read '%s'", path);
        sw_file_free(f);
        return -1;
    }
    f->text[f->len] = '\0';

    const char *t = f->text;
    size_t off = 0;
    while (off < f->len && t[off] == '#') {
        const char *nl = memchr(t + off, '\n', f->len - off);
        if (!nl) /* a provenance line cut short: no header yet */
            return 0;
        off = (size_t)(nl - t) + 1;
    }
    f->prov_end = off;
    size_t hend = record_end(t, f->len, off);
    if (hend == f->len)
        return 0;
    f->header_at = off;
    long nfields = sw_csv_fields(t + off, hend - off);
    off = hend + 1;
    f->rows_at = off;
    size_t cap_rows = 0;
    while (off < f->len) {
        size_t end = record_end(t, f->len, off);
        if (end == f->len || sw_csv_fields(t + off, end - off) != nfields)
            break;
        if (f->nrows == cap_rows) {
            cap_rows = cap_rows ? cap_rows * 2 : 1024;
            size_t *r = realloc(f->row_end, cap_rows * sizeof *r);
            if (!r) {
                mzc_error("out of memory reading '%s'", path);
                sw_file_free(f);
                return -1;
            }
            f->row_end = r;
        }
        f->row_end[f->nrows++] = end + 1;
        off = end + 1;
    }
    return 0;
}

void sw_file_free(sw_file *f)
{
    free(f->text);
    free(f->row_end);
    memset(f, 0, sizeof *f);
}

char *sw_file_lines(const sw_file *f, const char *prefix)
{
    size_t n = strlen(prefix), used = 0;
    char *out = malloc(f->prov_end + 1);
    if (!out)
        return NULL;
    for (size_t off = 0; off < f->prov_end;) {
        const char *nl = memchr(f->text + off, '\n', f->prov_end - off);
        size_t end = nl ? (size_t)(nl - f->text) + 1 : f->prov_end;
        if (end - off >= n && memcmp(f->text + off, prefix, n) == 0) {
            memcpy(out + used, f->text + off, end - off);
            used += end - off;
        }
        off = end;
    }
    out[used] = '\0';
    return out;
}

/* ---- merge ---- */

static const char merge_help[] =
    "usage: mazebench merge FILE... [--out FILE]\n\n"
    "Join the part files of a sharded sweep ('mazebench sweep --shard I/N') into\n"
    "the CSV one machine would have written: the same rows in the same order.\n"
    "Every part of one plan must be given once, in any order. The output keeps\n"
    "the first file's provenance lines, with '# shard: merged' and the parts\n"
    "named. Writes to stdout unless --out is given.\n";

struct part {
    const char *path;
    sw_file f;
    unsigned long shard, nshard, tasks, per_task;
    size_t next; /* next row to take */
};

/* Parse "# shard: I/N, tasks T, rows per task K". */
static int read_shard_line(struct part *p)
{
    char *line = sw_file_lines(&p->f, "# shard: ");
    int ok = line && sscanf(line, "# shard: %lu/%lu, tasks %lu, rows per task %lu", &p->shard,
                            &p->nshard, &p->tasks, &p->per_task) == 4;
    free(line);
    if (!ok || p->shard < 1 || p->shard > p->nshard || p->per_task < 1) {
        mzc_error("merge: '%s' has no '# shard: I/N, tasks T, rows per task K' line: "
                  "not a sweep file", p->path);
        return -1;
    }
    return 0;
}

static int same_lines(const struct part *a, const struct part *b, const char *prefix)
{
    char *x = sw_file_lines(&a->f, prefix), *y = sw_file_lines(&b->f, prefix);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

static int header_equal(const struct part *a, const struct part *b)
{
    size_t ea = a->f.rows_at - a->f.header_at, eb = b->f.rows_at - b->f.header_at;
    return ea == eb && memcmp(a->f.text + a->f.header_at, b->f.text + b->f.header_at, ea) == 0;
}

int cmd_merge(int argc, char **argv)
{
    const char *out_path = NULL;
    const char **paths = calloc((size_t)argc, sizeof *paths);
    size_t n = 0;
    if (!paths)
        return MZC_FAIL;
    for (int k = 1; k < argc; k++) {
        const char *v;
        int r;
        if (mzc_flag(argv[k], "--help", "-h")) {
            fputs(merge_help, stdout);
            free(paths);
            return MZC_OK;
        }
        if ((r = mzc_opt(argc, argv, &k, "--out", &v)) != 0) {
            if (r < 0) {
                free(paths);
                return MZC_USAGE;
            }
            out_path = v;
        } else if (argv[k][0] == '-' && argv[k][1] != '\0') {
            mzc_error("merge: unknown option '%s' (see 'mazebench merge --help')", argv[k]);
            free(paths);
            return MZC_USAGE;
        } else {
            paths[n++] = argv[k];
        }
    }
    if (n == 0) {
        mzc_error("merge: no FILE given (see 'mazebench merge --help')");
        free(paths);
        return MZC_USAGE;
    }
    struct part *parts = calloc(n, sizeof *parts);
    struct part **by_shard = calloc(n, sizeof *by_shard);
    int rc = MZC_OK;
    FILE *out = NULL;
    if (!parts || !by_shard) {
        rc = MZC_FAIL;
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        parts[k].path = paths[k];
        int r = sw_file_read(paths[k], &parts[k].f);
        if (r > 0)
            mzc_error("merge: cannot read '%s': no such file", paths[k]);
        if (r != 0) {
            rc = MZC_FAIL;
            goto done;
        }
        if (read_shard_line(&parts[k]) != 0 || parts[k].f.header_at == SIZE_MAX) {
            if (parts[k].f.header_at == SIZE_MAX)
                mzc_error("merge: '%s' has no header line", paths[k]);
            rc = MZC_FAIL;
            goto done;
        }
    }
    const struct part *p0 = &parts[0];
    if (p0->nshard != n) {
        mzc_error("merge: '%s' is part %lu of %lu, but %zu files were given", p0->path,
                  p0->shard, p0->nshard, n);
        rc = MZC_USAGE;
        goto done;
    }
    for (size_t k = 0; k < n; k++) {
        struct part *p = &parts[k];
        if (p->nshard != p0->nshard || p->tasks != p0->tasks || p->per_task != p0->per_task ||
            !same_lines(p, p0, "# plan: ") || !header_equal(p, p0)) {
            mzc_error("merge: '%s' and '%s' come from different plans or builds", p->path,
                      p0->path);
            rc = MZC_FAIL;
            goto done;
        }
        if (by_shard[p->shard - 1]) {
            mzc_error("merge: '%s' and '%s' are both part %lu/%lu", by_shard[p->shard - 1]->path,
                      p->path, p->shard, p->nshard);
            rc = MZC_USAGE;
            goto done;
        }
        by_shard[p->shard - 1] = p;
        /* Tasks shard-1, shard-1+N, ... below tasks. */
        unsigned long mine = p->tasks / p->nshard + (p->shard - 1 < p->tasks % p->nshard);
        if (p->f.nrows != mine * p->per_task ||
            (p->f.nrows ? p->f.row_end[p->f.nrows - 1] : p->f.rows_at) != p->f.len) {
            mzc_error("merge: '%s' is incomplete (%zu of %lu rows): finish it with "
                      "'mazebench sweep --resume --shard %lu/%lu --out %s'",
                      p->path, p->f.nrows, mine * p->per_task, p->shard, p->nshard, p->path);
            rc = MZC_FAIL;
            goto done;
        }
    }

    out = out_path ? fopen(out_path, "w") : stdout;
    if (!out) {
        mzc_error("merge: cannot write '%s'", out_path);
        rc = MZC_FAIL;
        goto done;
    }
    /* The first file's provenance, its shard line replaced. */
    const sw_file *f0 = &p0->f;
    for (size_t off = 0; off < f0->prov_end;) {
        const char *nl = memchr(f0->text + off, '\n', f0->prov_end - off);
        size_t end = (size_t)(nl - f0->text) + 1;
        if (strncmp(f0->text + off, "# shard: ", 9) == 0) {
            fprintf(out, "# shard: 1/1, tasks %lu, rows per task %lu\n", p0->tasks,
                    p0->per_task);
            fputs("# merged:", out);
            for (size_t k = 0; k < n; k++)
                fprintf(out, " %s", by_shard[k]->path);
            fputs(" (provenance above is the first file's)\n", out);
        } else {
            fwrite(f0->text + off, 1, end - off, out);
        }
        off = end;
    }
    fwrite(f0->text + f0->header_at, 1, f0->rows_at - f0->header_at, out);
    for (unsigned long t = 0; t < p0->tasks; t++) {
        struct part *p = by_shard[t % n];
        for (unsigned long r = 0; r < p->per_task; r++, p->next++) {
            size_t from = p->next ? p->f.row_end[p->next - 1] : p->f.rows_at;
            fwrite(p->f.text + from, 1, p->f.row_end[p->next] - from, out);
        }
    }
    if (fflush(out) != 0 || ferror(out)) {
        mzc_error("merge: cannot write output");
        rc = MZC_FAIL;
    }
done:
    if (out && out != stdout)
        fclose(out);
    for (size_t k = 0; parts && k < n; k++)
        sw_file_free(&parts[k].f);
    free(parts);
    free(by_shard);
    free(paths);
    return rc;
}
