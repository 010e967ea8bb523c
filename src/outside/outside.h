/* Outside programs (docs/outside.md): a maze generator or solver written in
 * any language, declared by the user in a programs file and run as a
 * process for each maze.
 *
 *   spawn.c   the runner: fork and exec with limits, outputs captured
 *   decl.c    the programs file: sections of key = value lines, command
 *             words and their placeholders
 *   gen.c     [generator NAME] sections as registry entries (MZ_GEN)
 *   rundir.c  run folders, the reader of what a program wrote, and the
 *             janitor that cleans up after mazebench however it ends
 *
 * Nothing here prints or exits: every function returns a status and, where
 * it says so, a one-line message. */
#ifndef MZ_OUTSIDE_H
#define MZ_OUTSIDE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "mazebench.h"

/* ------------------------------------------------------------------ */
/* The runner                                                          */
/* ------------------------------------------------------------------ */

/* What became of a run; the names (mzx_status_name) are the values of the
 * outside_status column. The last three are given by the checks of what a
 * program printed, never by mzx_run. New values go before MZX_STATUS_COUNT. */
typedef enum mzx_status {
    MZX_OK = 0,           /* "ok": exited 0 (and, for a maze, passed the checks) */
    MZX_EXIT,             /* "exit": exited with a non-zero code */
    MZX_SIGNAL,           /* "signal": killed by a signal (a crash) */
    MZX_TIMEOUT,          /* "timeout": past the wall-clock or the CPU limit */
    MZX_OUTPUT_LIMIT,     /* "output-limit": more output than the limit */
    MZX_CANNOT_START,     /* "cannot-start": not found, not executable, no fork */
    MZX_BAD_OUTPUT,       /* "bad-output": the output does not read as a maze */
    MZX_WRONG_SIZE,       /* "wrong-size": a maze of another size or shape */
    MZX_NOT_REPRODUCIBLE, /* "not-reproducible": the same seed gave another maze */
    MZX_NOT_PERFECT,      /* "not-perfect": claimed perfect, has a loop or is cut */
    MZX_STATUS_COUNT
} mzx_status;

/* The status's name ("ok", "exit", ...); "?" out of range. Cannot fail. */
const char *mzx_status_name(mzx_status s);

/* Limits of one run. 0 in a field: no limit of that kind. */
typedef struct mzx_limits {
    double time_s;      /* wall clock, from fork; the whole process group is
                         * killed past it */
    uint64_t cpu_s;     /* RLIMIT_CPU */
    uint64_t mem_bytes; /* RLIMIT_AS: address space */
    uint64_t out_bytes; /* stdout kept (past it: killed, "output-limit"), and
                         * RLIMIT_FSIZE: the largest file it may write */
    uint64_t err_bytes; /* stderr kept (the rest is read and dropped) */
} mzx_limits;

#define MZX_DEFAULT_TIME_S 60.0
#define MZX_DEFAULT_CPU_S 60u
#define MZX_DEFAULT_MEM_BYTES (UINT64_C(4) << 30)   /* 4 GiB */
#define MZX_DEFAULT_OUT_BYTES (UINT64_C(256) << 20) /* 256 MiB */
#define MZX_DEFAULT_ERR_BYTES (UINT64_C(64) << 10)  /* 64 KiB */

/* The defaults above. Cannot fail. */
void mzx_limits_default(mzx_limits *lim);

typedef struct mzx_result {
    mzx_status status;
    int exit_code;     /* its exit code when it exited, else -1 */
    int signal;        /* the signal that ended it, else 0 */
    int err;           /* MZX_CANNOT_START: the errno of what failed */
    uint64_t wall_ns;  /* monotonic wall time, fork to reap */
    /* What the kernel counted for the reaped process (wait4), when usage:
     * its CPU time (user + system) and its peak resident memory. Both
     * include those of its own children that it waited for (a shell's
     * commands, say); a child it left running and that was killed with
     * its group is not counted. */
    bool usage;
    uint64_t child_cpu_ns;
    uint64_t child_maxrss_kb;
    char *out;         /* stdout, NUL-terminated (never NULL after mzx_run) */
    size_t out_len;
    char *errtext;     /* stderr as kept, NUL-terminated (never NULL) */
    size_t err_len;
    bool err_cut;      /* stderr was longer than err_bytes */
} mzx_result;

/* Run argv[0] (found on PATH when it has no '/') with arguments argv
 * (NULL-terminated), directly: no shell. The child gets its own process
 * group and the limits as rlimits (cpu, memory, file size; no core files);
 * stdin is the file stdin_path, or /dev/null when NULL; stdout and stderr
 * are captured. Past the wall-clock limit the group is killed; when the
 * program ends, its group is killed too, so nothing it started is left
 * running. No file descriptor of the caller reaches the program but the
 * three standard ones. Safe to call from several threads at once.
 *
 * Returns res->status; res is always filled and must be released with
 * mzx_result_free. */
mzx_status mzx_run(const mzx_limits *lim, char *const argv[], const char *stdin_path,
                   mzx_result *res);
void mzx_result_free(mzx_result *res);

/* The program's own time in ns: the number N of the last line
 * "mazebench-own-ns: N" in its stderr; -1 without one. Cannot fail. */
int64_t mzx_own_ns(const mzx_result *res);

/* Tell line through the note function (mzx_set_note); nothing without
 * one. */
void mzx_note(const char *line);

/* The note that a run which succeeded was shorter than the program's
 * start-up, told once an entry (*noted under mu): KIND "generator" or
 * "solver", WHAT the thing to make larger ("grid", "maze"). Nothing when
 * startup_ns is negative (not measured) or not longer. */
void mzx_note_startup(pthread_mutex_t *mu, bool *noted, const char *kind, const char *name,
                      const char *what, int64_t startup_ns, int64_t process_ns);

/* Kill the process group of every run under way (SIGKILL) and have the
 * janitor remove every run folder now (waiting for it at most 5 s). For a
 * signal handler that ends the process: async-signal-safe. */
void mzx_kill_all(void);

/* ---- run folders (rundir.c) ---- */

/* A run's private folder: $TMPDIR/PREFIX-XXXXXX (or /tmp), mode 700, an
 * absolute path, opened when made (fd); what a program wrote in it is read
 * through fd, by name (mzx_read_file). */
typedef struct mzx_rundir {
    char path[4096];
    int fd; /* -1: none */
} mzx_rundir;

/* Make d and tell the janitor of it (mzx_janitor_start first): 0, or -1
 * with errno (d->fd -1, nothing made). */
int mzx_rundir_make(mzx_rundir *d, const char *prefix);
/* "PATH/name" into buf (cap bytes): 0, or -1 (ENAMETOOLONG). */
int mzx_rundir_file(const mzx_rundir *d, const char *name, char *buf, size_t cap);
/* Remove d and everything in it (mzx_remove_tree), tell the janitor, and
 * leave d empty (path "", fd -1). No-op on an empty d. */
void mzx_rundir_remove(mzx_rundir *d);

/* Remove path and everything under it, at any depth, without recursion:
 * links are removed, never followed (path itself included); folders a
 * program made unreadable or unwritable are made rwx for their owner
 * first. 0, or -1 when something was left. Async-signal-safe on Linux. */
int mzx_remove_tree(const char *path);

/* The one reader of a file a program wrote (a generator's {out}, a
 * solver's {out}): the entry name of folder d, opened without following a
 * link and without blocking (O_NOFOLLOW | O_NONBLOCK), read only when it
 * is a regular file, at most cap bytes (0: no cap; it is read as large as
 * it is when opened). MZX_OK with *text (malloc, NUL-terminated, *len
 * bytes); MZX_OUTPUT_LIMIT when it has cap bytes or more (cap is the file
 * size limit of the run too: such a file was cut); MZX_BAD_OUTPUT when it is
 * missing, a FIFO, a socket, a device, a folder or a link, or does not
 * read; MZX_CANNOT_START with errno ENOMEM. why gets one line naming label
 * ("{out} is a FIFO, not a regular file"). Never blocks on what a program
 * left there. */
mzx_status mzx_read_file(const mzx_rundir *d, const char *name, const char *label, uint64_t cap,
                         char **text, size_t *len, char *why, size_t whycap);

/* ---- the janitor (rundir.c) ---- */

/* Start the janitor, once a process (later calls return the first one's
 * status): a process of its own session, without terminal or descriptor
 * of the caller's but one socket, that outlives mazebench by a moment
 * whatever ends it (SIGKILL too): then it kills every process group of a
 * run still under way and removes every run folder still there. Called by
 * mzx_load and, lazily, by mzx_run and mzx_rundir_make. MZ_EIO when it
 * cannot start (the runs go on without it). Nothing is printed. */
mz_status mzx_janitor_start(void);
/* Tell the janitor that process group pgid started or ended (before it is
 * reaped). Async-signal-safe (the runner's child calls it). */
void mzx_janitor_group(pid_t pgid, bool started);
/* Have the janitor kill the groups and remove the folders it knows of now,
 * and wait for it (at most 5 s). Async-signal-safe. */
void mzx_janitor_clean_now(void);

/* A one-line description of res's status for a message: "exited with code
 * 3", "killed by signal 11 (...)", "cannot start: No such file...", plus
 * the first line of its stderr when there is one. Writes at most cap bytes
 * (NUL included). */
void mzx_describe(const mzx_result *res, char *buf, size_t cap);

/* ------------------------------------------------------------------ */
/* The programs file                                                   */
/* ------------------------------------------------------------------ */

/* A programs file (docs/outside.md) is sections "[KIND NAME]" of
 * "key = value" lines; '#' starts a comment (at a line's start, or after a
 * blank outside quotes). The parser knows no kinds and no keys: it checks
 * the syntax (names of letters, digits and '-'; a key once a section) and
 * hands each section to the handler of its kind (mzx_load), which checks
 * its keys (mzx_section_keys) and makes its entry. */
typedef struct mzx_kv {
    char *key, *value;
    unsigned line;
} mzx_kv;

typedef struct mzx_section {
    char *kind;   /* "generator", "solver", ... */
    char *name;
    unsigned line; /* of its "[KIND NAME]" line */
    mzx_kv *kv;
    size_t nkv;
} mzx_section;

typedef struct mzx_file {
    char *path; /* as given: the messages' FILE */
    char *dir;  /* its directory: the {dir} placeholder (absolute) */
    mzx_section *sec;
    size_t nsec;
} mzx_file;

/* Messages of this part are one line "FILE:LINE: what" (or "FILE: what"),
 * written into msg (cap bytes, NUL included). */

/* Read and parse the programs file at path. MZ_EIO when it cannot be read,
 * MZ_EFORMAT for a syntax error, MZ_ENOMEM; msg says which. */
mz_status mzx_file_read(const char *path, mzx_file *f, char *msg, size_t cap);
/* Parse text[0..len) as the file path in directory dir. */
mz_status mzx_file_parse(const char *path, const char *dir, const char *text, size_t len,
                         mzx_file *f, char *msg, size_t cap);
void mzx_file_free(mzx_file *f);

/* The value of key in s, or NULL; *line gets its line when line is not NULL. */
const char *mzx_section_get(const mzx_section *s, const char *key, unsigned *line);
/* MZ_EFORMAT (msg naming the key and listing the known ones) when s has a
 * key not in known (NULL-terminated). */
mz_status mzx_section_keys(const mzx_file *f, const mzx_section *s, const char *const *known,
                           char *msg, size_t cap);
/* A yes/no value of s (yes, no, true, false, 1, 0) into *v, left alone
 * when the key is absent; MZ_EFORMAT otherwise. */
mz_status mzx_section_bool(const mzx_file *f, const mzx_section *s, const char *key, bool *v,
                           char *msg, size_t cap);
/* The key shapes of s: shape names (mz_shape_parse: square and ortho are
 * square cells) separated by blanks or commas, or all, into *bits as
 * MZ_SHAPE_BIT bits of the shapes beyond square cells (mz_algo.shapes);
 * *bits is 0 and *line 0 when the key is absent, else *line is its line.
 * MZ_EFORMAT for an unknown name or a value that names none. */
mz_status mzx_section_shapes(const mzx_file *f, const mzx_section *s, unsigned *bits,
                             unsigned *line, char *msg, size_t cap);
/* The keys time-limit (seconds, may have a fraction), cpu-limit (seconds),
 * memory-limit and output-limit (MiB) of s over lim (which the caller set,
 * e.g. to the defaults); "none" for any of them: no limit (0). MZ_EFORMAT
 * for a bad value. */
mz_status mzx_section_limits(const mzx_file *f, const mzx_section *s, mzx_limits *lim,
                             char *msg, size_t cap);

/* ---- commands ---- */

/* A command: its words as written, quotes removed, placeholders "{name}"
 * still in them ("{{" stands for a '{'). NULL-terminated. */
typedef struct mzx_command {
    char **words;
    size_t n;
} mzx_command;

/* Split text into words: blanks separate them; '...' quotes literally,
 * "..." quotes with \" and \\ escapes; pieces next to each other join.
 * No shell, globbing or variables. Then check every placeholder is one of
 * allowed (NULL-terminated names). MZ_EFORMAT with msg (prefixed
 * "FILE:LINE: ") for an unclosed quote, an empty command or an unknown
 * placeholder. */
mz_status mzx_command_parse(const mzx_file *f, unsigned line, const char *text,
                            const char *const *allowed, mzx_command *c, char *msg, size_t cap);
void mzx_command_free(mzx_command *c);
/* Whether a word of c holds placeholder name. */
bool mzx_command_uses(const mzx_command *c, const char *name);
/* Whether the program argv0 (a path or a name) is a POSIX-like shell (sh,
 * bash, dash, zsh, ksh, ...), by its last path component. Cannot fail. */
bool mzx_is_shell(const char *argv0);

/* One placeholder's value. */
typedef struct mzx_subst {
    const char *name, *value;
} mzx_subst;

/* c with the placeholders replaced: a NULL-terminated argv, malloc'd (free
 * it with mzx_argv_free), or NULL when memory runs out. A placeholder
 * without a value in subs becomes the empty string. */
char **mzx_command_expand(const mzx_command *c, const mzx_subst *subs, size_t nsubs);
void mzx_argv_free(char **argv);

/* ---- loading ---- */

/* What a kind's handler does with one section: check it, make its entry
 * and register it (mz_registry_add). The file stays alive until
 * mzx_unload, so a handler may keep pointers into it. */
typedef mz_status (*mzx_section_fn)(const mzx_file *f, const mzx_section *s, char *msg,
                                    size_t cap);

/* Read the programs file at path and hand every section to its kind's
 * handler (the table in load.c: generator in gen.c, solver in solve.c).
 * The whole file parses before any handler runs; nothing is started.
 * MZ_EFORMAT (bad file, unknown kind, a handler's refusal), MZ_EIO,
 * MZ_ENOMEM, with msg. */
mz_status mzx_load(const char *path, char *msg, size_t cap);
/* Forget every loaded file and entry (mz_registry_drop_added included). */
void mzx_unload(void);
/* The paths of the programs files loaded, as given to mzx_load, in order,
 * NULL-terminated; *n gets their count when n is not NULL. For a command
 * that records or repeats its command line (--programs FILE each). */
const char *const *mzx_loaded_files(size_t *n);
/* For a handler: free_fn(p) at mzx_unload (the entry it made). MZ_ENOMEM
 * when it cannot be noted (then nothing is freed later: free p yourself). */
mz_status mzx_keep(void *p, void (*free_fn)(void *));

/* The handlers. */
mz_status mzx_gen_section(const mzx_file *f, const mzx_section *s, char *msg, size_t cap);

/* ---- outside generators (gen.c) ---- */

/* The extra columns of every outside entry, NULL-terminated: outside_status,
 * process_ns, startup_ns, own_ns, inconsistent_walls. */
extern const char *const mzx_columns[];

/* Where notes go (the start-up line of each entry): fn(user, line), a line
 * without a newline. NULL: nowhere. Set before runs start. */
void mzx_set_note(void (*fn)(void *user, const char *line), void *user);
/* Whether a failure is a note too (on by default): the first failure of
 * each status of each entry, "outside generator NAME (seed S, grid G):
 * STATUS: what" (mzx_last_error's text). Off for a caller that prints each
 * failure itself. */
void mzx_set_fail_notes(bool on);

/* Whether a is an outside generator's entry. */
bool mzx_is_outside(const mz_algo *a);
/* Where g, a maze with the figures m that should be perfect, is not: its
 * loops and parts, the first cell the entrance does not reach and the
 * first passage (in cell order) that closes a loop, each named by row and
 * column, as one line into buf. Cannot fail (without memory: the counts). */
void mzx_maze_fault(const mz_grid *g, const mz_metrics *m, char *buf, size_t cap);
/* Measure a's start-up cost now (see docs/outside.md) when it was not
 * measured yet in this process, on the smallest grid of shape (the run of
 * an entry does it on its first use, otherwise). No-op for another entry.
 * Safe from several threads. */
void mzx_warm(const mz_algo *a, mz_shape shape);
/* The key claims = NAME of a's section (the built-in generator whose
 * statistics it says it matches: `mazebench verdict`), or NULL. */
const char *mzx_gen_claims(const mz_algo *a);
/* The last outside failure on this thread, one line ("" when none). */
const char *mzx_last_error(void);

#endif
