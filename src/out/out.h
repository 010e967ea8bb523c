/*
 * out.h - the output layer every command shares: escaping text into CSV,
 * JSON and XML files, result rows as CSV and JSON, and output files
 * replaced atomically. A library: nothing here prints to the terminal or
 * exits; a fallible call returns MZO_OK, MZO_BAD (the request is wrong: a
 * command exits 2) or MZO_FAIL (the work failed: exit 1) and writes a
 * one-line lower-case reason into the caller's err buffer.
 *
 * Escaping:
 * Every writer of the project (sweep rows, 'list --format json', 'stats',
 * 'compare', the JUnit reports, the report's HTML, markdown, LaTeX and
 * CSV) escapes through these, one function a format, so a spec, a file
 * name or a message holding a quote, a comma, markup or a control
 * character comes out as inert text in every format. UTF-8 text stays
 * UTF-8; in JSON, XML, markdown and LaTeX bytes that are not UTF-8 are
 * replaced (a CSV data field keeps its bytes).
 */
#ifndef MZ_OUT_H
#define MZ_OUT_H

#include "../mazebench.h"
#include "../mazebench_row.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* s as one CSV field (RFC 4180): as it is, unless it holds a comma, a
 * double quote, CR or LF; then between double quotes, each quote doubled.
 * For data that the project reads back (sweep rows, stats, compare). */
void mzo_csv_string(FILE *f, const char *s);
/* s as a CSV text field for a spreadsheet (the report's --csv): a text
 * that a spreadsheet would take for a formula (mzo_csv_formula) is
 * written "'TEXT" (a single quote first, the whole between double quotes,
 * OWASP's rule against CSV injection); any other field as mzo_csv_string.
 * A number stays as it is. A NULL s writes nothing. */
void mzo_csv_text(FILE *f, const char *s);
/* Is s a decimal number: [+-]digits[.digits][e[+-]digits] (or .digits)? */
bool mzo_csv_number(const char *s);
/* Does s start as a formula does (=, +, -, @, tab or CR, or the
 * full-width = + - @) without being a number? */
bool mzo_csv_formula(const char *s);

/* s as a JSON string, quotes included: '"' and '\\' escaped with a
 * backslash, every other byte below 0x20 (and 0x7f) as \u00XX, a byte
 * that is not UTF-8 as \ufffd. A NULL s writes "". */
void mzo_json_string(FILE *f, const char *s);

/* s as XML character data or an attribute value (without the surrounding
 * quotes): & < > " ' as entities; tab, LF and CR as character references
 * (so they survive in attributes); the other bytes below 0x20, which XML
 * 1.0 cannot hold at all, DEL, U+FFFE, U+FFFF and bytes that are not
 * UTF-8 as U+FFFD. A NULL s writes nothing. */
void mzo_xml_text(FILE *f, const char *s);

/* s as inline markdown text (CommonMark and GitHub's tables), inert:
 * < > & as entities (no raw HTML, autolink, comment or entity reference),
 * \ ` * _ [ ] ~ | after a backslash (no link, image, code span, emphasis,
 * strike-through, nor the end of a table cell), every control byte (line
 * ends included: no new block) as a space. With code, a code span
 * instead: a fence one backtick longer than the longest backtick run in s
 * (a space either side when s has a backtick or starts or ends with a
 * space), only | escaped inside (\|, the table's rule), control bytes as
 * spaces. For a table cell or a line that the writer starts itself (never
 * at the start of a line). Bytes that are not UTF-8 as U+FFFD. A NULL or
 * empty s writes nothing. */
void mzo_md_text(FILE *f, const char *s, bool code);

/* s as LaTeX text, inert under pdflatex: \ { } $ & # ^ _ ~ % escaped
 * (\textbackslash{}, \{, \}, \$, \&, \#, \textasciicircum{}, \_,
 * \textasciitilde{}, \%), < > | as \textless{}, \textgreater{},
 * \textbar{}, ` as {}` and "--" as "-{}-" (no ligature), every control
 * byte (line ends included) as a space; U+00B1 as $\pm$, U+00B2 as
 * \textsuperscript{2}, the other Latin-1 characters that LaTeX sets in
 * OT1 and T1 as they are, and any other character or byte that is not
 * UTF-8 as '?'. No command, group, parameter, comment or ^^ escape can
 * come out of s. */
void mzo_tex_text(FILE *f, const char *s);

/* The length of the well-formed UTF-8 sequence s starts with (1 to 4),
 * 0 when it is not one (or s is empty). */
size_t mzo_utf8_len(const char *s);

/* enum values as the sweep engine's SW_OK, SW_FAIL, SW_BAD */
enum { MZO_OK = 0, MZO_FAIL = 1, MZO_BAD = 2 };

/* ---- result rows (every command's CSV and JSON records) ---- */

void mzo_csv_header(FILE *f, const mz_cols *cols);
/* A row of a maze of geometry geo (its topology column; NULL: square cells). */
void mzo_csv_row(FILE *f, const mz_cols *cols, const mz_row *row, const mz_dims *geo);
void mzo_json_row(FILE *f, const mz_cols *cols, const mz_row *row, const mz_dims *geo);

/* ---- output files ---- */

/* An output file replaced atomically: written to a temporary file beside
 * the target, renamed over it by mzo_out_commit. */
typedef struct mzo_out {
    FILE *f;
    char *path, *tmp; /* tmp: NULL for an unnamed file or a device */
    bool unnamed;     /* an O_TMPFILE file: no name until the commit */
    bool partial;     /* tmp is a kept partial name (mzo_out_publish) */
} mzo_out;

#define MZO_OUT_FORCE 1u /* replace a file that exists */

/* Open a temporary file for path. Without MZO_OUT_FORCE an existing path is
 * refused (SW_BAD); with it, an existing path that is not a regular file
 * (a device, a pipe) is written in place, never renamed over. */
int mzo_out_open(mzo_out *o, const char *path, unsigned flags, char *err, size_t errlen);
/* Flush, sync and rename into place. SW_FAIL on error (the temp is removed). */
int mzo_out_commit(mzo_out *o, char *err, size_t errlen);
/* Commit several outputs together: each flushed and synced first (the
 * first that fails is named in err, SW_FAIL, none renamed), then each
 * renamed into place with SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE,
 * SIGXCPU and SIGXFSZ held back until the last. After SW_FAIL the caller
 * aborts them all (mzo_out_abort is safe on a committed one). */
int mzo_outs_commit(mzo_out *const *o, size_t n, char *err, size_t errlen);
/* Remove the temporary file (a published partial is kept). Safe on a
 * zeroed or committed mzo_out. */
void mzo_out_abort(mzo_out *o);
/* Flush, sync and give the temporary file the fixed name partial
 * (replacing a file of that name): from then on the rows written survive
 * any end of the process, SIGKILL included, and mzo_out_commit renames
 * partial to the target. For a resumable command. */
int mzo_out_publish(mzo_out *o, const char *partial, char *err, size_t errlen);
/* Remove every named temporary file still open (async-signal-safe)
 * and install it for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU
 * and SIGXFSZ (the process then dies of the signal as before); a signal
 * the caller ignores stays ignored. */
void mzo_out_cleanup(void);
void mzo_out_signals_install(void);
/* Add fn (async-signal-safe) to the hooks that run first in
 * mzo_out_cleanup, in the order added: what a layer above keeps beyond
 * files (the outside programs, render's frame folder). Adding one twice
 * is a no-op; -1 when the 4 slots are taken. */
int mzo_out_cleanup_add(void (*fn)(void));
/* Those signals: *sigs gets the list, the count is returned. */
size_t mzo_out_signals(const int **sigs);
/* Is path the file open on fd (a plan read from stdin, say)? */
bool mzo_same_file_fd(const char *path, int fd);
/* Are a and b the same file (device and inode)? false when either is missing. */
bool mzo_same_file(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif /* MZ_OUT_H */
