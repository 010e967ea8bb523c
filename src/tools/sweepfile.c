/*
 * sweepfile.c - a sweep CSV read once, its rows walked in order with the
 * line each starts on and its round (a file may concatenate several sweep
 * files, each with its '#' lines and header: every header starts a round),
 * and the string map of the tools.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int mzt_fail(mzt_err *err, int rc, const char *path, size_t line, const char *fmt, ...)
{
    err->path = path;
    err->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return rc;
}

/* ---- containers ---- */

static uint64_t fnv(const char *s)
{
    uint64_t h = 14695981039346656037u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The slot of key: *found says whether it holds key (else it is empty). */
static size_t map_slot(const mzt_map *m, const char *key, bool *found)
{
    size_t k = (size_t)(fnv(key) & (m->cap - 1));
    while (m->key[k] && strcmp(m->key[k], key) != 0)
        k = (k + 1) & (m->cap - 1);
    *found = m->key[k] != NULL;
    return k;
}

int mzt_map_get(mzt_map *m, const char *key, bool add, size_t val, size_t *out)
{
    if (m->cap == 0 || 2 * (m->n + 1) > m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 1024;
        mzt_map nm = {cap, 0, calloc(cap, sizeof(char *)), calloc(cap, sizeof(size_t))};
        if (!nm.key || !nm.val) {
            free(nm.key);
            free(nm.val);
            return -1;
        }
        for (size_t k = 0; k < m->cap; k++)
            if (m->key[k]) {
                bool f;
                size_t s = map_slot(&nm, m->key[k], &f);
                nm.key[s] = m->key[k];
                nm.val[s] = m->val[k];
                nm.n++;
            }
        free(m->key);
        free(m->val);
        *m = nm;
    }
    bool found;
    size_t s = map_slot(m, key, &found);
    if (found) {
        *out = m->val[s];
        return 0;
    }
    if (!add) {
        *out = SIZE_MAX;
        return 0;
    }
    size_t len = strlen(key) + 1;
    m->key[s] = malloc(len);
    if (!m->key[s])
        return -1;
    memcpy(m->key[s], key, len);
    m->val[s] = val;
    m->n++;
    *out = val;
    return 0;
}

void mzt_map_free(mzt_map *m)
{
    for (size_t k = 0; k < m->cap; k++)
        free(m->key[k]);
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

char *mzt_field_text(const sw_csv_field *f)
{
    return mzu_field_text(f->p, f->len);
}

/* ---- reading ---- */

size_t mzt_sweep_col(const mzt_sweep *s, const char *name)
{
    for (size_t k = 0; k < s->ncols; k++)
        if (strcmp(s->header[k], name) == 0)
            return k;
    return SIZE_MAX;
}

static size_t line_at(const char *t, size_t at)
{
    size_t line = 1;
    for (size_t k = 0; k < at; k++)
        line += t[k] == '\n';
    return line;
}

/* The file's bytes, as sw_file_read reads them: -1 when it does not exist,
 * else MZT_OK, MZT_BAD (a directory, a NUL byte) or MZT_FAIL. */
static int read_bytes(const char *path, char **out, size_t *outlen, mzt_err *err)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        if (errno == ENOENT)
            return -1;
        return mzt_fail(err, errno == EISDIR ? MZT_BAD : MZT_FAIL, path, 0, "cannot read '%s': %s",
                    path, strerror(errno));
    }
    struct stat st;
    if (fstat(fileno(in), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fclose(in);
            return mzt_fail(err, MZT_BAD, path, 0, "cannot read '%s': it is a directory", path);
        }
        /* The text, its copy and the row offsets: about three times the
         * file, checked before reading it. */
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        if (S_ISREG(st.st_mode) && pages > 0 && page > 0 &&
            3.0 * (double)st.st_size > 0.9 * (double)pages * (double)page) {
            fclose(in);
            return mzt_fail(err, MZT_FAIL, path, 0,
                        "reading '%s' needs about %.1f GiB, more than this machine has", path,
                        3.0 * (double)st.st_size / 1073741824.0);
        }
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(in);
            return mzt_fail(err, MZT_FAIL, path, 0, "out of memory reading '%s'", path);
        }
        size_t got = fread(buf + len, 1, cap - len, in);
        /* A NUL byte: not a text file (stop now: /dev/zero never ends). */
        const char *nul = memchr(buf + len, '\0', got);
        len += got;
        if (nul) {
            fclose(in);
            size_t line = line_at(buf, (size_t)(nul - buf));
            free(buf);
            return mzt_fail(err, MZT_BAD, path, line,
                            "'%s' line %zu holds a NUL byte (not a text file)",
                        path, line);
        }
        if (len < cap)
            break;
        cap *= 2;
        char *b = realloc(buf, cap);
        if (!b)
            free(buf);
        buf = b;
    }
    int bad = ferror(in);
    int e = errno;
    fclose(in);
    if (bad) {
        free(buf);
        return mzt_fail(err, e == EISDIR ? MZT_BAD : MZT_FAIL, path, 0,
                        "cannot read '%s': %s", path,
                    strerror(e));
    }
    *out = buf;
    *outlen = len;
    return MZT_OK;
}

/* Every provenance block of the file (the '#' lines just before a header
 * line: one a round when rounds are concatenated) has the first block's
 * '# registry:' line, or the rounds' rows are not comparable. */
static int one_registry(const mzt_sweep *s, mzt_err *err)
{
    const char *t = s->raw, *end = s->raw + s->rawlen;
    if (s->rawlen >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0)
        t += 3;
    const char *first = NULL, *block = NULL; /* values: up to the line's end */
    size_t first_line = 0, block_line = 0, line = 1;
    bool in_block = false;
    static const char key[] = "# registry: ";
    for (; t < end; line++) {
        const char *nl = memchr(t, '\n', (size_t)(end - t));
        const char *le = nl ? nl : end;
        if (*t == '#') {
            if (!in_block)
                block = NULL;
            in_block = true;
            if (!block && (size_t)(le - t) >= sizeof key - 1 && !memcmp(t, key, sizeof key - 1)) {
                block = t + sizeof key - 1;
                block_line = line;
            }
        } else if (le > t && !(le - t == 1 && *t == '\r')) {
            if (le - t >= 4 && !memcmp(t, "gen,", 4)) { /* a header */
                if (!in_block)
                    block = NULL;
                if (!first) { /* the first round: its block, or none at all */
                    first = block ? block : "";
                    first_line = block ? block_line : line;
                } else if (in_block) { /* a later round's provenance */
                    size_t fl = strcspn(first, "\r\n"), bl = block ? strcspn(block, "\r\n") : 0;
                    if (fl != bl || memcmp(first, block ? block : "", fl) != 0)
                        return mzt_fail(err, MZT_BAD, s->path, block ? block_line : line,
                                    "'%s' line %zu: a round of registry '%.*s' after one of "
                                    "registry '%.*s' (line %zu): its rows are not comparable "
                                    "(--any-registry compares them anyway)",
                                    s->path, block ? block_line : line, block ? (int)bl : 4,
                                    block ? block : "none", fl ? (int)fl : 4, fl ? first : "none",
                                    first_line);
                }
            }
            in_block = false;
        }
        t = nl ? nl + 1 : end;
    }
    return MZT_OK;
}

int mzt_sweep_read(mzt_sweep *s, const char *path, bool any_registry, mzt_err *err)
{
    memset(s, 0, sizeof *s);
    s->path = path;
    int r = read_bytes(path, &s->raw, &s->rawlen, err);
    if (r < 0)
        return mzt_fail(err, MZT_BAD, path, 0, "cannot read '%s': no such file", path);
    if (r != MZT_OK)
        return r;
    char why[512];
    sw_file f;
    r = sw_file_parse(&f, s->raw, s->rawlen, why, sizeof why);
    if (r != SW_OK)
        return r == SW_BAD ? mzt_fail(err, MZT_BAD, path, 0, "'%s' %s", path, why)
                           : mzt_fail(err, MZT_FAIL, path, 0, "%s", why);
    if (f.header_at == SIZE_MAX) {
        sw_file_free(&f);
        return mzt_fail(err, MZT_BAD, path, 0, "'%s' has no header line: not a sweep CSV", path);
    }
    char *reg = sw_file_lines(&f, "# registry: ");
    char *com = sw_file_lines(&f, "# commit: ");
    if (!reg || !com) {
        free(reg);
        free(com);
        sw_file_free(&f);
        return mzt_fail(err, MZT_FAIL, path, 0, "out of memory");
    }
    reg[strcspn(reg, "\n")] = '\0';
    com[strcspn(com, "\n")] = '\0';
    if (*com) /* the value only */
        memmove(com, com + 10, strlen(com + 10) + 1);
    s->registry = reg;
    s->commit = com;
    /* The header. */
    sw_csv_field hf[MZ_MAX_COLS + 9];
    size_t off = f.header_at, nh;
    sw_csv_read_row(f.text, f.len, &off, hf, MZ_MAX_COLS + 9, &nh);
    if (nh > MZ_MAX_COLS + 8) {
        sw_file_free(&f);
        return mzt_fail(err, MZT_BAD, path, 0, "'%s' has %zu columns, more than any sweep writes",
                    path, nh);
    }
    s->ncols = nh;
    s->header = calloc(nh, sizeof *s->header);
    for (size_t k = 0; s->header && k < nh; k++)
        if (!(s->header[k] = mzt_field_text(&hf[k]))) {
            sw_file_free(&f);
            return mzt_fail(err, MZT_FAIL, path, 0, "out of memory");
        }
    s->file = f; /* kept: the rows' walk starts in it */
    s->text = f.text;
    s->len = f.len;
    if (!s->header)
        return mzt_fail(err, MZT_FAIL, path, 0, "out of memory");
    if (!any_registry)
        return one_registry(s, err);
    return MZT_OK;
}

void mzt_sweep_free(mzt_sweep *s)
{
    sw_file_free(&s->file);
    free(s->raw);
    free(s->registry);
    free(s->commit);
    for (size_t k = 0; s->header && k < s->ncols; k++)
        free(s->header[k]);
    free(s->header);
    memset(s, 0, sizeof *s);
}

/* ---- rows ---- */

/* Line numbers come from the file's own bytes: the parsed text (sw_file)
 * may have dropped blank and '#' lines among the rows, a byte-order mark
 * and CRs. A walk over the bytes, row by row, in step with the parser. */
static void raw_skip_line(mzt_rows *it)
{
    const char *t = it->s->raw;
    size_t len = it->s->rawlen;
    const char *nl = it->rawat < len ? memchr(t + it->rawat, '\n', len - it->rawat) : NULL;
    it->rawat = nl ? (size_t)(nl - t) + 1 : len;
    it->rawline++;
}

/* Skip blank and '#' lines; then, when header, one line (a header again);
 * return the line where the next row starts and move past its nl lines. */
static size_t raw_row(mzt_rows *it, size_t nl, bool header)
{
    const char *t = it->s->raw;
    size_t len = it->s->rawlen;
    for (int pass = 0; pass < 2; pass++) {
        while (it->rawat < len &&
               (t[it->rawat] == '#' || t[it->rawat] == '\n' ||
                (t[it->rawat] == '\r' && it->rawat + 1 < len && t[it->rawat + 1] == '\n')))
            raw_skip_line(it);
        if (!header)
            break;
        if (pass == 0)
            raw_skip_line(it);
    }
    size_t line = it->rawline;
    for (size_t k = 0; k < nl; k++)
        raw_skip_line(it);
    return line;
}

static size_t newlines(const char *p, size_t len)
{
    size_t n = 0;
    for (size_t k = 0; k < len; k++)
        n += p[k] == '\n';
    return n;
}

/* A header met again (another round's) must be the first one, column for
 * column. */
static int same_header(const mzt_sweep *s, const sw_csv_field *fl, size_t n, size_t line,
                       mzt_err *err)
{
    size_t differ = n == s->ncols ? SIZE_MAX : (n < s->ncols ? n : s->ncols);
    for (size_t k = 0; k < n && k < s->ncols && differ == SIZE_MAX; k++) {
        char *h = mzt_field_text(&fl[k]);
        if (!h)
            return mzt_fail(err, MZT_FAIL, s->path, line, "out of memory");
        if (strcmp(h, s->header[k]) != 0)
            differ = k;
        free(h);
    }
    if (differ == SIZE_MAX)
        return MZT_OK;
    char got[128], want[128];
    if (differ < n && differ < s->ncols) {
        char *h = mzt_field_text(&fl[differ]);
        if (!h)
            return mzt_fail(err, MZT_FAIL, s->path, line, "out of memory");
        snprintf(got, sizeof got, "column %zu '%s'", differ + 1, h);
        snprintf(want, sizeof want, "'%s'", s->header[differ]);
        free(h);
    } else {
        snprintf(got, sizeof got, "%zu columns", n);
        snprintf(want, sizeof want, "%zu", s->ncols);
    }
    return mzt_fail(err, MZT_BAD, s->path, line,
                "'%s' line %zu: a round whose header has %s where the first round's has %s: "
                "its rows are not comparable",
                s->path, line, got, want);
}

/* Does field f hold value v (a trailing CR aside)? */
static bool field_is(const sw_csv_field *f, const char *v)
{
    char buf[8];
    size_t n = sw_csv_value(f, buf, sizeof buf);
    if (n >= sizeof buf)
        return false;
    if (n && buf[n - 1] == '\r')
        buf[n - 1] = '\0';
    return strcmp(buf, v) == 0;
}

void mzt_rows_begin(mzt_rows *it, const mzt_sweep *s)
{
    memset(it, 0, sizeof *it);
    it->s = s;
    it->rawline = 1;
    if (s->rawlen >= 3 && memcmp(s->raw, "\xEF\xBB\xBF", 3) == 0)
        it->rawat = 3;
    raw_row(it, 0, true); /* past the provenance and the header */
    it->at_gen = mzt_sweep_col(s, "gen");
    it->at_seed = mzt_sweep_col(s, "seed");
    it->f.header_at = SIZE_MAX;
}

/* Done with the current section's parse (the file's own is the file's). */
static void drop_section(mzt_rows *it)
{
    if (it->in_sec && !it->borrowed)
        sw_file_free(&it->f);
    it->in_sec = it->borrowed = false;
}

void mzt_rows_end(mzt_rows *it)
{
    drop_section(it);
}

size_t mzt_rows_rounds(const mzt_rows *it)
{
    return it->round + 1;
}

/* Open the section at it->sec: a sweep file's '#' lines, header and rows. */
static int open_section(mzt_rows *it, mzt_err *err)
{
    const mzt_sweep *s = it->s;
    if (it->sec == 0) { /* the first section: parsed when the file was read */
        it->f = s->file;
        it->in_sec = it->borrowed = true;
        it->off = it->f.rows_at;
        it->r = 0;
        return MZT_OK;
    }
    char why[256];
    int pr = sw_file_parse(&it->f, s->text + it->sec, s->len - it->sec, why, sizeof why);
    if (pr != SW_OK)
        return mzt_fail(err, pr == SW_FAIL ? MZT_FAIL : MZT_BAD, s->path, 0, "%s", why);
    it->in_sec = true;
    if (it->f.header_at == SIZE_MAX) {
        size_t line = raw_row(it, 0, false);
        return mzt_fail(err, MZT_BAD, s->path, line,
                        "'%s' line %zu: '#' lines with no header after them",
                    s->path, line);
    }
    if (it->sec > 0) { /* a later round: the same header (its registry: one_registry) */
        it->round++;
        it->new_round = true;
        sw_csv_field fl[MZ_MAX_COLS + 9];
        size_t off = it->f.header_at, n;
        sw_csv_read_row(it->f.text, it->f.len, &off, fl, MZ_MAX_COLS + 9, &n);
        size_t line = raw_row(it, 0, false);
        int h = same_header(s, fl, n, line, err);
        if (h != MZT_OK)
            return h;
    }
    it->off = it->f.rows_at;
    it->r = 0;
    return MZT_OK;
}

int mzt_rows_next(mzt_rows *it, mzt_row *row, bool *got, mzt_err *err)
{
    const mzt_sweep *s = it->s;
    *got = false;
    for (;;) {
        if (!it->in_sec) {
            if (it->started && it->sec == SIZE_MAX)
                return MZT_OK;
            it->started = true;
            int rc = open_section(it, err);
            if (rc != MZT_OK)
                return rc;
        }
        if (it->r < it->f.nrows) {
            size_t start = it->off;
            const bool first = it->sec > 0 && it->r == 0;
            sw_csv_read_row(it->f.text, it->f.len, &it->off, row->f, MZ_MAX_COLS + 9, &row->n);
            it->r++;
            row->line = raw_row(it, newlines(it->f.text + start, it->off - start), first);
            /* Another round's header among the rows: the same columns, or
             * the rows are not comparable; a new round follows. */
            if (it->at_gen != SIZE_MAX && it->at_seed != SIZE_MAX &&
                field_is(&row->f[it->at_gen], "gen") && field_is(&row->f[it->at_seed], "seed")) {
                int h = same_header(s, row->f, row->n, row->line, err);
                if (h != MZT_OK)
                    return h;
                it->round++;
                it->new_round = true;
                continue;
            }
            row->round = it->round;
            row->index = ++it->index;
            row->new_round = it->new_round;
            it->new_round = false;
            *got = true;
            return MZT_OK;
        }
        /* The section's end: the file's, another section, or a bad row. */
        size_t end = it->f.nrows ? it->f.row_end[it->f.nrows - 1] : it->f.rows_at;
        size_t flen = it->f.len;
        bool more = end < flen && it->f.text[end] == '#';
        drop_section(it);
        if (end == flen) {
            it->sec = SIZE_MAX;
            return MZT_OK;
        }
        if (!more) {
            size_t line = raw_row(it, 0, false);
            it->sec = SIZE_MAX;
            return mzt_fail(err, MZT_BAD, s->path, line,
                            "'%s' line %zu is not a complete row of %zu fields",
                        s->path, line, s->ncols);
        }
        it->sec += end;
        it->new_round = true; /* a new maze starts with the next file's rows */
    }
}
