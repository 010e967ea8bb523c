/*
 * report.c - the report's life (report.h): made empty, given inputs
 * (load.c, sniff.c), finished by the sections built from the whole report
 * (the section table, sections.c), asked what it shows, freed.
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "out/out.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *mzr_section_id_of(int s)
{
    return s >= 0 && s < MZR_NSEC ? mzr_secdefs[s].id : "";
}

char *mzr_dupstr(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s ? s : "", n) : NULL;
}

char *mzr_xprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

void mzr_report_init(mzr_report *r)
{
    memset(r, 0, sizeof *r);
}

/* A new table in section s, *out pointing at it (valid until the next). */
int mzr_new_table(mzr_report *r, int s, const char *id, const char *title, const char *note,
                     mzr_table **out)
{
    mzr_section *sec = &r->sec[s];
    mzr_table *t = realloc(sec->tab, (sec->ntab + 1) * sizeof *t);
    if (!t)
        return MZO_FAIL;
    sec->tab = t;
    if (mzr_table_init(&t[sec->ntab], id, title, note) != MZO_OK) {
        mzr_table_free(&t[sec->ntab]);
        return MZO_FAIL;
    }
    *out = &t[sec->ntab++];
    return MZO_OK;
}

int mzr_add_left(mzr_report *r, const char *path, bool error, const char *fmt, ...)
{
    char why[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    mzr_left *l = realloc(r->left, (r->nleft + 1) * sizeof *l);
    if (!l)
        return MZO_FAIL;
    r->left = l;
    l[r->nleft].path = mzr_dupstr(path);
    l[r->nleft].why = mzr_dupstr(why);
    l[r->nleft].error = error;
    r->nleft++;
    return l[r->nleft - 1].path && l[r->nleft - 1].why ? MZO_OK : MZO_FAIL;
}

int mzr_add_used(mzr_report *r, const char *path)
{
    char **u = realloc(r->used, (r->nused + 1) * sizeof *u);
    if (!u)
        return MZO_FAIL;
    r->used = u;
    return (u[r->nused++] = mzr_dupstr(path)) ? MZO_OK : MZO_FAIL;
}

void mzr_stem_of(const char *path, char *buf, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = 0;
    for (; *b && *b != '.' && n + 1 < len; b++) {
        char ch = *b;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        buf[n++] = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ? ch : '-';
    }
    buf[n] = '\0';
}

/* A table id not used yet in the report: base, base-2, base-3 ... */
void mzr_unique_id(const mzr_report *r, const char *base, char *buf, size_t len)
{
    for (unsigned k = 1;; k++) {
        if (k == 1)
            snprintf(buf, len, "%s", base);
        else
            snprintf(buf, len, "%s-%u", base, k);
        bool used = false;
        for (int s = 0; s < MZR_NSEC && !used; s++)
            for (size_t j = 0; j < r->sec[s].ntab && !used; j++)
                used = !strcmp(r->sec[s].tab[j].id, buf);
        if (!used)
            return;
    }
}

int mzr_report_finish(mzr_report *r, char *err, size_t errlen)
{
    /* the sections made from the whole report, in the table's order */
    for (int s = 0; s < MZR_NSEC; s++)
        if (!mzr_secdefs[s].recognise && mzr_secdefs[s].build &&
            mzr_secdefs[s].build(r, NULL, err, errlen) != MZO_OK)
            return MZO_FAIL;
    return MZO_OK;
}

bool mzr_report_has(const mzr_report *r, int s)
{
    if (s < 0 || s >= MZR_NSEC)
        return false;
    return mzr_secdefs[s].has ? mzr_secdefs[s].has(r) : r->sec[s].ntab > 0;
}

void mzr_report_free(mzr_report *r)
{
    for (int s = 0; s < MZR_NSEC; s++) {
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_free(&r->sec[s].tab[k]);
        free(r->sec[s].tab);
        free(r->sec[s].intro);
    }
    for (size_t k = 0; k < r->nleft; k++) {
        free(r->left[k].path);
        free(r->left[k].why);
    }
    free(r->left);
    for (size_t k = 0; k < r->nused; k++)
        free(r->used[k]);
    free(r->used);
    if (r->have_sweep) {
        free((char *)r->sum.path);
        mzt_summary_free(&r->sum);
        mzr_outside_free(&r->outside);
    }
    if (r->chart)
        mzr_charts_free(r->chart, r->nchart);
    free(r->renders_html);
    mzr_history_free(&r->hist);
    memset(r, 0, sizeof *r);
}

