/*
 * frames.h - the frames of an animation as one output, and the sink a
 * picture is written through (a file, stdout or a frame folder). A library
 * like the rest of src/out: nothing prints or exits; a call returns MZO_OK,
 * MZO_BAD (the request is wrong) or MZO_FAIL (the work failed) with a
 * one-line reason in err, or 0 / -1 with errno where it says so.
 *
 * A frame folder is committed whole. The frames of an animation are one
 * output: the folder FILE without its .png, holding NAME-00000.png,
 * NAME-00001.png, ... (NAME its last component). They are written into a
 * hidden folder beside it, ".NAME.frames-XXXXXX", and only when every
 * frame is written and synced is that folder renamed into place: a new
 * name by rename (never over anything), an existing frame folder (force)
 * swapped with it in one step (Linux renameat2 RENAME_EXCHANGE), the old
 * frames then removed. So after any end of the process, SIGKILL included,
 * the folder holds the whole old set or the whole new one. SIGINT, SIGTERM
 * and the other fatal signals remove the hidden folder (a hook added with
 * mzo_out_cleanup_add when it is made); one that SIGKILL left (its owner's
 * lock gone) is removed by the next write of the same name.
 */
#ifndef MZ_OUT_FRAMES_H
#define MZ_OUT_FRAMES_H

#include "out.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mzo_frames {
    char dir[4096];    /* the target folder */
    char base[1024];   /* its last component: the frames' stem */
    char parent[4096]; /* the folder it lives in */
    char tmp[5200];    /* the hidden folder being written, "" when none */
    int lockfd;        /* the hidden folder, open and flock'ed */
    FILE *f;           /* the frame being written */
    uint64_t part;
    bool exists;       /* dir existed when checked */
} mzo_frames;

/* Where the frames of out go (out without its .png). MZO_BAD for a name
 * that gives no folder. */
int mzo_frames_name(mzo_frames *fs, const char *out, char *err, size_t errlen);
/* Before any work: may the frames go to fs->dir? An existing folder is
 * replaced only with force, and only when it holds frames of its stem and
 * nothing else. */
int mzo_frames_check(mzo_frames *fs, bool force, char *err, size_t errlen);
/* Make the hidden folder and lock it (hidden folders SIGKILL left are
 * removed first). */
int mzo_frames_open(mzo_frames *fs, char *err, size_t errlen);
/* Open frame part in the hidden folder (the one before it closed and
 * synced); name gets the frame's final name, for messages. 0, or -1 with
 * errno. */
int mzo_frames_frame(mzo_frames *fs, uint64_t part, char *name, size_t namelen);
/* Put the finished frames in place. 0, or -1 with errno (the hidden
 * folder removed, the old frames kept). */
int mzo_frames_commit(mzo_frames *fs, bool force);
/* Drop the hidden folder and everything in it. */
void mzo_frames_abort(mzo_frames *fs);

/* Where a picture goes: one file (an mzo_out: a temporary file beside its
 * name, renamed into place at the end), stdout, or the frames of a
 * sequence (an mzo_frames, committed whole). A failure or a signal leaves
 * what was there. */
typedef struct mzo_sink {
    const char *path; /* NULL: stdout */
    mzo_frames *fs;   /* a PNG sequence: one file a part */
    FILE *f;          /* the file being written */
    bool started;
    bool failed;
    int err;          /* errno of the failure, 0 when unknown */
    char name[4096];  /* the file being written, for messages */
    mzo_out out;
} mzo_sink;

/* Before any work: the sink for out (NULL: stdout). With frames, the
 * frame folder fs is named, checked and opened; otherwise an out that is
 * a folder, or exists without force, is refused (MZO_BAD) and one whose
 * folder is missing fails (MZO_FAIL). */
int mzo_sink_prepare(mzo_sink *w, mzo_frames *fs, const char *out, bool frames, bool force,
                     char *err, size_t errlen);
/* The picture writers' callback (user: an mzo_sink): part is the frame of
 * a sequence, data its next bytes. Non-zero once the sink failed (w->err
 * the errno, w->name the file). */
int mzo_sink_write(void *user, uint64_t part, const unsigned char *data, size_t len);
/* Commit the output when ok (the picture is whole), otherwise drop it.
 * Non-zero when it could not be written. */
int mzo_sink_close(mzo_sink *w, bool ok, bool force);

#ifdef __cplusplus
}
#endif

#endif /* MZ_OUT_FRAMES_H */
