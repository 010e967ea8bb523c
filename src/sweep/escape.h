/*
 * escape.h - one place for writing text into CSV, JSON and XML files.
 *
 * Every writer of the project (sweep rows, 'list --format json', 'stats',
 * 'compare', the JUnit reports) escapes through these, so a spec, a file
 * name or a message holding a quote, a comma or a control character comes
 * out as a valid field in every format. Bytes of 0x80 and above are copied
 * as they are: UTF-8 text stays UTF-8.
 */
#ifndef MZ_SWEEP_ESCAPE_H
#define MZ_SWEEP_ESCAPE_H

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* s as one CSV field (RFC 4180): as it is, unless it holds a comma, a
 * double quote, CR or LF; then between double quotes, each quote doubled. */
void sw_csv_string(FILE *f, const char *s);

/* s as a JSON string, quotes included: '"' and '\\' escaped with a
 * backslash, every other byte below 0x20 (and 0x7f) as \u00XX. A NULL s
 * writes "". */
void sw_json_string(FILE *f, const char *s);

/* s as XML character data or an attribute value (without the surrounding
 * quotes): & < > " ' as entities; tab, LF and CR as character references
 * (so they survive in attributes); the other bytes below 0x20, which XML
 * 1.0 cannot hold at all, as U+FFFD. A NULL s writes nothing. */
void sw_xml_text(FILE *f, const char *s);

#ifdef __cplusplus
}
#endif

#endif /* MZ_SWEEP_ESCAPE_H */
