/*
 * rooms.h - what the report's rooms share (internal to src/report/):
 *   load.c      reading an input (regular files only, capped), the CSV
 *               loader, the folder walk, mzr_report_add;
 *   sniff.c     recognising an input through the section table and handing
 *               it to its section's builder;
 *   columns.c   numbers as text and the column specs every table builder
 *               shares (name, header, unit, statistic, alignment, format);
 *   sections.c  the section table (id, title, page order, recognition of an
 *               input, builder) and the builders;
 *   html.c      the page: its shell, CSS, script, base64; the markdown and
 *               LaTeX documents;
 *   report.c    the report's life: init, finish, has, free.
 */
#ifndef MZR_ROOMS_H
#define MZR_ROOMS_H

#include "report.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- text ---- */

char *mzr_dupstr(const char *s);
char *mzr_xprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* ---- the report's lists (report.c) ---- */

/* A new table in section s, *out pointing at it (valid until the next). */
int mzr_new_table(mzr_report *r, int s, const char *id, const char *title, const char *note,
                  mzr_table **out);
int mzr_add_left(mzr_report *r, const char *path, bool error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
int mzr_add_used(mzr_report *r, const char *path);
/* A file's stem, for table ids: "stats-301" of ".../stats-301.csv", only
 * [a-z0-9-] kept. */
void mzr_stem_of(const char *path, char *buf, size_t len);
/* A table id not used yet in the report: base, base-2, base-3 ... */
void mzr_unique_id(const mzr_report *r, const char *base, char *buf, size_t len);

/* ---- inputs (load.c) ---- */

typedef struct mzr_csvdoc {
    size_t ncols, nrows;
    char **head;
    char **cell; /* nrows x ncols */
} mzr_csvdoc;

/* The first line that is not blank or a '#' line: the header; every later
 * such line a row of as many fields (with rows). MZO_BAD with why. */
int mzr_csv_parse(const char *text, size_t len, bool rows, mzr_csvdoc *d, char *why,
                  size_t wl);
void mzr_csv_free(mzr_csvdoc *d);
/* The column of that name, SIZE_MAX when absent. */
size_t mzr_csv_col(const mzr_csvdoc *d, const char *name);
/* The field (row r, column c); "" for an absent column. */
const char *mzr_csv_at(const mzr_csvdoc *d, size_t r, size_t c);
/* Does the header have every name of the NULL-terminated list? */
bool mzr_csv_has(const mzr_csvdoc *d, const char *const *names);
/* A number of a field; NAN when empty or not a number. */
double mzr_fnum(const char *s);

/* The whole of an input, or why not (report.h: MZR_INPUT_MAX). */
int mzr_read_all(const char *path, char **text, size_t *len, char *why, size_t wl);

/* An input as its section sees it. */
typedef struct mzr_input {
    const char *path;
    const char *text; /* the file, past a BOM and leading white space */
    size_t len;
    bool xml;         /* its first byte is '<' */
    mzr_csvdoc csv;   /* a CSV's header (and its rows, for a section with rows) */
} mzr_input;

/* Recognise one file's text through the section table and build its
 * section (sniff.c). named: given by name (an unknown file is an error). */
int mzr_sniff(mzr_report *r, const char *path, char *text, size_t len, bool named);

/* ---- the section table (sections.c) ---- */

typedef struct mzr_secdef {
    const char *id;    /* stable (docs/report.md): the HTML id, data-section */
    const char *title; /* the heading */
    int order;         /* its place on the page (lower first); the exports and
                          the command's list follow the table */
    int sniff;         /* the order inputs are tried in (lower first); 0: none */
    /* Is this input this section's? NULL: the section is made from another
     * section's input, or from the whole report (build at the end). */
    bool (*recognise)(const mzr_input *in);
    bool rows;         /* the builder wants the CSV's rows (at least one) */
    /* Build from a recognised input; with in NULL (no recognise), once at
     * the end, after every input. MZO_OK, MZO_FAIL (err says why). */
    int (*build)(mzr_report *r, const mzr_input *in, char *err, size_t errlen);
    /* Has it anything to show? NULL: it has tables. */
    bool (*has)(const mzr_report *r);
    /* The page's content before its tables (charts, pictures), or NULL. */
    void (*body)(FILE *f, const mzr_report *r, double chart_w, double chart_h);
} mzr_secdef;

extern const mzr_secdef mzr_secdefs[MZR_NSEC];

/* ---- numbers and columns (columns.c) ---- */

/* v for people: about three significant figures, no exponent past 0.1;
 * "" for NAN. */
void mzr_num(char *buf, size_t len, double v);

/* How a column's cell is made from its sources. */
typedef enum mzr_fmt {
    MZR_FMT_TEXT = 0, /* src[0] as it is (empty: the spec's empty text) */
    MZR_FMT_CODE,     /* the same, a name (monospace, `code`) */
    MZR_FMT_NUM,      /* src[0] re-rounded for people (a text that is not a
                         number as it is) */
    MZR_FMT_CI,       /* a middle and its interval (src[0..2]): "55.0 [20.0, 90.0]",
                         re-rounded; parts "", _lo, _hi */
    MZR_FMT_CI_ASIS,  /* the same, each figure as the file wrote it */
    MZR_FMT_SD,       /* a mean and its sd (src[0..1]): "14.5 ± 3.0"; parts
                         _mean, _sd */
    MZR_FMT_JOIN,     /* src[0] sep src[1]: "16-512", "6/6" */
    MZR_FMT_GRID      /* the grid of (topology, rows, cols) = src[0..2] */
} mzr_fmt;

typedef struct mzr_colspec {
    const char *key;   /* the CSV column name */
    const char *head;  /* the header */
    const char *unit;  /* or NULL */
    mzr_align align;
    mzr_fmt fmt;
    const char *src[3]; /* the input's columns (CSV builders) */
    double scale;       /* figures times this (0: 1) */
    const char *stat;   /* the statistic the column shows, or NULL (a label,
                           a count, a figure as the file wrote it) */
    const char *sep;    /* MZR_FMT_JOIN's separator */
    const char *empty;  /* MZR_FMT_TEXT's text for an empty field, or NULL */
} mzr_colspec;

/* Add spec's column to t (with its parts and code flag). */
int mzr_spec_col(mzr_table *t, const mzr_colspec *spec);
/* Add every column of specs[0..n). */
int mzr_spec_cols(mzr_table *t, const mzr_colspec *specs, size_t n);
/* Set cell c of t's last row from figures (CI: mid, lo, hi; SD: mean, sd;
 * NUM: v[0]). */
int mzr_spec_set_num(mzr_table *t, size_t c, const mzr_colspec *spec, const double *v);
/* Set cell c of t's last row from row k of d, as spec says (its sources
 * looked up by name). */
int mzr_spec_set_csv(mzr_table *t, size_t c, const mzr_colspec *spec, const mzr_csvdoc *d,
                     size_t k);
/* A table of one row a row of d: the columns of specs, each cell from its
 * sources; empty columns dropped. */
int mzr_spec_fill_csv(mzr_table *t, const mzr_colspec *specs, size_t n, const mzr_csvdoc *d);

/* Say t's statistic once (its caption): the columns' statistics, each
 * once (with its columns' names when there are several), or plain when no
 * column has one; and, for an interval column whose cells lack their
 * interval (too few samples), how many, in words. */
int mzr_table_state(mzr_table *t, const char *plain);

/* ---- the page (html.c) ---- */

void mzr_base64(FILE *f, const unsigned char *p, size_t n);

#endif
