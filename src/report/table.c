/*
 * table.c - the report's table model and its four writers (table.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "table.h"

#include "out/out.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *dupstr(const char *s)
{
    size_t n = strlen(s ? s : "") + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s ? s : "", n) : NULL;
}

int mzr_table_init(mzr_table *t, const char *id, const char *title, const char *note)
{
    memset(t, 0, sizeof *t);
    t->id = dupstr(id);
    t->title = dupstr(title);
    t->note = dupstr(note);
    t->stat = dupstr("");
    return t->id && t->title && t->note && t->stat ? MZO_OK : MZO_FAIL;
}

int mzr_table_col(mzr_table *t, const char *head, const char *unit, const char *key,
                  mzr_align align)
{
    if (t->nrows) /* columns come first */
        return MZO_FAIL;
    mzr_col *c = realloc(t->col, (t->ncols + 1) * sizeof *c);
    if (!c)
        return MZO_FAIL;
    t->col = c;
    c = &t->col[t->ncols++];
    memset(c, 0, sizeof *c);
    c->head = dupstr(head);
    c->unit = dupstr(unit);
    c->key = dupstr(key);
    c->stat = dupstr("");
    c->align = align;
    return c->head && c->unit && c->key && c->stat ? MZO_OK : MZO_FAIL;
}

int mzr_table_col_stat(mzr_table *t, const char *stat)
{
    if (!t->ncols)
        return MZO_FAIL;
    char *s = dupstr(stat);
    if (!s)
        return MZO_FAIL;
    free(t->col[t->ncols - 1].stat);
    t->col[t->ncols - 1].stat = s;
    return MZO_OK;
}

int mzr_table_set_stat(mzr_table *t, const char *stat)
{
    char *s = dupstr(stat);
    if (!s)
        return MZO_FAIL;
    free(t->stat);
    t->stat = s;
    return MZO_OK;
}

void mzr_table_col_code(mzr_table *t)
{
    if (t->ncols)
        t->col[t->ncols - 1].code = true;
}

int mzr_table_col_parts(mzr_table *t, size_t nparts, const char *const *suffix)
{
    if (!t->ncols || nparts > MZR_MAX_PARTS)
        return MZO_FAIL;
    mzr_col *c = &t->col[t->ncols - 1];
    c->nparts = nparts;
    for (size_t k = 0; k < nparts; k++)
        if (!(c->part_suffix[k] = dupstr(suffix[k])))
            return MZO_FAIL;
    return MZO_OK;
}

int mzr_table_row(mzr_table *t)
{
    if (t->nrows == t->caprows) {
        size_t cap = t->caprows ? 2 * t->caprows : 16;
        mzr_cell *c = realloc(t->cell, cap * (t->ncols ? t->ncols : 1) * sizeof *c);
        if (!c)
            return MZO_FAIL;
        t->cell = c;
        t->caprows = cap;
    }
    memset(&t->cell[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cell);
    t->nrows++;
    return MZO_OK;
}

int mzr_table_set(mzr_table *t, size_t c, const char *fmt, ...)
{
    if (!t->nrows || c >= t->ncols)
        return MZO_FAIL;
    mzr_cell *cell = &t->cell[(t->nrows - 1) * t->ncols + c];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return MZO_FAIL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return MZO_FAIL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    free(cell->text);
    cell->text = s;
    return MZO_OK;
}

int mzr_table_set_part(mzr_table *t, size_t c, size_t p, const char *text)
{
    if (!t->nrows || c >= t->ncols || p >= MZR_MAX_PARTS)
        return MZO_FAIL;
    mzr_cell *cell = &t->cell[(t->nrows - 1) * t->ncols + c];
    char *s = dupstr(text);
    if (!s)
        return MZO_FAIL;
    free(cell->part[p]);
    cell->part[p] = s;
    return MZO_OK;
}

void mzr_table_drop_empty(mzr_table *t)
{
    if (!t->nrows)
        return;
    size_t keep = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        bool empty = true;
        for (size_t r = 0; r < t->nrows && empty; r++) {
            const char *x = t->cell[r * t->ncols + c].text;
            empty = !x || !*x;
        }
        if (empty) {
            for (size_t r = 0; r < t->nrows; r++) {
                mzr_cell *cell = &t->cell[r * t->ncols + c];
                free(cell->text);
                for (size_t p = 0; p < MZR_MAX_PARTS; p++)
                    free(cell->part[p]);
            }
            free(t->col[c].head);
            free(t->col[c].unit);
            free(t->col[c].key);
            free(t->col[c].stat);
            for (size_t p = 0; p < MZR_MAX_PARTS; p++)
                free(t->col[c].part_suffix[p]);
            continue;
        }
        /* column c moves to keep: every row's cell too (rows keep their
         * stride until the end) */
        t->col[keep] = t->col[c];
        for (size_t r = 0; r < t->nrows; r++)
            t->cell[r * t->ncols + keep] = t->cell[r * t->ncols + c];
        keep++;
    }
    /* close up the rows: stride ncols -> keep */
    for (size_t r = 0; r < t->nrows; r++)
        memmove(&t->cell[r * keep], &t->cell[r * t->ncols], keep * sizeof *t->cell);
    t->ncols = keep;
}

const mzr_cell *mzr_table_at(const mzr_table *t, size_t r, size_t c)
{
    return &t->cell[r * t->ncols + c];
}

void mzr_table_free(mzr_table *t)
{
    for (size_t k = 0; k < t->nrows * t->ncols; k++) {
        free(t->cell[k].text);
        for (size_t p = 0; p < MZR_MAX_PARTS; p++)
            free(t->cell[k].part[p]);
    }
    for (size_t k = 0; k < t->ncols; k++) {
        free(t->col[k].head);
        free(t->col[k].unit);
        free(t->col[k].key);
        free(t->col[k].stat);
        for (size_t p = 0; p < MZR_MAX_PARTS; p++)
            free(t->col[k].part_suffix[p]);
    }
    free(t->cell);
    free(t->col);
    free(t->id);
    free(t->title);
    free(t->note);
    free(t->stat);
    memset(t, 0, sizeof *t);
}

/* ---- writers ---- */

void mzr_col_label(const mzr_col *c, char *buf, size_t len)
{
    if (c->unit && *c->unit)
        snprintf(buf, len, "%s (%s)", c->head, c->unit);
    else
        snprintf(buf, len, "%s", c->head);
}

static const char *align_class(mzr_align a)
{
    switch (a) {
    case MZR_LEFT: return "l";
    case MZR_RIGHT: return "r";
    case MZR_CENTER: return "c";
    }
    return "l";
}

void mzr_table_html(FILE *f, const mzr_table *t)
{
    fputs("<table class=\"mz\" id=\"t-", f);
    mzo_xml_text(f, t->id);
    fputs("\">\n<caption>", f);
    mzo_xml_text(f, t->title);
    if (t->stat && *t->stat) {
        fputs("<span class=\"stat\">", f);
        mzo_xml_text(f, t->stat);
        fputs("</span>", f);
    }
    fputs("</caption>\n<thead><tr>", f);
    for (size_t c = 0; c < t->ncols; c++) {
        char label[512];
        mzr_col_label(&t->col[c], label, sizeof label);
        fprintf(f, "<th scope=\"col\" class=\"%s\">", align_class(t->col[c].align));
        mzo_xml_text(f, label);
        fputs("</th>", f);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        fputs("<tr>", f);
        for (size_t c = 0; c < t->ncols; c++) {
            const mzr_cell *cell = mzr_table_at(t, r, c);
            fputs("<td>", f);
            mzo_xml_text(f, cell->text);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
    if (t->note && *t->note) {
        fputs("<p class=\"note\">", f);
        mzo_xml_text(f, t->note);
        fputs("</p>\n", f);
    }
}

void mzr_table_css(FILE *f, const mzr_table *t)
{
    for (size_t c = 0; c < t->ncols; c++) {
        if (t->col[c].align != MZR_LEFT) {
            fputs("#t-", f);
            mzo_xml_text(f, t->id);
            fprintf(f, " td:nth-child(%zu){text-align:%s}", c + 1,
                    t->col[c].align == MZR_RIGHT ? "right" : "center");
        }
        if (t->col[c].code) {
            fputs("#t-", f);
            mzo_xml_text(f, t->id);
            fprintf(f, " td:nth-child(%zu){font-family:var(--mono);font-size:.9em;"
                       "overflow-wrap:anywhere}",
                    c + 1);
        } else if (t->col[c].align == MZR_LEFT) {
            /* a text column (a note, a kind, a test) holds what its input
             * file said: a long word of it breaks rather than widen the
             * table past its box; figures, right-aligned, stay whole */
            fputs("#t-", f);
            mzo_xml_text(f, t->id);
            fprintf(f, " td:nth-child(%zu){overflow-wrap:anywhere}", c + 1);
        }
    }
}

void mzr_table_md(FILE *f, const mzr_table *t)
{
    fputs("**", f);
    mzo_md_text(f, t->title, false);
    fputs("**", f);
    if (t->stat && *t->stat) {
        fputs(" (", f);
        mzo_md_text(f, t->stat, false);
        fputc(')', f);
    }
    fputs("\n\n|", f);
    for (size_t c = 0; c < t->ncols; c++) {
        char label[512];
        mzr_col_label(&t->col[c], label, sizeof label);
        fputc(' ', f);
        mzo_md_text(f, label, false);
        fputs(" |", f);
    }
    fputs("\n|", f);
    for (size_t c = 0; c < t->ncols; c++) {
        switch (t->col[c].align) {
        case MZR_LEFT: fputs("---|", f); break;
        case MZR_RIGHT: fputs("---:|", f); break;
        case MZR_CENTER: fputs(":---:|", f); break;
        }
    }
    fputc('\n', f);
    for (size_t r = 0; r < t->nrows; r++) {
        fputc('|', f);
        for (size_t c = 0; c < t->ncols; c++) {
            fputc(' ', f);
            mzo_md_text(f, mzr_table_at(t, r, c)->text, t->col[c].code);
            fputs(" |", f);
        }
        fputc('\n', f);
    }
    if (t->note && *t->note) {
        fputs("\n_", f);
        mzo_md_text(f, t->note, false);
        fputs("_\n", f);
    }
    fputc('\n', f);
}

/* How wide a text shows, in characters (UTF-8 lead bytes). */
static size_t text_width(const char *s)
{
    size_t n = 0;
    for (; s && *s; s++)
        n += ((unsigned char)*s & 0xc0) != 0x80;
    return n;
}

/* A column's width in characters: its widest cell or header (a name in
 * a typewriter font counts a little wider). */
static size_t col_width(const mzr_table *t, size_t c)
{
    char label[512];
    mzr_col_label(&t->col[c], label, sizeof label);
    size_t w = text_width(label);
    for (size_t r = 0; r < t->nrows; r++) {
        const size_t x = text_width(mzr_table_at(t, r, c)->text);
        w = x > w ? x : w;
    }
    return t->col[c].code ? w + w / 4 : w;
}

/* A column's longest word in characters (a name breaks after its
 * punctuation), as col_width counts. */
static size_t col_word(const mzr_table *t, size_t c)
{
    size_t word = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        size_t run = 0;
        for (const char *p = mzr_table_at(t, r, c)->text; p && *p; p++) {
            const bool brk = *p == ' ' || strchr(":,=+/_", *p);
            run = brk ? 0 : run + (((unsigned char)*p & 0xc0) != 0x80);
            word = run > word ? run : word;
        }
    }
    return t->col[c].code ? word + word / 4 : word;
}

/* Can column c become a paragraph column (a left-aligned one of long
 * texts)? */
static bool col_para(const mzr_table *t, size_t c, const size_t *w)
{
    return t->col[c].align == MZR_LEFT && w[c] > 16;
}

/* The LaTeX column types of the columns cols[0..n): l, r, c, or
 * p{F\linewidth} for a left-aligned column of long texts when the widest
 * cells would not hold the line (about budget characters). */
static void tex_columns(FILE *f, const mzr_table *t, const size_t *cols, size_t n,
                        const size_t *w, size_t budget, bool *para)
{
    size_t total = 0, fixed = 0, wide = 0;
    for (size_t k = 0; k < n; k++) {
        const size_t c = cols[k];
        total += w[c] + 2; /* the gaps */
        if (col_para(t, c, w))
            wide += w[c];
        else
            fixed += w[c] + 2;
    }
    const bool squeeze = total > budget && wide > 0 && fixed < budget;
    for (size_t k = 0; k < n; k++) {
        const size_t c = cols[k];
        para[k] = squeeze && col_para(t, c, w);
        if (para[k]) {
            double share = (double)(budget - fixed) / (double)budget * (double)w[c] /
                           (double)wide * 0.92;
            /* at least its longest word (a name's piece between breaks) */
            const double least = (double)(col_word(t, c) + 1) / (double)budget;
            share = share < least ? least : share;
            share = share < 0.08 ? 0.08 : share;
            fprintf(f, "p{%.2f\\linewidth}", share);
        } else {
            fputs(align_class(t->col[c].align), f);
        }
    }
}

static void tex_header(FILE *f, const mzr_table *t, const size_t *cols, size_t n)
{
    fputs("\\toprule\n", f);
    for (size_t k = 0; k < n; k++) {
        char label[512];
        mzr_col_label(&t->col[cols[k]], label, sizeof label);
        if (k)
            fputs(" & ", f);
        mzo_tex_text(f, label);
    }
    fputs(" \\\\\n\\midrule\n", f);
}

static void tex_label(FILE *f, const mzr_table *t, size_t part)
{
    fputs("\\label{tab:", f);
    for (const char *p = t->id; *p; p++) /* the id is [a-z0-9-]: a label's name as it is */
        if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')
            fputc(*p, f);
    if (part > 0)
        fprintf(f, "-%zu", part + 1);
    fputc('}', f);
}

/* A text that may break after its punctuation (a paragraph column's cell,
 * a caption, a note: a path or a spec has no spaces). */
static void tex_breakable(FILE *f, const char *s)
{
    char piece[512];
    size_t m = 0;
    for (const char *p = s;; p++) {
        if (*p && m + 1 < sizeof piece)
            piece[m++] = *p;
        /* (a full piece is cut only between characters) */
        const bool full = m + 8 >= sizeof piece && ((unsigned char)p[1] & 0xc0) != 0x80;
        if (!*p || strchr(":,=+/_", *p) || full) {
            piece[m] = '\0';
            mzo_tex_text(f, piece);
            m = 0;
            if (!*p)
                break;
            fputs("\\allowbreak{}", f);
        }
    }
}

/* One longtable of the columns cols[0..n): part of nparts. */
static void tex_part(FILE *f, const mzr_table *t, const size_t *cols, size_t n, const size_t *w,
                     size_t budget, size_t part, size_t nparts)
{
    fputs("\\begin{longtable}{", f);
    bool *para = calloc(n ? n : 1, sizeof *para);
    if (!para)
        return;
    tex_columns(f, t, cols, n, w, budget, para);
    fputs("}\n\\caption{", f);
    tex_breakable(f, t->title);
    if (t->stat && *t->stat) {
        fputs(" (", f);
        mzo_tex_text(f, t->stat);
        fputc(')', f);
    }
    if (nparts > 1)
        fprintf(f, ", part %zu of %zu", part + 1, nparts);
    fputs("}\n", f);
    tex_label(f, t, part);
    fputs("\\\\\n", f);
    tex_header(f, t, cols, n);
    fputs("\\endfirsthead\n", f);
    fprintf(f, "\\multicolumn{%zu}{l}{\\emph{continued}}\\\\\n", n ? n : 1);
    tex_header(f, t, cols, n);
    fputs("\\endhead\n\\bottomrule\n\\endfoot\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t k = 0; k < n; k++) {
            const size_t c = cols[k];
            const char *s = mzr_table_at(t, r, c)->text;
            if (k)
                fputs(" & ", f);
            else if (s && (*s == '[' || *s == '*'))
                fputs("{}", f); /* not a star or an argument of the \\ before it */
            if (t->col[c].code && s && *s)
                fputs("\\texttt{", f);
            if (para[k] && s) {
                tex_breakable(f, s); /* dfs+braid:keep=0.4,offset=99, a/b/c.csv */
            } else {
                mzo_tex_text(f, s);
            }
            if (t->col[c].code && s && *s)
                fputc('}', f);
        }
        fputs(" \\\\\n", f);
    }
    fputs("\\end{longtable}\n", f);
    free(para);
}

/* The characters a line holds at the tables' font size (a text width of
 * about 16 cm: an A4 page with 2.5 cm margins). */
#define TEX_LINE_CHARS 88

void mzr_table_tex(FILE *f, const mzr_table *t)
{
    size_t *w = calloc(t->ncols ? 2 * t->ncols : 1, sizeof *w);
    if (!w)
        return;
    size_t *cols = w + t->ncols;
    size_t total = 0;
    for (size_t c = 0; c < t->ncols; c++)
        total += (w[c] = col_width(t, c)) + 2;
    /* a full table in a smaller font: its line holds more */
    const size_t line = t->appendix ? TEX_LINE_CHARS * 8 / 7 : TEX_LINE_CHARS;
    fprintf(f, "\\begingroup\\%s\\setlength{\\tabcolsep}{3pt}\n",
            t->appendix ? "scriptsize" : "footnotesize");
    /* Too wide for the line: split, each part with the naming columns (the
     * leading ones without a statistic) and as many of the others as hold
     * the line. A table of long texts only (no statistic) wraps them. */
    size_t nkey = 0, keyw = 0; /* the naming columns at their narrowest */
    while (nkey < t->ncols && !*t->col[nkey].stat) {
        keyw += (col_para(t, nkey, w) ? col_word(t, nkey) : w[nkey]) + 2;
        nkey++;
    }
    if (total <= line || nkey == t->ncols) {
        for (size_t c = 0; c < t->ncols; c++)
            cols[c] = c;
        tex_part(f, t, cols, t->ncols, w, line, 0, 1);
    } else {
        size_t nparts = 0, used = keyw;
        for (size_t c = nkey; c < t->ncols; c++) { /* count the parts first */
            if (c == nkey || used + w[c] + 2 > line) {
                nparts++;
                used = keyw;
            }
            used += w[c] + 2;
        }
        size_t c = nkey;
        for (size_t part = 0; part < nparts; part++) {
            size_t n = 0;
            for (size_t k = 0; k < nkey; k++)
                cols[n++] = k;
            used = keyw;
            do {
                used += w[c] + 2;
                cols[n++] = c++;
            } while (c < t->ncols && used + w[c] + 2 <= line);
            tex_part(f, t, cols, n, w, line, part, nparts);
        }
    }
    if (t->note && *t->note) {
        fputs("\\par\\footnotesize ", f);
        tex_breakable(f, t->note);
        fputs("\\par\n", f);
    }
    fputs("\\endgroup\n", f);
    free(w);
}

void mzr_table_csv(FILE *f, const mzr_table *t)
{
    bool first = true;
    for (size_t c = 0; c < t->ncols; c++) {
        const mzr_col *col = &t->col[c];
        const size_t np = col->nparts > 1 ? col->nparts : 1;
        for (size_t p = 0; p < np; p++) {
            char key[512];
            snprintf(key, sizeof key, "%s%s", col->key, col->nparts > 1 ? col->part_suffix[p] : "");
            if (!first)
                fputc(',', f);
            first = false;
            mzo_csv_text(f, key);
        }
    }
    fputc('\n', f);
    for (size_t r = 0; r < t->nrows; r++) {
        first = true;
        for (size_t c = 0; c < t->ncols; c++) {
            const mzr_col *col = &t->col[c];
            const mzr_cell *cell = mzr_table_at(t, r, c);
            const size_t np = col->nparts > 1 ? col->nparts : 1;
            for (size_t p = 0; p < np; p++) {
                const char *v = col->nparts >= 1 ? cell->part[p] : cell->text;
                if (!first)
                    fputc(',', f);
                first = false;
                mzo_csv_text(f, v ? v : "");
            }
        }
        fputc('\n', f);
    }
}
