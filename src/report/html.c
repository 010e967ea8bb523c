/*
 * html.c - the report as a page (report.h): its shell (head, navigation,
 * a section a row of the section table in page order), its CSS and the
 * sorting script, base64 for the pictures; and the markdown and LaTeX
 * documents, a heading a section in the table's order.
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "out/out.h"

#include <stdlib.h>
#include <string.h>

void mzr_base64(FILE *f, const unsigned char *p, size_t n)
{
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t k = 0; k < n; k += 3) {
        const unsigned v = (unsigned)p[k] << 16 | (k + 1 < n ? (unsigned)p[k + 1] << 8 : 0) |
                           (k + 2 < n ? p[k + 2] : 0);
        fputc(b64[v >> 18 & 63], f);
        fputc(b64[v >> 12 & 63], f);
        fputc(k + 1 < n ? b64[v >> 6 & 63] : '=', f);
        fputc(k + 2 < n ? b64[v & 63] : '=', f);
    }
}

/* ---- HTML ---- */

static const char CSS[] =
    ":root{color-scheme:light;--fg:#1a1a1a;--mute:#5a5a5a;--line:#d0d0d0;--band:#f4f4f4;"
    "--mono:ui-monospace,'SFMono-Regular',Menlo,Consolas,'Liberation Mono',monospace}"
    "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,"
    "sans-serif;color:var(--fg);margin:0 auto;max-width:72rem;padding:1rem 1.5rem;"
    "line-height:1.45}"
    "h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.25rem;border-bottom:1px solid "
    "var(--line);padding-bottom:.2rem;margin-top:2rem}"
    "nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1rem}"
    "code{font-family:var(--mono);font-size:.9em}"
    /* a table fits its box: cells wrap (a name anywhere, a figure at its
     * spaces) rather than a scroll bar hiding columns */
    ".wrap{max-width:100%}"
    "table.mz{border-collapse:collapse;margin:.5rem 0;font-size:.85rem;max-width:100%;"
    "font-variant-numeric:tabular-nums}"
    "table.mz caption{text-align:left;font-weight:600;padding:.3rem 0}"
    "table.mz caption .stat{display:block;font-weight:400;color:var(--mute);font-size:.8rem}"
    "table.mz th,table.mz td{padding:.2rem .5rem;border-bottom:1px solid var(--line);"
    "vertical-align:top;overflow-wrap:break-word}"
    "table.mz thead th{border-bottom:2px solid var(--fg)}"
    "details.full{margin:.5rem 0}details.full>summary{cursor:pointer;color:var(--mute);"
    "font-size:.9rem}"
    "table.mz tbody tr:nth-child(even){background:var(--band)}"
    ".l{text-align:left}.r{text-align:right}.c{text-align:center}"
    "p.note,.meta{color:var(--mute);font-size:.85rem}"
    "figure{margin:.5rem}figure.render{display:inline-block;text-align:center;"
    "vertical-align:top}"
    "figure.render img{image-rendering:pixelated;max-width:12rem}"
    "figure.chart svg{max-width:100%;height:auto}"
    "figcaption{font-size:.8rem;color:var(--mute)}"
    "th.sortable{cursor:pointer}"
    "@media print{body{max-width:none;padding:0;font-size:10pt}nav,script{display:none}"
    "section{break-inside:auto}table.mz,figure{break-inside:avoid}"
    "h2{break-after:avoid}a{color:inherit;text-decoration:none}"
    "table.mz tbody tr:nth-child(even){background:none}"
    "table.mz{font-size:7.5pt}table.mz th,table.mz td{padding:.1rem .25rem}"
    "figure.chart svg{max-width:100%}}";

/* Sorting a table by a header click; the page reads the same without it.
 * Kept free of '<' and '&' so that it reads as XML text as well. */
static const char SCRIPT[] =
    "(function(){\n"
    "function key(t){var s=t.replace(/[^0-9eE.+-].*$/,'');var v=parseFloat(s);"
    "return isNaN(v)?null:v;}\n"
    "document.querySelectorAll('table.mz').forEach(function(tb){\n"
    "tb.querySelectorAll('thead th').forEach(function(th,i){\n"
    "th.className+=' sortable';var up=true;\n"
    "th.addEventListener('click',function(){\n"
    "var body=tb.tBodies[0];var rows=Array.prototype.slice.call(body.rows);\n"
    "rows.sort(function(a,b){var x=a.cells[i].textContent,y=b.cells[i].textContent;\n"
    "var p=key(x),q=key(y);var c=(p!==null)?((q!==null)?p-q:-1):((q!==null)?1:"
    "x.localeCompare(y));return up?c:-c;});\n"
    "up=!up;rows.forEach(function(r){body.appendChild(r);});});});});\n"
    "})();\n";

static void html_text(FILE *f, const char *s)
{
    mzo_xml_text(f, s);
}
/* The sections in page order (their order field; ties in table order). */
static void page_order(int *out)
{
    for (int s = 0; s < MZR_NSEC; s++)
        out[s] = s;
    for (int a = 1; a < MZR_NSEC; a++) /* insertion sort: stable */
        for (int b = a; b > 0 && mzr_secdefs[out[b - 1]].order > mzr_secdefs[out[b]].order; b--) {
            const int t = out[b];
            out[b] = out[b - 1];
            out[b - 1] = t;
        }
}

void mzr_report_html(FILE *f, const mzr_report *r, double chart_w, double chart_h)
{
    fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" "
          "xml:lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
          "<meta name=\"generator\" content=\"mazebench report\"/>\n<title>mazebench report",
          f);
    if (r->have_sweep) {
        const char *d = mzt_summary_meta(&r->sum, "date");
        if (d) {
            fputs(" \xe2\x80\x94 ", f);
            html_text(f, d);
        }
    }
    fputs("</title>\n<style>", f);
    fputs(CSS, f);
    for (int s = 0; s < MZR_NSEC; s++)
        for (size_t k = 0; k < r->sec[s].ntab; k++)
            mzr_table_css(f, &r->sec[s].tab[k]);
    fputs("</style>\n</head>\n<body>\n<header>\n<h1>mazebench report</h1>\n<p class=\"meta\">"
          "Made by <code>mazebench report</code> from ",
          f);
    if (!r->nused)
        fputs("no usable input", f);
    for (size_t k = 0; k < r->nused; k++) {
        if (k)
            fputs(", ", f);
        fputs("<code>", f);
        html_text(f, r->used[k]);
        fputs("</code>", f);
    }
    fputs(".</p>\n<nav><ul>", f);
    int order[MZR_NSEC];
    page_order(order);
    for (int k = 0; k < MZR_NSEC; k++) {
        int s = order[k];
        if (mzr_report_has(r, s))
            fprintf(f, "<li><a href=\"#%s\">%s</a></li>", mzr_secdefs[s].id, mzr_secdefs[s].title);
    }
    fputs("</ul></nav>\n</header>\n<main>\n", f);
    for (int k = 0; k < MZR_NSEC; k++) {
        int s = order[k];
        if (!mzr_report_has(r, s))
            continue;
        fprintf(f, "<section id=\"%s\" data-section=\"%s\">\n<h2>%s</h2>\n", mzr_secdefs[s].id,
                mzr_secdefs[s].id, mzr_secdefs[s].title);
        if (r->sec[s].intro) {
            fputs("<p>", f);
            html_text(f, r->sec[s].intro);
            fputs("</p>\n", f);
        }
        if (mzr_secdefs[s].body)
            mzr_secdefs[s].body(f, r, chart_w, chart_h);
        /* the summaries first, then the full tables collapsed */
        for (int full = 0; full < 2; full++)
            for (size_t k = 0; k < r->sec[s].ntab; k++) {
                const mzr_table *t = &r->sec[s].tab[k];
                if (t->appendix != (full == 1))
                    continue;
                if (full) {
                    fputs("<details class=\"full\"><summary>Full table: ", f);
                    html_text(f, t->title);
                    fprintf(f, " (%zu rows; ", t->nrows);
                    html_text(f, t->id);
                    fputs(".csv with --csv)</summary>\n", f);
                }
                fputs("<div class=\"wrap\">\n", f);
                mzr_table_html(f, t);
                fputs("</div>\n", f);
                if (full)
                    fputs("</details>\n", f);
            }
        fputs("</section>\n", f);
    }
    fputs("</main>\n<script>//<![CDATA[\n", f);
    fputs(SCRIPT, f);
    fputs("//]]></script>\n</body>\n</html>\n", f);
}

/* ---- markdown and LaTeX ---- */

/* Does section s have tables of this kind (full: appendix ones)? */
static bool has_tables(const mzr_report *r, int s, bool full)
{
    for (size_t k = 0; k < r->sec[s].ntab; k++)
        if (r->sec[s].tab[k].appendix == full)
            return true;
    return false;
}

/* The documents: the summaries a section, in the table's order; then the
 * full tables in an appendix. */
static void document(FILE *f, const mzr_report *r, bool tex)
{
    bool any_full = false;
    for (int full = 0; full < 2; full++) {
        if (full && any_full)
            fputs(tex ? "\n% ==== Appendix: the full tables ====\n"
                      : "## Appendix: the full tables\n\n",
                  f);
        for (int s = 0; s < MZR_NSEC; s++) {
            any_full = any_full || has_tables(r, s, true);
            if (!has_tables(r, s, full == 1))
                continue;
            if (tex)
                fprintf(f, "\n%% ---- %s ----\n", mzr_secdefs[s].title);
            else
                fprintf(f, full ? "### %s\n\n" : "## %s\n\n", mzr_secdefs[s].title);
            for (size_t k = 0; k < r->sec[s].ntab; k++)
                if (r->sec[s].tab[k].appendix == (full == 1))
                    (tex ? mzr_table_tex : mzr_table_md)(f, &r->sec[s].tab[k]);
        }
    }
}

void mzr_report_md(FILE *f, const mzr_report *r)
{
    fputs("# mazebench report\n\n", f);
    document(f, r, false);
}

void mzr_report_tex(FILE *f, const mzr_report *r)
{
    fputs("% mazebench report: tables for \\input{}; needs "
          "\\usepackage{booktabs,longtable}\n",
          f);
    document(f, r, true);
}
