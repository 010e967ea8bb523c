/*
 * planfile.c - a sweep command's plan (planfile.h): its plan file or the
 * default plan, the options over it, and the dry run's text.
 */
#define _POSIX_C_SOURCE 200809L
#include "planfile.h"

#include "outside/outside.h"
#include "outside/solver.h"
#include "util/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Read a plan file whole; NULL (the reason in err) when it cannot be. */
static char *read_plan(const char *path, size_t *len, char *err, size_t errlen)
{
    bool in = strcmp(path, "-") == 0;
    FILE *f = in ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot read plan '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "plan '%s' is a directory, not a plan file", path);
        if (!in)
            fclose(f);
        return NULL;
    }
    mzu_vec text = MZU_VEC_INIT(char, NULL);
    char *buf = mzu_vec_reserve(&text, 4096) == MZ_OK ? text.data : NULL;
    while (buf) {
        text.len += fread(buf + text.len, 1, text.cap - text.len, f);
        if (text.len < text.cap)
            break;
        if (text.len > ((size_t)64 << 20)) {
            snprintf(err, errlen, "plan '%s' is larger than 64 MiB: not a plan", path);
            buf = NULL;
        } else if (mzu_vec_grow(&text) != MZ_OK) {
            snprintf(err, errlen, "out of memory");
            buf = NULL;
        } else {
            buf = text.data;
        }
    }
    if (buf && ferror(f)) {
        snprintf(err, errlen, "cannot read plan '%s': %s", path, strerror(errno));
        buf = NULL;
    }
    if (!in)
        fclose(f);
    *len = text.len;
    if (!buf) {
        mzu_vec_free(&text);
        return NULL;
    }
    return mzu_vec_take(&text, NULL);
}

int sw_plan_build(sw_plan *p, const sw_plan_args *o, char *err, size_t errlen)
{
    int rc = SW_OK;
    if (o->plan_path) {
        size_t len;
        char *text = read_plan(o->plan_path, &len, err, errlen);
        if (!text)
            return SW_BAD;
        rc = sw_plan_parse_text(p, text, len, o->plan_path, err, errlen);
        free(text);
    } else {
        rc = sw_plan_parse_text(p, sw_default_plan, strlen(sw_default_plan), "default plan", err,
                                errlen);
    }
    if (rc == SW_OK && o->gens)
        rc = sw_plan_set_gens(p, o->gens, err, errlen);
    if (rc == SW_OK && o->solvers)
        rc = sw_plan_set_solvers(p, o->solvers, err, errlen);
    if (rc == SW_OK && o->seeds)
        rc = sw_plan_set_seeds(p, o->seeds, err, errlen);
    if (rc == SW_OK && o->sizes)
        rc = sw_plan_set_sizes(p, o->sizes, err, errlen);
    if (rc == SW_OK && o->reps)
        rc = sw_plan_set_reps(p, o->reps, err, errlen);
    if (rc == SW_OK && o->rng)
        rc = sw_plan_set_rng(p, o->rng, err, errlen);
    if (o->skip_unsupported)
        p->skip_unsupported = true;
    if (rc == SW_OK)
        rc = sw_plan_finish(p, err, errlen);
    return rc;
}


/* A duration for a person: 2.50 s, 40 s, 1.5 h. */
static void duration(char *buf, size_t len, double secs)
{
    if (secs < 10)
        snprintf(buf, len, "%.2f s", secs);
    else if (secs < 3600)
        snprintf(buf, len, "%.0f s", secs);
    else
        snprintf(buf, len, "%.1f h", secs / 3600);
}

int sw_plan_dry_run(FILE *f, const sw_plan *p, unsigned shard, unsigned nshard, unsigned jobs,
                    char *err, size_t errlen)
{
    uint64_t bytes;
    double secs;
    if (sw_plan_estimate(p, &bytes, &secs, err, errlen) != SW_OK)
        return SW_FAIL;
    uint64_t mine = sw_shard_tasks(p, shard, nshard);
    sw_plan_write(f, p, "");
    fprintf(f, "# tasks: %llu (%llu rows)", (unsigned long long)p->ntask,
           (unsigned long long)p->ntask * p->per_task);
    if (nshard > 1)
        fprintf(f, ", shard %u/%u runs %llu", shard, nshard, (unsigned long long)mine);
    double share = p->ntask ? secs * (double)mine / (double)p->ntask : 0;
    char one[32], all[32];
    duration(one, sizeof one, share);
    duration(all, sizeof all, share / jobs);
    fprintf(f, "\n# estimate: about %s of work, %s with --jobs %u; the largest maze needs about "
           "%.1f MiB a job (scaled from one maze of each generator, up to 256x256)",
           one, all, jobs, (double)bytes / 1048576.0);
    bool outside = false;
    for (size_t g = 0; g < p->ngen; g++)
        for (unsigned k = 0; k < p->gspec[g].n; k++)
            outside = outside || mzx_is_outside(p->gspec[g].stage[k].algo);
    for (size_t j = 0; j < p->nsolv; j++)
        outside = outside || mzx_is_outside_solver(p->sstage[j].algo);
    if (outside)
        fprintf(f, ", outside programs not run (their time is not in it)");
    if (jobs > 1)
        fprintf(f, ", the %u jobs at once about %.1f MiB (the %u largest mazes, each in its "
               "worker's pool)", jobs, (double)sw_plan_jobs_bytes(p, jobs) / 1048576.0,
               jobs);
    fprintf(f, "\n");
    return SW_OK;
}

