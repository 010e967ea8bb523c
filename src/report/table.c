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
    return t->id && t->title && t->note ? MZO_OK : MZO_FAIL;
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
    c->align = align;
    return c->head && c->unit && c->key ? MZO_OK : MZO_FAIL;
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
        for (size_t p = 0; p < MZR_MAX_PARTS; p++)
            free(t->col[k].part_suffix[p]);
    }
    free(t->cell);
    free(t->col);
    free(t->id);
    free(t->title);
    free(t->note);
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
            fprintf(f, " td:nth-child(%zu){font-family:var(--mono);font-size:.9em}", c + 1);
        }
    }
}

void mzr_table_md(FILE *f, const mzr_table *t)
{
    fputs("**", f);
    mzo_md_text(f, t->title, false);
    fputs("**\n\n|", f);
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

void mzr_table_tex(FILE *f, const mzr_table *t)
{
    fputs("\\begin{table}[ht]\n\\centering\n\\caption{", f);
    mzo_tex_text(f, t->title);
    fputs("}\n\\label{tab:", f);
    for (const char *p = t->id; *p; p++) /* the id is [a-z0-9-]: a label's name as it is */
        if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-')
            fputc(*p, f);
    fputs("}\n\\begin{tabular}{", f);
    for (size_t c = 0; c < t->ncols; c++)
        fputs(align_class(t->col[c].align), f);
    fputs("}\n\\toprule\n", f);
    for (size_t c = 0; c < t->ncols; c++) {
        char label[512];
        mzr_col_label(&t->col[c], label, sizeof label);
        if (c)
            fputs(" & ", f);
        mzo_tex_text(f, label);
    }
    fputs(" \\\\\n\\midrule\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        for (size_t c = 0; c < t->ncols; c++) {
            const char *s = mzr_table_at(t, r, c)->text;
            if (c)
                fputs(" & ", f);
            else if (s && (*s == '[' || *s == '*'))
                fputs("{}", f); /* not a star or an argument of the \\ before it */
            if (t->col[c].code && s && *s) {
                fputs("\\texttt{", f);
                mzo_tex_text(f, s);
                fputc('}', f);
            } else {
                mzo_tex_text(f, s);
            }
        }
        fputs(" \\\\\n", f);
    }
    fputs("\\bottomrule\n\\end{tabular}\n", f);
    if (t->note && *t->note) {
        fputs("\\par\\smallskip\\footnotesize ", f);
        mzo_tex_text(f, t->note);
        fputc('\n', f);
    }
    fputs("\\end{table}\n", f);
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
