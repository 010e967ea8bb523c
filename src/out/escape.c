/*
 * escape.c - one escaping rule a format (out.h): CSV fields (data, and
 * text for a spreadsheet), JSON strings, XML text, markdown text and
 * LaTeX text.
 */
#include "out/out.h"

#include <string.h>

#define REPLACEMENT "\xef\xbf\xbd" /* U+FFFD in UTF-8 */

/* The length of the well-formed UTF-8 sequence at s (1 to 4 bytes; 1 for
 * an ASCII byte), or 0 when s starts none: a stray continuation byte, a
 * lead byte that cannot start a sequence, a sequence cut short, an
 * overlong form, a surrogate or a code point past U+10FFFF (RFC 3629).
 * *cp gets the code point. */
static size_t utf8_len(const unsigned char *s, unsigned long *cp)
{
    const unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    size_t n;
    unsigned long v, min;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, v = c & 0x1f, min = 0x80;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, v = c & 0x0f, min = 0x800;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, v = c & 0x07, min = 0x10000;
    else
        return 0;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xc0) != 0x80) /* the NUL that ends s included */
            return 0;
        v = v << 6 | (s[k] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return n;
}

size_t mzo_utf8_len(const char *s)
{
    unsigned long cp;
    return s && *s ? utf8_len((const unsigned char *)s, &cp) : 0;
}

/* ---- CSV ---- */

void mzo_csv_string(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

bool mzo_csv_number(const char *s)
{
    const char *p = s;
    if (*p == '+' || *p == '-')
        p++;
    size_t digits = 0;
    while (*p >= '0' && *p <= '9')
        p++, digits++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9')
            p++, digits++;
    }
    if (!digits)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!(*p >= '0' && *p <= '9'))
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return *p == '\0';
}

bool mzo_csv_formula(const char *s)
{
    if (!s || !*s || mzo_csv_number(s))
        return false;
    const unsigned char *u = (const unsigned char *)s;
    switch (u[0]) {
    case '=': case '+': case '-': case '@': case '\t': case '\r':
        return true;
    default:
        break;
    }
    /* the full-width forms some spreadsheets take for the same signs:
     * U+FF1D = U+FF0B + U+FF0D - U+FF20 @ (EF BC 9D, 8B, 8D; EF BC A0) */
    return u[0] == 0xef && u[1] == 0xbc &&
           (u[2] == 0x9d || u[2] == 0x8b || u[2] == 0x8d || u[2] == 0xa0);
}

void mzo_csv_text(FILE *f, const char *s)
{
    if (!s)
        return;
    if (!mzo_csv_formula(s)) {
        mzo_csv_string(f, s);
        return;
    }
    fputs("\"'", f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* ---- JSON ---- */

void mzo_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    while (s && *s) {
        const unsigned char c = (unsigned char)*s;
        unsigned long cp;
        const size_t n = utf8_len((const unsigned char *)s, &cp);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\u%04x", (unsigned)c);
        else if (!n)
            fputs("\\ufffd", f); /* not UTF-8: JSON text is */
        else
            fwrite(s, 1, n, f);
        s += n ? n : 1;
    }
    fputc('"', f);
}

/* ---- XML ---- */

void mzo_xml_text(FILE *f, const char *s)
{
    while (s && *s) {
        const unsigned char c = (unsigned char)*s;
        unsigned long cp;
        const size_t n = utf8_len((const unsigned char *)s, &cp);
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        case '\t': fputs("&#9;", f); break;
        case '\n': fputs("&#10;", f); break;
        case '\r': fputs("&#13;", f); break;
        default:
            /* XML 1.0 cannot hold the other control bytes, U+FFFE or
             * U+FFFF, nor bytes that are not UTF-8; DEL means nothing in
             * a text */
            if (c < 0x20 || c == 0x7f || !n || cp == 0xfffe || cp == 0xffff)
                fputs(REPLACEMENT, f);
            else
                fwrite(s, 1, n, f);
        }
        s += n ? n : 1;
    }
}

/* ---- markdown ---- */

void mzo_md_text(FILE *f, const char *s, bool code)
{
    if (!s || !*s)
        return;
    if (code) {
        /* A code span: a fence one backtick longer than the longest run
         * inside, and a space either side when the text has a backtick
         * or starts or ends with a space (CommonMark takes one off each
         * side). Inside, only | (the table's cell rule) is escaped. */
        size_t run = 0, longest = 0;
        for (const char *p = s; *p; p++) {
            run = *p == '`' ? run + 1 : 0;
            longest = run > longest ? run : longest;
        }
        const size_t len = strlen(s);
        const bool pad = longest || s[0] == ' ' || s[len - 1] == ' ' ||
                         (unsigned char)s[0] < 0x20 || (unsigned char)s[len - 1] < 0x20;
        for (size_t k = 0; k <= longest; k++)
            fputc('`', f);
        if (pad)
            fputc(' ', f);
        while (*s) {
            const unsigned char c = (unsigned char)*s;
            unsigned long cp;
            const size_t n = utf8_len((const unsigned char *)s, &cp);
            if (c == '|')
                fputs("\\|", f);
            else if (c < 0x20 || c == 0x7f)
                fputc(' ', f); /* a line end would end the row */
            else if (!n)
                fputs(REPLACEMENT, f);
            else
                fwrite(s, 1, n, f);
            s += n ? n : 1;
        }
        if (pad)
            fputc(' ', f);
        for (size_t k = 0; k <= longest; k++)
            fputc('`', f);
        return;
    }
    while (*s) {
        const unsigned char c = (unsigned char)*s;
        unsigned long cp;
        const size_t n = utf8_len((const unsigned char *)s, &cp);
        switch (c) {
        /* no raw HTML, autolink, comment or entity: the three as entities */
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        /* no link, image, code span, emphasis, strike-through, cell end */
        case '\\': case '`': case '*': case '_': case '[': case ']': case '~': case '|':
            fputc('\\', f);
            fputc(c, f);
            break;
        default:
            if (c < 0x20 || c == 0x7f)
                fputc(' ', f); /* a line end would start a new block */
            else if (!n)
                fputs(REPLACEMENT, f);
            else
                fwrite(s, 1, n, f);
        }
        s += n ? n : 1;
    }
}

/* ---- LaTeX ---- */

/* Is cp a character LaTeX sets from UTF-8 input in its default font
 * encoding (OT1) as well as T1: Latin-1's, but for the six that need T1. */
static bool tex_latin1(unsigned long cp)
{
    return cp >= 0xa0 && cp <= 0xff && cp != 0xab && cp != 0xbb && cp != 0xd0 && cp != 0xde &&
           cp != 0xf0 && cp != 0xfe;
}

void mzo_tex_text(FILE *f, const char *s)
{
    while (s && *s) {
        const unsigned char c = (unsigned char)*s;
        unsigned long cp;
        const size_t n = utf8_len((const unsigned char *)s, &cp);
        switch (c) {
        case '\\': fputs("\\textbackslash{}", f); break;
        case '{': fputs("\\{", f); break;
        case '}': fputs("\\}", f); break;
        case '$': fputs("\\$", f); break;
        case '&': fputs("\\&", f); break;
        case '#': fputs("\\#", f); break;
        case '^': fputs("\\textasciicircum{}", f); break;
        case '_': fputs("\\_", f); break;
        case '~': fputs("\\textasciitilde{}", f); break;
        case '%': fputs("\\%", f); break;
        case '<': fputs("\\textless{}", f); break;   /* OT1 has ¡ there */
        case '>': fputs("\\textgreater{}", f); break; /* and ¿ */
        case '|': fputs("\\textbar{}", f); break;     /* and a dash */
        case '`': fputs("{}`", f); break;             /* no ?` or !` ligature */
        case '-': fputs(s[1] == '-' ? "-{}" : "-", f); break; /* "--" is no dash */
        default:
            if (c < 0x20 || c == 0x7f)
                fputc(' ', f); /* a line end too: one line a row */
            else if (n == 1)
                fputc(c, f);
            else if (cp == 0xb1)
                fputs("$\\pm$", f); /* the tables' two signs */
            else if (cp == 0xb2)
                fputs("\\textsuperscript{2}", f);
            else if (n && tex_latin1(cp))
                fwrite(s, 1, n, f);
            else
                fputc('?', f); /* not UTF-8, or a character LaTeX may not set */
        }
        s += n ? n : 1;
    }
}
