/*
 * cli.h - pieces shared by the mazebench commands.
 *
 * To add a command: write cmd_NAME.c with int cmd_NAME(int argc, char **argv)
 * (argv[0] is the command's name), declare it here, give it a table of
 * options in commands.c (docs/cli.md) and add it to the tables in main.c
 * and commands.c. A command parses its options with mzc_args_next, calls
 * the library, and turns a status into one line on stderr
 * via mzc_error and exit status 1 (2 for usage errors).
 */
#ifndef MZ_CLI_H
#define MZ_CLI_H

#include "../mazebench.h"
#include "../out/out.h"
#include "../mazebench_file.h"

#include <stdio.h>

/* Exit codes. */
enum { MZC_OK = 0, MZC_FAIL = 1, MZC_USAGE = 2 };

/* Print "mazebench: <message>" and a newline on stderr. */
void mzc_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Hold mzc_error's next message instead of printing it, so that what a
 * command then does about the failure joins it on the same line:
 * mzc_error_release prints the held message (with "; SUFFIX" when SUFFIX
 * is not empty) and says whether there was one. */
void mzc_error_hold(void);
bool mzc_error_release(const char *suffix);

/* Option parsing: each command's options are a table (opts.h, commands.c)
 * read by mzc_args_next. */
/* Refuse (one line, -1) an option --NAME given twice among argv[1..argc),
 * as --NAME V or --NAME=V, up to a "--" argument. main() calls it for
 * every command before the command parses its options. */
int mzc_refuse_repeats(const char *cmd, int argc, char **argv);
/* Flush stdout; a failed write (a full disk, a closed pipe) prints one
 * line naming cmd, once, and gives MZC_FAIL. */
int mzc_flush_stdout(const char *cmd);

/* The files a command writes beside a result it prints on stdout (scaling
 * --points, check --junit, eller-stream --out, compare's --out, --junit and
 * --chart): every one is opened as a temporary file beside its name
 * (mzo_out_open), and all of them are committed together, only after the
 * stdout result was written and flushed, so that a command that fails, or
 * whose result cannot be printed (a full disk, a closed pipe), replaces
 * none of them.
 *
 *     mzc_outs outs;
 *     mzc_outs_init(&outs, "scaling");
 *     FILE *pf = mzc_outs_open(&outs, "--points", path, force, &rc); // NULL: rc set
 *     ... print the result to stdout, write pf ...
 *     return mzc_outs_finish(&outs, rc);   // commit all, or remove all
 *
 * '-' is refused (exit 2): stdout already carries the result. */
struct mzo_out;
typedef struct mzc_outs {
    const char *cmd;
    struct mzo_out *o; /* malloc'd, n of them open */
    size_t n;
} mzc_outs;
void mzc_outs_init(mzc_outs *s, const char *cmd);
/* Open path, the value of option opt, as a temporary file (an existing
 * one is refused unless force). Its FILE, or NULL after one line with *rc
 * set to MZC_USAGE (an existing file, a directory, '-') or MZC_FAIL; the
 * files opened before are then removed too (s is left empty). */
FILE *mzc_outs_open(mzc_outs *s, const char *opt, const char *path, bool force, int *rc);
/* End the command whose status so far is rc: when it is MZC_OK, flush
 * stdout (mzc_flush_stdout), then every file, and commit them all;
 * otherwise, or when any of that fails, remove every temporary file and
 * commit none. Returns the command's exit status. */
int mzc_outs_finish(mzc_outs *s, int rc);
/* Remove every temporary file (an early return). */
void mzc_outs_abort(mzc_outs *s);
/* A standard stream that was closed (mazebench >&-) is taken by a
 * descriptor of /dev/null opened the wrong way round, so that its writes
 * (reads) fail as a closed one's would, and no output file opened later
 * gets its number: a closed stdout is a failure, never a file's content. */
void mzc_keep_std_fds(void);
/* Is argv[k] exactly --name or -short? */
int mzc_flag(const char *arg, const char *name, const char *shortname);
/* Take every --plugin FILE (or --plugin=FILE) out of argv[1..*argc), up
 * to a "--", loading each plugin in turn (docs/plugins.md); *argc shrinks.
 * MZC_OK, or MZC_USAGE after one line (a plugin refused), MZC_FAIL (out of
 * memory). */
int mzc_take_plugins(int *argc, char **argv);
/* Take every --programs FILE (or --programs=FILE) out of argv[1..*argc), up
 * to a "--", loading each programs file in turn (docs/outside.md): its
 * outside programs become entries of the registry; *argc shrinks. MZC_OK,
 * or MZC_USAGE after one line "FILE:LINE: what", MZC_FAIL (out of memory). */
int mzc_take_programs(int *argc, char **argv);
/* The programs files given, in order (for a command that runs mazebench
 * again). */
const char *const *mzc_programs_files(size_t *n);

/* An outside program's failure (a run that gave MZ_EOUTSIDE), one line:
 * the outside solver's last failure when solver (may be NULL) is one, else the
 * last outside generator's of this thread (outside_why.c). */
const char *mzc_outside_why(const mz_algo *solver);

/* Value parsers that print their own error; 0 on success, -1 on error. */
int mzc_parse_seed(const char *text, uint64_t *seed);
/* The --rng option: NULL or "auto" is MZ_RNG_AUTO, else a source's name;
 * -1 with a message for another name. */
int mzc_parse_rng(const char *cmd, const char *text, mz_rng_kind *want);

/* The random source of a maze (docs/random.md). */
/* Choose spec's source for a maze of geo at seed (mz_rng_resolve): a note
 * on stderr when 'auto' switches to splitmix64; -1 with a message when
 * mulberry32 was asked for and cannot serve (a usage error). */
int mzc_resolve_rng(const char *cmd, mz_rng_kind want, mz_spec *spec, const mz_dims *geo,
                    uint64_t seed);
/* The same, the note (a whole stderr line, or "") kept in note for the
 * caller to print once its other checks have passed. */
int mzc_resolve_rng_note(const char *cmd, mz_rng_kind want, mz_spec *spec, const mz_dims *geo,
                         uint64_t seed, char *note, size_t notelen);
/* A source that can feed seed before the maze's size is known (a
 * fixed-size generator's trial run): splitmix64 when asked for, or under
 * auto for a seed past 32 bits; otherwise mulberry32. */
mz_rng_kind mzc_rng_for_seed(mz_rng_kind want, uint64_t seed);
/* -1 with mz_rng_resolve's message when mulberry32 is asked for with a
 * seed past 32 bits (a usage error), before any maze is made. */
int mzc_rng_seed_check(const char *cmd, mz_rng_kind want, uint64_t seed);

/* Parse a grid of any shape (mz_dims_parse), printing why on failure;
 * 0 or -1. */
int mzc_parse_grid(const char *text, mz_dims *geo);
/* Refuse, with one line, a generator spec or solver stage (spec NULL) that
 * does not run on geo: "mazebench: eller does not run on hex grids (it runs
 * on: ortho)"; -1 then, 0 when every stage runs on it. */
int mzc_check_runs_on(const mz_spec *spec, const mz_stage *st, const mz_dims *geo);
int mzc_parse_u64(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* Refuse (one line, naming the grid) a recipe whose estimated peak memory
 * on geo (mz_estimate_bytes with parts, MZ_EST_*) passes what
 * mzc_check_bytes allows; 0 when it fits. */
int mzc_check_estimate(const mz_dims *geo, const mz_algo *const *algos, size_t n,
                       unsigned parts);
/* mzc_check_estimate with the figures. */
int mzc_check_memory(const mz_dims *geo, const mz_algo *const *algos, size_t n);
/* Refuse (with a message naming what) need bytes that pass 90% of the
 * machine's memory or what 'ulimit -v' leaves; 0 when they fit. Called
 * before any allocation that grows with the input. */
int mzc_check_bytes(const char *what, double need);

/* A trace sink writing step,op,cell,dir,size CSV to a FILE. */
int mzc_trace_csv(void *user, const mz_step *s);

/* Parse a generator spec and, when solver is not NULL, a solver spec,
 * printing the reason on failure (-1). algos (room for MZ_MAX_CHAIN + 1)
 * receives every stage's entry, the solver's last, for column and memory
 * estimates. */
int mzc_parse_recipe(const char *gen, const char *solver, mz_spec *spec, mz_stage *st,
                     const mz_algo **algos, size_t *nalgos);

/* Refuse (with a message) a cell-index parameter of st that is off a
 * grid of dims geo. 0 when every one is on it. */
int mzc_check_cells(const mz_stage *st, const mz_dims *geo);
/* A fixed-size generator (MZ_F_FIXED_SIZE, e.g. pacman) ignores the size
 * asked: replace *rows and *cols by the size it makes, learnt from one run
 * at 1x1 as the sweep does, so that a size it never uses is neither checked
 * against the machine's memory nor allocated. 0 for another generator, 1
 * when replaced, -1 after a message when that run failed. */
int mzc_fixed_size(const mz_spec *spec, uint64_t seed, uint64_t *rows, uint64_t *cols);

/* Peak resident memory of this process so far, in KiB (0 if unknown). */
uint64_t mzc_peak_rss_kb(void);
/* Monotonic clock in nanoseconds. */
uint64_t mzc_now_ns(void);

int cmd_list(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_scale(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_eller_stream(int argc, char **argv);
int cmd_scaling(int argc, char **argv);
int cmd_maze(int argc, char **argv);
int cmd_report(int argc, char **argv);

/* Maze files (cmd_maze.c): the format of a --save (fmt_text, or from the
 * extension of path: mz_file_format_from_path); -1 after one line naming
 * cmd. */
int mzc_save_format(const char *cmd, const char *path, const char *fmt_text, mz_file_format *f);
/* Write g in format fmt to f (the open --save file path); a page of
 * blocks takes the cells layout for a board of blocked cells that is one.
 * MZC_OK, or MZC_USAGE / MZC_FAIL after one line. */
int mzc_save_maze(const char *cmd, FILE *f, const char *path, mz_file_format fmt,
                  const mz_grid *g);
/* "the ascii format holds square cells only, not a hex maze (mzb holds
 * every shape)": why format f cannot hold a maze of shape s, from the
 * library's table of formats. */
void mzc_format_refusal(char *buf, size_t cap, mz_file_format f, mz_shape s);
/* The text of @{name} in a help text or a values list of an option table
 * (opts.c), made from a library table: "formats" (ascii, blocks, json or
 * mzb), "formats|" (ascii|blocks|json|mzb), "formats-shapes" (each format,
 * "(every shape)" after those that hold every shape), "format-exts" (.txt,
 * .blocks, .json or .mzb), "formats-by-ext" (.txt ascii, .blocks blocks,
 * ...). False for another name. */
bool mzc_text_var(const char *name, char *buf, size_t cap);
int cmd_vet(int argc, char **argv);
int cmd_verdict(int argc, char **argv);

#endif /* MZ_CLI_H */
