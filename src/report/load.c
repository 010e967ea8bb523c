/*
 * load.c - the report's inputs read (rooms.h): a regular file of at most
 * MZR_INPUT_MAX bytes, the CSV loader, a folder's files in name order, and
 * mzr_report_add, which hands each file to the sniffer (sniff.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "mazebench_row.h"
#include "out/out.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void mzr_csv_free(mzr_csvdoc *d)
{
    for (size_t k = 0; k < d->ncols; k++)
        free(d->head[k]);
    for (size_t k = 0; k < d->nrows * d->ncols; k++)
        free(d->cell[k]);
    free(d->head);
    free(d->cell);
    memset(d, 0, sizeof *d);
}

/* The first line that is not blank or a '#' line: the header; every later
 * such line a row of as many fields (with rows). MZO_BAD with why. */
int mzr_csv_parse(const char *text, size_t len, bool rows, mzr_csvdoc *d, char *why,
                  size_t wl)
{
    memset(d, 0, sizeof *d);
    size_t off = 0, line = 1, cap = 0;
    sw_csv_field f[MZ_MAX_COLS + 9];
    bool header = false;
    while (off < len) {
        if (text[off] == '#' || text[off] == '\n' || text[off] == '\r') {
            const char *nl = memchr(text + off, '\n', len - off);
            off = nl ? (size_t)(nl - text) + 1 : len;
            line++;
            continue;
        }
        size_t n, at = off;
        int got = sw_csv_read_row(text, len, &off, f, MZ_MAX_COLS + 9, &n);
        if (got < 0) {
            snprintf(why, wl, "line %zu: a record cut short (no line end or an open quote)",
                     line);
            return MZO_BAD;
        }
        if (got == 0)
            break;
        for (size_t k = at; k < off; k++) /* quoted line ends count too */
            line += text[k] == '\n';
        if (n > MZ_MAX_COLS + 8) {
            snprintf(why, wl, "line %zu: %zu fields, more than any table has", line - 1, n);
            return MZO_BAD;
        }
        if (!header) {
            header = true;
            d->ncols = n;
            if (!(d->head = calloc(n, sizeof *d->head)))
                return MZO_FAIL;
            for (size_t k = 0; k < n; k++)
                if (!(d->head[k] = mzt_field_text(&f[k])))
                    return MZO_FAIL;
            if (!rows)
                break;
            continue;
        }
        if (n != d->ncols) {
            snprintf(why, wl, "line %zu: %zu fields where the header has %zu", line - 1, n,
                     d->ncols);
            return MZO_BAD;
        }
        if (d->nrows == cap) {
            cap = cap ? 2 * cap : 64;
            char **c = realloc(d->cell, cap * d->ncols * sizeof *c);
            if (!c)
                return MZO_FAIL;
            d->cell = c;
        }
        for (size_t k = 0; k < n; k++)
            if (!(d->cell[d->nrows * d->ncols + k] = mzt_field_text(&f[k]))) {
                for (size_t j = 0; j < k; j++)
                    free(d->cell[d->nrows * d->ncols + j]);
                return MZO_FAIL;
            }
        d->nrows++;
    }
    if (!header) {
        snprintf(why, wl, "no header line");
        return MZO_BAD;
    }
    return MZO_OK;
}

size_t mzr_csv_col(const mzr_csvdoc *d, const char *name)
{
    for (size_t k = 0; k < d->ncols; k++)
        if (!strcmp(d->head[k], name))
            return k;
    return SIZE_MAX;
}

const char *mzr_csv_at(const mzr_csvdoc *d, size_t r, size_t c)
{
    return c == SIZE_MAX ? "" : d->cell[r * d->ncols + c];
}

/* Does the header have every name of the NULL-terminated list? */
bool mzr_csv_has(const mzr_csvdoc *d, const char *const *names)
{
    for (; *names; names++)
        if (mzr_csv_col(d, *names) == SIZE_MAX)
            return false;
    return true;
}

/* A number of a field; NAN when empty or not a number. */
double mzr_fnum(const char *s)
{
    if (!*s)
        return NAN;
    char *end;
    double v = strtod(s, &end);
    return *end ? NAN : v;
}


static int not_regular(const struct stat *st, char *why, size_t wl)
{
    snprintf(why, wl, "not a regular file but %s: the report reads regular files only",
             S_ISDIR(st->st_mode)    ? "a folder"
             : S_ISFIFO(st->st_mode) ? "a pipe"
             : S_ISCHR(st->st_mode)  ? "a character device"
             : S_ISBLK(st->st_mode)  ? "a block device"
             : S_ISSOCK(st->st_mode) ? "a socket"
                                     : "something else");
    return MZO_BAD;
}

/* The whole of an input, or why not. Only a regular file of at most
 * MZR_INPUT_MAX bytes is read: it is opened without blocking (a FIFO with
 * no writer, a device), looked at (fstat) before a byte is read, and left
 * out at once when it is anything else or larger; a file that grows past
 * the cap while it is read is left out too. */
int mzr_read_all(const char *path, char **text, size_t *len, char *why, size_t wl)
{
    *text = NULL;
    *len = 0;
    struct stat st;
    /* looked at by name first (a device is not even opened), then again on
     * what was opened (it may have been replaced in between) */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
        return not_regular(&st, why, wl);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(why, wl, "cannot read it: %s", strerror(errno));
        return MZO_BAD;
    }
    if (fstat(fd, &st) != 0) {
        snprintf(why, wl, "cannot read it: %s", strerror(errno));
        close(fd);
        return MZO_BAD;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return not_regular(&st, why, wl);
    }
    if ((uintmax_t)st.st_size > MZR_INPUT_MAX) {
        snprintf(why, wl, "%jd bytes, more than the %u MiB the report reads of an input",
                 (intmax_t)st.st_size, (unsigned)(MZR_INPUT_MAX >> 20));
        close(fd);
        return MZO_BAD;
    }
    /* a regular file: blocking reads from here */
    const int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    size_t cap = (size_t)st.st_size + 1, n = 0; /* one more: growth shows */
    char *b = malloc(cap + 1);
    if (!b) {
        close(fd);
        snprintf(why, wl, "out of memory");
        return MZO_FAIL;
    }
    for (;;) {
        if (n == cap) {
            if (cap > MZR_INPUT_MAX) {
                free(b);
                close(fd);
                snprintf(why, wl, "grew past the %u MiB the report reads of an input while "
                         "it was read", (unsigned)(MZR_INPUT_MAX >> 20));
                return MZO_BAD;
            }
            size_t ncap = cap < 65536 ? 65536 : 2 * cap;
            ncap = ncap > (size_t)MZR_INPUT_MAX + 1 ? (size_t)MZR_INPUT_MAX + 1 : ncap;
            char *nb = realloc(b, ncap + 1);
            if (!nb) {
                free(b);
                close(fd);
                snprintf(why, wl, "out of memory");
                return MZO_FAIL;
            }
            b = nb;
            cap = ncap;
        }
        const ssize_t got = read(fd, b + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(why, wl, "a read error: %s", strerror(errno));
            free(b);
            close(fd);
            return MZO_BAD;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > MZR_INPUT_MAX) {
        free(b);
        snprintf(why, wl, "grew past the %u MiB the report reads of an input while it was read",
                 (unsigned)(MZR_INPUT_MAX >> 20));
        return MZO_BAD;
    }
    b[n] = '\0';
    *text = b;
    *len = n;
    return MZO_OK;
}

/* Add one file, recognised by its first line. named: given by name (an
 * unknown file is an error) rather than found in a folder. */
/* Add one file, recognised by its content (sniff.c). named: given by name
 * (an unknown file is an error) rather than found in a folder. */
static int add_file(mzr_report *r, const char *path, bool named)
{
    char why[1024];
    char *text;
    size_t len;
    int rc = mzr_read_all(path, &text, &len, why, sizeof why);
    if (rc == MZO_FAIL)
        return rc;
    if (rc != MZO_OK)
        return mzr_add_left(r, path, true, "%s", why);
    return mzr_sniff(r, path, text, len, named);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.csv and *.xml files of dir, in name order; then those of its
 * stats/ and scaling/ folders. */
static int add_dir(mzr_report *r, const char *dir, int depth)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return depth ? MZO_OK : mzr_add_left(r, dir, true, "cannot read the folder: %s", strerror(errno));
    char **names = NULL;
    size_t n = 0;
    int rc = MZO_OK;
    for (struct dirent *e; rc == MZO_OK && (e = readdir(dp));) {
        const char *nm = e->d_name;
        size_t l = strlen(nm);
        if (nm[0] == '.' || l < 5 || (strcmp(nm + l - 4, ".csv") && strcmp(nm + l - 4, ".xml")))
            continue;
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (!nn || !(nn[n] = mzr_xprintf("%s/%s", dir, nm))) {
            names = nn ? nn : names;
            rc = MZO_FAIL;
            break;
        }
        names = nn;
        n++;
    }
    closedir(dp);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    /* the sweep first, so that a folder's own sweep is the run */
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; rc == MZO_OK && k < n; k++) {
            const char *b = strrchr(names[k], '/') + 1;
            const bool first = !strncmp(b, "sweep", 5);
            if (first == (pass == 0))
                rc = add_file(r, names[k], false); /* not a regular file: left out */
        }
    for (size_t k = 0; k < n; k++)
        free(names[k]);
    free(names);
    if (rc == MZO_OK && depth == 0) {
        static const char *const sub[] = {"stats", "scaling"};
        for (size_t k = 0; rc == MZO_OK && k < 2; k++) {
            char *p = mzr_xprintf("%s/%s", dir, sub[k]);
            if (!p)
                return MZO_FAIL;
            rc = add_dir(r, p, 1);
            free(p);
        }
    }
    return rc;
}

int mzr_report_add(mzr_report *r, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return mzr_add_left(r, path, true, "cannot read it: %s", strerror(errno));
    if (S_ISDIR(st.st_mode))
        return add_dir(r, path, 0);
    return add_file(r, path, true);
}
