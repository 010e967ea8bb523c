/* Outside programs (docs/outside.md): a maze generator or solver written in
 * any language, declared by the user in a programs file and run as a
 * process for each maze.
 *
 *   spawn.c   the runner: fork and exec with limits, outputs captured
 *   decl.c    the programs file: sections of key = value lines, command
 *             words and their placeholders
 *   gen.c     [generator NAME] sections as registry entries (MZ_GEN)
 *
 * Nothing here prints or exits: every function returns a status and, where
 * it says so, a one-line message. */
#ifndef MZ_OUTSIDE_H
#define MZ_OUTSIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mazebench.h"

/* ------------------------------------------------------------------ */
/* The runner                                                          */
/* ------------------------------------------------------------------ */

/* What became of a run; the names (mzx_status_name) are the values of the
 * outside_status column. The last three are given by the checks of what a
 * program printed, never by mzx_run. */
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

/* A one-line description of res's status for a message: "exited with code
 * 3", "killed by signal 11 (...)", "cannot start: No such file...", plus
 * the first line of its stderr when there is one. Writes at most cap bytes
 * (NUL included). */
void mzx_describe(const mzx_result *res, char *buf, size_t cap);

#endif
