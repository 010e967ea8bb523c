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
 *     control bytes (not allowed in XML 1.0) as U+FFFD, UTF-8 copied.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_xml),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
