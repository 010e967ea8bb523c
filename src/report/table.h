/*
 * table.h - the report's one table model and its writers: a table is
 * rows x columns of text cells under a header, each column with its
 * alignment and unit; the same table is written as an HTML <table>
 * (well-formed XML), a GitHub markdown pipe table, a LaTeX booktabs
 * tabular and a CSV file, each text escaped by src/out's one function
 * for the format (mzo_xml_text, mzo_md_text, mzo_tex_text, mzo_csv_text). The tables are built once (src/report/report.c
 * from the tools' library layers) and only written here: the writers
 * format and escape, they never compute.
 *
 * A column may carry parts: a cell such as "55.0 [20.0, 90.0]" (a median
 * and its interval) keeps its parts apart ("55.0", "20.0", "90.0"), and
 * the CSV writer gives each part a column of its own (NAME, NAME_lo,
 * NAME_hi: the column's part suffixes), so a CSV holds one value a field.
 *
 * Like the rest of the report: nothing prints to the terminal or exits; a
 * fallible call returns MZO_OK, MZO_BAD or MZO_FAIL (src/out/out.h).
 */
#ifndef MZR_TABLE_H
#define MZR_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mzr_align { MZR_LEFT = 0, MZR_RIGHT, MZR_CENTER } mzr_align;

#define MZR_MAX_PARTS 3

typedef struct mzr_col {
    char *head; /* "time" */
    char *unit; /* "ns/cell", or "" */
    char *key;  /* the CSV column name: [a-z0-9_] ("time_ns_per_cell") */
    mzr_align align;
    bool code;  /* cells are names (specs): monospace in HTML, `code` in markdown */
    char *stat; /* the statistic its cells show ("median [95% interval]"), or "" */
    size_t nparts; /* 0 or 1: one value; 2..MZR_MAX_PARTS: parts */
    char *part_suffix[MZR_MAX_PARTS]; /* "" (the first), "_lo", "_hi" */
} mzr_col;

typedef struct mzr_cell {
    char *text;                  /* as shown */
    char *part[MZR_MAX_PARTS];   /* the column's parts (NULL: empty) */
} mzr_cell;

typedef struct mzr_table {
    char *id;      /* [a-z0-9-]: the HTML id, the CSV file stem */
    char *title;   /* the caption */
    char *note;    /* a sentence under the table (how it is computed), or "" */
    char *stat;    /* the statistic its cells show, said once for the table (in
                      the caption, not a column's header), or "" */
    bool appendix; /* a full table: collapsed on the page (<details>), after
                      the summaries in the markdown and LaTeX documents */
    mzr_col *col;
    size_t ncols;
    mzr_cell *cell; /* nrows x ncols, row-major */
    size_t nrows, caprows;
} mzr_table;

/* ---- building (every call MZO_OK or MZO_FAIL on memory) ---- */

int mzr_table_init(mzr_table *t, const char *id, const char *title, const char *note);
/* A column (unit may be NULL). */
int mzr_table_col(mzr_table *t, const char *head, const char *unit, const char *key,
                  mzr_align align);
/* The last column added: its cells are names (code), or it has parts with
 * these suffixes (nparts of them, the first usually ""). */
void mzr_table_col_code(mzr_table *t);
int mzr_table_col_parts(mzr_table *t, size_t nparts, const char *const *suffix);
/* The last column's statistic (copied). */
int mzr_table_col_stat(mzr_table *t, const char *stat);
/* The table's statistic, as said in its caption (copied). */
int mzr_table_set_stat(mzr_table *t, const char *stat);
/* A new row of empty cells. */
int mzr_table_row(mzr_table *t);
/* Cell c of the last row: its text (printf-like). */
int mzr_table_set(mzr_table *t, size_t c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Part p of cell c of the last row (the CSV's value). */
int mzr_table_set_part(mzr_table *t, size_t c, size_t p, const char *text);
/* Remove every column whose cells are all empty (a table with rows only:
 * a column of a table without rows stays). */
void mzr_table_drop_empty(mzr_table *t);
/* The cell at row r, column c. */
const mzr_cell *mzr_table_at(const mzr_table *t, size_t r, size_t c);
void mzr_table_free(mzr_table *t);

/* ---- writers ---- */

/* The column's header as shown: "head (unit)", or head alone. */
void mzr_col_label(const mzr_col *c, char *buf, size_t len);

/* <table id="t-ID" class="mz"> with <caption> (the title, then the
 * statistic as <span class="stat">), <thead>, <tbody>; cells
 * escaped (src/out mzo_xml_text); the header cells' alignment as
 * class="l", "r" or "c", the body cells' alignment and font from
 * mzr_table_css (a rule a column, not markup a cell: a table of a
 * thousand rows stays small).
 * The note, when there is one, follows as <p class="note">. */
void mzr_table_html(FILE *f, const mzr_table *t);
/* The CSS rules of t's body cells (for the page's <style>):
 * "#t-ID td:nth-child(K){text-align:right}" for each column that is not
 * left-aligned, and a monospace font (the page's --mono) for the columns
 * of names (code), which may break anywhere (a table holds its box). */
void mzr_table_css(FILE *f, const mzr_table *t);
/* "**title** (statistic)", a blank line, the pipe table (---, ---: or :---: by
 * alignment), then the note in italics; ends with a blank line. Every
 * text (title, headers, cells, note) through src/out's mzo_md_text, the
 * code columns' cells as code spans. */
void mzr_table_md(FILE *f, const mzr_table *t);
/* A longtable (it breaks across pages; its header repeats on each), in a
 * group set \footnotesize with narrow column gaps: \caption{title
 * (statistic)} \label{tab:ID}, \toprule header \midrule rows
 * \bottomrule, the note as a \footnotesize paragraph after it. Sized for
 * a text width of about 16 cm (A4 with 2.5 cm margins): a table wider than
 * that is split into parts (tab:ID, tab:ID-2 ...), each with the naming
 * columns (the leading ones without a statistic) and as many others as
 * the line holds; a left-aligned column of long texts becomes a paragraph
 * column (p{...}). Needs
 * \usepackage{booktabs,longtable}. Every text through src/out's
 * mzo_tex_text; a row whose first cell starts with '[' or '*' starts
 * with {} (neither an argument nor a star of the \\ before it). */
void mzr_table_tex(FILE *f, const mzr_table *t);
/* A header of the columns' keys (a parted column: its key with each
 * suffix), then one line a row (RFC 4180; every field through src/out's
 * mzo_csv_text: a text a spreadsheet would take for a formula starts
 * with a single quote, a number stays as it is). */
void mzr_table_csv(FILE *f, const mzr_table *t);

#ifdef __cplusplus
}
#endif

#endif /* MZR_TABLE_H */
