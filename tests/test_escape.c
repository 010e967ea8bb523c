/*
 * test_escape.c - the one escaping module (src/out/escape.c) that every
 * CSV, JSON and XML writer of the project goes through:
 *
 *   - CSV: plain text as it is; a comma, quote, CR or LF quotes the field
 *     and doubles the quotes; the field reads back (sw_csv_read_row,
 *     sw_csv_value) as the original bytes;
 *   - JSON: quote and backslash escaped, every byte below 0x20 and DEL as
 *     \u00XX (no raw control character, which JSON forbids), UTF-8 bytes
 *     copied;
 *   - XML: the five entities, tab/LF/CR as character references, other
 *     control bytes (not allowed in XML 1.0), DEL, U+FFFE/U+FFFF and bytes
 *     that are not UTF-8 as U+FFFD, UTF-8 copied;
 *   - CSV for a spreadsheet (mzo_csv_text): a text starting with = + - @
 *     tab or CR (or their full-width forms) that is not a number as "'..."
 *     and reading back so; numbers and other text as mzo_csv_string;
 *   - markdown: < > & as entities, \ ` * _ [ ] ~ | backslash-escaped,
 *     control bytes as spaces, code spans fenced longer than any backtick
 *     run inside, | escaped in them, non-UTF-8 as U+FFFD;
 *   - LaTeX: the ten specials, < > | ` --, control bytes as spaces,
 *     non-UTF-8 bytes and characters LaTeX may not set as '?'; and over
 *     every byte and many pseudo-random strings, no output of the markdown
 *     or LaTeX escaper carries markup, a command or a control byte.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out.h"
#include "sweep.h"

typedef void (*writer)(FILE *, const char *);

/* What w writes for s, into out. */
static void written(writer w, const char *s, char *out, size_t len)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    w(f, s);
    rewind(f);
    size_t n = fread(out, 1, len - 1, f);
    out[n] = '\0';
    fclose(f);
}

static void expect(writer w, const char *s, const char *want)
{
    char got[512];
    written(w, s, got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("escaped '%s' as '%s', expected '%s'", s, got, want);
}

/* "é" and "→" in UTF-8 */
#define E_ACUTE "\xc3\xa9"
#define ARROW "\xe2\x86\x92"

static void test_csv(void **state)
{
    (void)state;
    expect(mzo_csv_string, "", "");
    expect(mzo_csv_string, "dfs+braid:keep=0.4", "dfs+braid:keep=0.4");
    expect(mzo_csv_string, "dfs+braid:keep=0.4,offset=99", "\"dfs+braid:keep=0.4,offset=99\"");
    expect(mzo_csv_string, "say \"hi\"", "\"say \"\"hi\"\"\"");
    expect(mzo_csv_string, "a\nb", "\"a\nb\"");
    expect(mzo_csv_string, "a\rb", "\"a\rb\"");
    expect(mzo_csv_string, "tab\there", "tab\there");
    expect(mzo_csv_string, "caf" E_ACUTE " " ARROW, "caf" E_ACUTE " " ARROW);

    /* Every awkward field reads back as itself. */
    const char *const fields[] = {"x,y", "\"", "\"\"", "a\r\nb", ",", "caf" E_ACUTE ",\"q\""};
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        char line[256], back[256];
        written(mzo_csv_string, fields[k], line, sizeof line - 4);
        strcat(line, ",z\n");
        size_t off = 0, n;
        sw_csv_field fl[4];
        assert_int_equal(sw_csv_read_row(line, strlen(line), &off, fl, 4, &n), 1);
        assert_int_equal(n, 2);
        sw_csv_value(&fl[0], back, sizeof back);
        assert_string_equal(back, fields[k]);
        assert_true(sw_csv_equals(&fl[1], "z"));
    }
}

static void test_json(void **state)
{
    (void)state;
    expect(mzo_json_string, "", "\"\"");
    expect(mzo_json_string, NULL, "\"\"");
    expect(mzo_json_string, "plain", "\"plain\"");
    expect(mzo_json_string, "q\"b\\s", "\"q\\\"b\\\\s\"");
    expect(mzo_json_string, "\x01\t\n\r\x1f\x7f", "\"\\u0001\\u0009\\u000a\\u000d\\u001f\\u007f\"");
    expect(mzo_json_string, "caf" E_ACUTE " " ARROW, "\"caf" E_ACUTE " " ARROW "\"");
    /* No byte below 0x20 ever comes out raw. */
    char all[32], out[512];
    for (int c = 1; c < 32; c++)
        all[c - 1] = (char)c;
    all[31] = '\0';
    written(mzo_json_string, all, out, sizeof out);
    for (const char *p = out; *p; p++)
        assert_true((unsigned char)*p >= 0x20);
}

static void test_xml(void **state)
{
    (void)state;
    expect(mzo_xml_text, NULL, "");
    expect(mzo_xml_text, "a<b>&c", "a&lt;b&gt;&amp;c");
    expect(mzo_xml_text, "\"it's\"", "&quot;it&apos;s&quot;");
    expect(mzo_xml_text, "l1\nl2\tx\r", "l1&#10;l2&#9;x&#13;");
    expect(mzo_xml_text, "bell\x07!", "bell\xef\xbf\xbd!");
    expect(mzo_xml_text, "caf" E_ACUTE " " ARROW, "caf" E_ACUTE " " ARROW);
}

/* Invalid UTF-8: a stray continuation byte, a lead byte no sequence
 * starts with, a sequence cut short, overlong forms, a surrogate, past
 * U+10FFFF. */
static const char *const not_utf8[] = {
    "\x80", "\xbf", "\xc0\xaf", "\xc1\xbf", "\xff", "\xfe", "\xc3(", "\xe2\x86",
    "\xe0\x80\xaf", "\xed\xa0\x80", "\xf0\x80\x80\xaf", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80",
};
#define NBAD (sizeof not_utf8 / sizeof not_utf8[0])

static void test_utf8(void **state)
{
    (void)state;
    assert_int_equal(mzo_utf8_len("a"), 1);
    assert_int_equal(mzo_utf8_len(E_ACUTE), 2);
    assert_int_equal(mzo_utf8_len(ARROW), 3);
    assert_int_equal(mzo_utf8_len("\xf0\x9f\x98\x80"), 4);
    assert_int_equal(mzo_utf8_len("\xf4\x8f\xbf\xbf"), 4); /* U+10FFFF */
    assert_int_equal(mzo_utf8_len(""), 0);
    for (size_t k = 0; k < NBAD; k++)
        if (mzo_utf8_len(not_utf8[k]) != 0)
            fail_msg("'%s' (case %zu) taken for UTF-8", not_utf8[k], k);
    /* JSON and XML: each as U+FFFD, the text around kept */
    for (size_t k = 0; k < NBAD; k++) {
        char in[32], xml[128], json[128];
        snprintf(in, sizeof in, "a%sb", not_utf8[k]);
        written(mzo_xml_text, in, xml, sizeof xml);
        written(mzo_json_string, in, json, sizeof json);
        bool utf8 = true, ascii = true;
        for (const char *p = xml; *p && utf8; p += mzo_utf8_len(p) ? mzo_utf8_len(p) : 1)
            utf8 = mzo_utf8_len(p) > 0;
        for (const char *p = json; *p; p++)
            ascii = ascii && (unsigned char)*p < 0x80;
        if (strncmp(xml, "a\xef\xbf\xbd", 4) || xml[strlen(xml) - 1] != 'b' || !utf8)
            fail_msg("XML of case %zu: '%s'", k, xml);
        if (strncmp(json, "\"a\\ufffd", 8) || !ascii)
            fail_msg("JSON of case %zu: '%s'", k, json);
    }
    expect(mzo_xml_text, "del\x7f \xef\xbf\xbe \xef\xbf\xbf", "del\xef\xbf\xbd \xef\xbf\xbd \xef\xbf\xbd");
    expect(mzo_xml_text, "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
    expect(mzo_json_string, "\xf0\x9f\x98\x80\xff", "\"\xf0\x9f\x98\x80\\ufffd\"");
}

/* ---- CSV for a spreadsheet ---- */

static void test_csv_text(void **state)
{
    (void)state;
    /* numbers stay numbers */
    const char *const numbers[] = {"0", "-3.5", "+1e3", "1e-5", ".5", "-.5", "5.", "-0", "12345678901234567890", "-2E+10"};
    for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++) {
        assert_true(mzo_csv_number(numbers[k]));
        expect(mzo_csv_text, numbers[k], numbers[k]);
    }
    const char *const not_numbers[] = {"", "-", "+", ".", "-.", "1e", "1e+", "--1", "-3.5x", "1 ", " 1", "0x10", "inf", "-nan", "1,5"};
    for (size_t k = 0; k < sizeof not_numbers / sizeof *not_numbers; k++)
        if (mzo_csv_number(not_numbers[k]))
            fail_msg("'%s' taken for a number", not_numbers[k]);
    /* formulas: a single quote first, the whole quoted */
    expect(mzo_csv_text, "=1+1", "\"'=1+1\"");
    expect(mzo_csv_text, "@SUM(A1:A9)", "\"'@SUM(A1:A9)\"");
    expect(mzo_csv_text, "+cmd|' /C calc'!A0", "\"'+cmd|' /C calc'!A0\"");
    expect(mzo_csv_text, "-2+3", "\"'-2+3\"");
    expect(mzo_csv_text, "-", "\"'-\"");
    expect(mzo_csv_text, "-O3 -g", "\"'-O3 -g\"");
    expect(mzo_csv_text, "\tx", "\"'\tx\"");
    expect(mzo_csv_text, "\rx", "\"'\rx\"");
    expect(mzo_csv_text, "=HYPERLINK(\"http://e.x/\",\"a,b\")",
           "\"'=HYPERLINK(\"\"http://e.x/\"\",\"\"a,b\"\")\"");
    expect(mzo_csv_text, "\xef\xbc\x9dSUM(1)", "\"'\xef\xbc\x9dSUM(1)\"");
    expect(mzo_csv_text, "\xef\xbc\xa0x", "\"'\xef\xbc\xa0x\"");
    expect(mzo_csv_text, "\xef\xbc\x8b" "1", "\"'\xef\xbc\x8b" "1\"");
    expect(mzo_csv_text, "\xef\xbc\x8d" "1", "\"'\xef\xbc\x8d" "1\"");
    /* other text as a data field */
    expect(mzo_csv_text, "a=b", "a=b");
    expect(mzo_csv_text, "dfs+braid:keep=0.4,offset=99", "\"dfs+braid:keep=0.4,offset=99\"");
    expect(mzo_csv_text, " =1", " =1");
    expect(mzo_csv_text, "", "");
    /* each reads back (the project's reader) as ' and the text */
    const char *const formulas[] = {"=1+1", "@x,\"y\"", "-a\r\nb", "+", "\tq"};
    for (size_t k = 0; k < sizeof formulas / sizeof *formulas; k++) {
        char line[256], back[256], want[256];
        written(mzo_csv_text, formulas[k], line, sizeof line - 4);
        strcat(line, ",z\n");
        size_t off = 0, n;
        sw_csv_field fl[4];
        assert_int_equal(sw_csv_read_row(line, strlen(line), &off, fl, 4, &n), 1);
        assert_int_equal(n, 2);
        sw_csv_value(&fl[0], back, sizeof back);
        snprintf(want, sizeof want, "'%s", formulas[k]);
        assert_string_equal(back, want);
    }
}

/* ---- markdown ---- */

static void md_plain(FILE *f, const char *s) { mzo_md_text(f, s, false); }
static void md_code(FILE *f, const char *s) { mzo_md_text(f, s, true); }

/* Is out inert inline markdown: no raw <, > or & (but the three
 * entities), no ` * _ [ ] ~ | \ that is not after a backslash, no control
 * byte, no byte that is not UTF-8? */
static bool md_inert(const char *out)
{
    for (const char *p = out; *p;) {
        const unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || c == '<' || c == '>')
            return false;
        if (c == '&') {
            if (strncmp(p, "&amp;", 5) && strncmp(p, "&lt;", 4) && strncmp(p, "&gt;", 4))
                return false;
            p++;
            continue;
        }
        if (c == '\\') {
            if (!p[1] || !strchr("\\`*_[]~|", p[1]))
                return false;
            p += 2;
            continue;
        }
        if (strchr("`*_[]~|", c))
            return false;
        const size_t n = mzo_utf8_len(p);
        if (!n)
            return false;
        p += n;
    }
    return true;
}

/* Is out one code span: a fence of k backticks, the text, the same fence,
 * no run of k backticks inside, every | after a backslash, no control
 * byte? */
static bool md_code_span(const char *out)
{
    size_t k = 0, len = strlen(out);
    while (out[k] == '`')
        k++;
    if (!k || len < 2 * k)
        return false;
    for (size_t j = len - k; j < len; j++)
        if (out[j] != '`')
            return false;
    if (len > 2 * k && out[len - k - 1] == '`')
        return false; /* the closing fence would be longer */
    size_t run = 0;
    for (size_t j = k; j < len - k; j++) {
        const unsigned char c = (unsigned char)out[j];
        if (c < 0x20 || c == 0x7f)
            return false;
        if (c == '|' && out[j - 1] != '\\')
            return false;
        run = c == '`' ? run + 1 : 0;
        if (run >= k)
            return false;
    }
    return true;
}

static void test_md(void **state)
{
    (void)state;
    expect(md_plain, NULL, "");
    expect(md_plain, "plain text 1.5", "plain text 1.5");
    expect(md_plain, "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;");
    expect(md_plain, "<!-- c -->", "&lt;!-- c --&gt;");
    expect(md_plain, "<https://e.x/>", "&lt;https://e.x/&gt;");
    expect(md_plain, "&lt; &#60;", "&amp;lt; &amp;#60;");
    expect(md_plain, "[a](javascript:x) ![p](q)", "\\[a\\](javascript:x) !\\[p\\](q)");
    expect(md_plain, "``x`` *e* _u_ ~~s~~", "\\`\\`x\\`\\` \\*e\\* \\_u\\_ \\~\\~s\\~\\~");
    expect(md_plain, "a|b\\c", "a\\|b\\\\c");
    expect(md_plain, "l1\nl2\r\tx\x01\x7f", "l1 l2  x  ");
    expect(md_plain, "caf" E_ACUTE " \xff!", "caf" E_ACUTE " \xef\xbf\xbd!");
    /* code spans: the fence longer than any run inside */
    expect(md_code, "", "");
    expect(md_code, "dfs", "`dfs`");
    expect(md_code, "<b>&amp;", "`<b>&amp;`");
    expect(md_code, "a`b", "`` a`b ``");
    expect(md_code, "a``b`c", "``` a``b`c ```");
    expect(md_code, "`x", "`` `x ``");
    expect(md_code, "x`", "`` x` ``");
    expect(md_code, " x", "`  x `"); /* CommonMark takes one space off each side */
    expect(md_code, "a|b\nc\\|", "`a\\|b c\\\\|`");
    expect(md_code, "\xc3(", "`\xef\xbf\xbd(`");
    /* every byte alone, every pair of the awkward ones, and many
     * pseudo-random strings: inert, and one code span */
    char in[64], out[1024];
    for (int c = 1; c < 256; c++) {
        in[0] = (char)c;
        in[1] = '\0';
        written(md_plain, in, out, sizeof out);
        if (!md_inert(out))
            fail_msg("markdown of byte 0x%02x is not inert: '%s'", c, out);
        written(md_code, in, out, sizeof out);
        if (!md_code_span(out))
            fail_msg("code span of byte 0x%02x: '%s'", c, out);
    }
    uint64_t x = 0x9e3779b97f4a7c15u;
    static const char alphabet[] = "`|\\<>&[]*_~!()#: \n\tab\x01\x7f\xc3\xa9\xff\xe2";
    for (int round = 0; round < 5000; round++) {
        size_t n = 0;
        for (; n < 1 + (size_t)(round % 40); n++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            in[n] = alphabet[x % (sizeof alphabet - 1)];
        }
        in[n] = '\0';
        written(md_plain, in, out, sizeof out);
        if (!md_inert(out))
            fail_msg("markdown of '%s' is not inert: '%s'", in, out);
        written(md_code, in, out, sizeof out);
        if (!md_code_span(out))
            fail_msg("code span of '%s': '%s'", in, out);
    }
}

/* ---- LaTeX ---- */

/* Is out inert LaTeX text: every backslash starts one of the escapes, no
 * raw { } $ & # ^ _ ~ % < > | outside them (but the braces of \\texts..{}
 * and the $ of $\\pm$), no control byte, no byte that is not UTF-8 and
 * no character outside Latin-1? */
static bool tex_inert(const char *out)
{
    static const char *const esc[] = {
        "\\textbackslash{}", "\\{", "\\}", "\\$", "\\&", "\\#", "\\textasciicircum{}", "\\_",
        "\\textasciitilde{}", "\\%", "\\textless{}", "\\textgreater{}", "\\textbar{}",
        "\\textsuperscript{2}", "$\\pm$", "{}`",
    };
    for (const char *p = out; *p;) {
        if (!strncmp(p, "-{}-", 4)) { /* "--" kept apart */
            p += 3;
            continue;
        }
        bool hit = false;
        for (size_t k = 0; k < sizeof esc / sizeof *esc && !hit; k++)
            if (!strncmp(p, esc[k], strlen(esc[k]))) {
                p += strlen(esc[k]);
                hit = true;
            }
        if (hit)
            continue;
        const unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c == 0x7f || strchr("\\{}$&#^_~%<>|`", c))
            return false;
        if (c == '-' && p[1] == '-')
            return false;
        const size_t n = mzo_utf8_len(p);
        if (!n || (n > 1 && ((unsigned char)p[0] > 0xc3)))
            return false; /* Latin-1 only: C2 and C3 lead bytes */
        p += n;
    }
    return true;
}

static void test_tex(void **state)
{
    (void)state;
    expect(mzo_tex_text, NULL, "");
    expect(mzo_tex_text, "_ & % # $ { } ~ ^ \\",
           "\\_ \\& \\% \\# \\$ \\{ \\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}");
    expect(mzo_tex_text, "\\input{/etc/passwd}", "\\textbackslash{}input\\{/etc/passwd\\}");
    expect(mzo_tex_text, "\\write18{touch PWNED}", "\\textbackslash{}write18\\{touch PWNED\\}");
    expect(mzo_tex_text, "^^5c^^M", "\\textasciicircum{}\\textasciicircum{}5c\\textasciicircum{}\\textasciicircum{}M");
    expect(mzo_tex_text, "a<b>c|d ?`", "a\\textless{}b\\textgreater{}c\\textbar{}d ?{}`");
    expect(mzo_tex_text, "--out, a-b", "-{}-out, a-b");
    expect(mzo_tex_text, "5 \xc2\xb1 1, R\xc2\xb2", "5 $\\pm$ 1, R\\textsuperscript{2}");
    /* control bytes as spaces, line ends too */
    expect(mzo_tex_text, "a\x01" "b\x1f" "c\x7f" "d\ne\rf\tg", "a b c d e f g");
    /* Latin-1 that OT1 sets kept; the rest, and non-UTF-8, as ? */
    expect(mzo_tex_text, "caf" E_ACUTE " \xc3\x97 \xc2\xa9", "caf" E_ACUTE " \xc3\x97 \xc2\xa9");
    expect(mzo_tex_text, ARROW " \xf0\x9f\x98\x80 \xc2\xab\xc3\xbe", "? ? ??");
    for (size_t k = 0; k < NBAD; k++) {
        char in[32], out[64];
        snprintf(in, sizeof in, "a%sb", not_utf8[k]);
        written(mzo_tex_text, in, out, sizeof out);
        bool ascii = true;
        for (const char *p = out; *p; p++)
            ascii = ascii && (unsigned char)*p < 0x80;
        if (strncmp(out, "a?", 2) || out[strlen(out) - 1] != 'b' || !ascii)
            fail_msg("LaTeX of non-UTF-8 case %zu: '%s'", k, out);
    }
    char in[64], out[2048];
    for (int c = 1; c < 256; c++) {
        in[0] = (char)c;
        in[1] = '\0';
        written(mzo_tex_text, in, out, sizeof out);
        if (!tex_inert(out))
            fail_msg("LaTeX of byte 0x%02x is not inert: '%s'", c, out);
    }
    uint64_t x = 0x2545f4914f6cdd1du;
    static const char alphabet[] = "\\{}$&#^_~%<>|`- \n\tai5c\x01\x7f\xc2\xb1\xc3\xa9\xff\xe2\x86\x92";
    for (int round = 0; round < 5000; round++) {
        size_t n = 0;
        for (; n < 1 + (size_t)(round % 40); n++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            in[n] = alphabet[x % (sizeof alphabet - 1)];
        }
        in[n] = '\0';
        written(mzo_tex_text, in, out, sizeof out);
        if (!tex_inert(out))
            fail_msg("LaTeX of '%s' (round %d) is not inert: '%s'", in, round, out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_xml),
        cmocka_unit_test(test_utf8),
        cmocka_unit_test(test_csv_text),
        cmocka_unit_test(test_md),
        cmocka_unit_test(test_tex),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
