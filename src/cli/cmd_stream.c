/*
 * cmd_stream.c - `mazebench eller-stream`: Eller's maze made one row at a
 * time (mz_eller_stream), for heights no grid could hold, reporting its
 * figures and optionally writing the rows out as they are made.
 */
#include "cli.h"
#include "opts.h"
#include "sweep.h"
#include "util/util.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* RxC or N, each part a plain decimal number >= 1. */
static int parse_stream_size(const char *text, uint64_t *rows, uint64_t *cols)
{
    const char *p = text;
    uint64_t r, c;
    if (mzu_scan_u64(&p, 1, UINT64_MAX, 0, &r) != MZU_INT_OK)
        goto bad;
    if (*p == 'x') {
        if (mzu_parse_u64(p + 1, 1, UINT64_MAX, 0, &c) != MZU_INT_OK)
            goto bad;
    } else if (*p == '\0') {
        c = r;
    } else {
        goto bad;
    }
    if (c > (UINT64_C(1) << 32) || r > UINT64_MAX / c) {
        mzc_error("size '%s' is too big (columns up to 2^32, cells below 2^64)", text);
        return -1;
    }
    *rows = r;
    *cols = c;
    return 0;
bad:
    mzc_error("bad size '%s' (expected RxC or N, e.g. 100000x100000)", text);
    return -1;
}

/* Each finished row: written out when --out is given, and a progress line
 * on stderr every 10 s (a 10^10-cell maze takes minutes). */
typedef struct stream_sink {
    FILE *f;
    uint64_t rows, next_ns, t0;
    int err; /* errno of a failed write */
} stream_sink;

static int write_row(void *user, uint64_t row, const uint8_t *cells, uint64_t cols)
{
    stream_sink *k = user;
    if (k->f && fwrite(cells, 1, (size_t)cols, k->f) != (size_t)cols) {
        k->err = errno;
        return -1;
    }
    if ((row & 255) == 0) {
        uint64_t now = mzc_now_ns();
        if (now >= k->next_ns) {
            if (k->next_ns)
                fprintf(stderr, "mazebench: eller-stream: row %llu of %llu (%.0f%%), %.0f s\n",
                        (unsigned long long)row, (unsigned long long)k->rows,
                        100.0 * (double)row / (double)k->rows, (double)(now - k->t0) / 1e9);
            k->next_ns = now + UINT64_C(10000000000);
        }
    }
    return 0;
}

int cmd_eller_stream(int argc, char **argv)
{
    const char *size = NULL, *out = NULL;
    uint64_t seed = 0;
    mz_rng_kind want = MZ_RNG_AUTO;
    bool have_seed = false, json = false, force = false;
    mzc_args a;
    mzc_args_init(&a, &mzc_cmd_eller_stream, argc, argv);
    for (int id; (id = mzc_args_next(&a)) != MZC_ARGS_END;) {
        const char *v = a.value;
        if (id == MZC_ARGS_HELP)
            return MZC_OK;
        if (id == MZC_ARGS_ERROR)
            return MZC_USAGE;
        if (id == MZC_ARGS_UNKNOWN) {
            mzc_error("unknown option '%s' (see 'mazebench eller-stream --help')", v);
            return MZC_USAGE;
        }
        if (id == MZC_ARGS_OPERAND) {
            mzc_error("unexpected argument '%s'", v);
            return MZC_USAGE;
        }
        const char *name = a.cmd->opts[id].name;
        if (strcmp(name, "--seed") == 0) {
            if (mzc_parse_seed(v, &seed) != 0)
                return MZC_USAGE;
            have_seed = true;
        } else if (strcmp(name, "--rng") == 0) {
            if (mzc_parse_rng("eller-stream", v, &want) != 0)
                return MZC_USAGE;
        } else if (strcmp(name, "--size") == 0) {
            size = v;
        } else if (strcmp(name, "--force") == 0) {
            force = true;
        } else if (strcmp(name, "--out") == 0) {
            out = v;
        } else if (strcmp(name, "--format") == 0) {
            if (strcmp(v, "csv") == 0)
                json = false;
            else if (strcmp(v, "json") == 0)
                json = true;
            else {
                mzc_error("unknown format '%s' (valid: csv, json)", v);
                return MZC_USAGE;
            }
        } else {
            mzc_error("eller-stream: option '%s' is not handled", name);
            return MZC_USAGE;
        }
    }
    if (!size) {
        mzc_error("eller-stream: missing --size RxC");
        return MZC_USAGE;
    }
    if (!have_seed) {
        mzc_error("eller-stream: missing --seed N");
        return MZC_USAGE;
    }
    uint64_t rows, cols;
    if (parse_stream_size(size, &rows, &cols) != 0)
        return MZC_USAGE;
    /* Two rows of cells and two link arrays: 10 bytes a column; the
     * compressed tree of the rows (src/core/rowtree.c) 13 bytes a column for
     * the front, and pools grown by half of at most a node and two edges a
     * column, 36 bytes each with its renumbering map. */
    char what[96];
    snprintf(what, sizeof what, "a row of %llu columns", (unsigned long long)cols);
    if (mzc_check_bytes(what, (23.0 + 1.5 * 3 * 36) * (double)cols) != 0)
        return MZC_FAIL;
    if (cols >= (UINT64_C(1) << 31)) {
        mzc_error("eller-stream: size '%s' is too big (columns below 2^31)", size);
        return MZC_USAGE;
    }
    /* Its random source, as 'gen eller' would choose it. */
    mz_spec spec;
    char err[256], rng_note[512];
    if (mz_spec_parse("eller", &spec, err, sizeof err) != MZ_OK) {
        mzc_error("eller-stream: %s", err);
        return MZC_FAIL;
    }
    mz_dims geo = *MZ_SQUARE(rows, cols);
    if (mzc_resolve_rng_note("eller-stream", want, &spec, &geo, seed, rng_note,
                             sizeof rng_note) != 0)
        return MZC_USAGE;
    /* The rows file is written beside FILE and renamed at the end, after
     * the figures reached stdout (mzc_outs); an existing one is kept
     * unless --force. */
    mzc_outs outs;
    mzc_outs_init(&outs, "eller-stream");
    FILE *of = NULL;
    if (out) {
        int orc = MZC_OK;
        if (!(of = mzc_outs_open(&outs, "--out", out, force, &orc)))
            return orc;
    }
    fputs(rng_note, stderr);
    mz_stream_stats st;
    uint64_t t0 = mzc_now_ns();
    stream_sink sink = {of, rows, 0, t0, 0};
    mz_status s = mz_eller_stream(rows, cols, spec.rng, seed, write_row, &sink, NULL, &st);
    uint64_t ns = mzc_now_ns() - t0;
    if (s != MZ_OK) {
        mzc_outs_abort(&outs);
        if (s == MZ_EIO && out)
            mzc_error("eller-stream: cannot write '%s': %s (nothing written)", out,
                      strerror(sink.err ? sink.err : EIO));
        else
            mzc_error("eller-stream failed: %s", mz_status_str(s));
        return MZC_FAIL;
    }
    const double n = (double)st.cells;
    const uint64_t rss = mzc_peak_rss_kb();
    if (json) {
        printf("{\"gen\": \"eller\", \"seed\": %" PRIu64 ", \"rng\": \"%s\", \"rows\": %" PRIu64
               ", \"cols\": %" PRIu64
               ", \"cells\": %" PRIu64 ", \"passages\": %" PRIu64 ", \"dead_ends\": %" PRIu64
               ", \"dead_end_share\": %.6f, \"deg1_share\": %.6f, \"deg2_share\": %.6f"
               ", \"deg3_share\": %.6f, \"deg4_share\": %.6f, \"digest\": \"%016" PRIx64
               "\", \"draws\": %" PRIu64 ", \"route\": %" PRId64 ", \"longest\": %" PRIu64
               ", \"tree_nodes\": %" PRIu64 ", \"seconds\": %.3f, \"peak_rss_kb\": %" PRIu64 "}\n",
               seed, mz_rng_name(spec.rng), st.rows, st.cols, st.cells, st.passages,
               st.dead_ends, (double)st.dead_ends / n, (double)st.degree[1] / n,
               (double)st.degree[2] / n, (double)st.degree[3] / n, (double)st.degree[4] / n,
               st.digest, st.draws, st.route, st.longest, st.tree_nodes, (double)ns / 1e9, rss);
    } else {
        printf("gen,seed,rng,rows,cols,cells,passages,dead_ends,dead_end_share,deg1_share,"
               "deg2_share,deg3_share,deg4_share,digest,draws,route,longest,tree_nodes,seconds,"
               "peak_rss_kb\n");
        printf("eller,%" PRIu64 ",%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
               ",%.6f,%.6f,%.6f,%.6f,%.6f,%016" PRIx64 ",%" PRIu64 ",%" PRId64 ",%" PRIu64
               ",%" PRIu64 ",%.3f,%" PRIu64 "\n",
               seed, mz_rng_name(spec.rng), st.rows, st.cols, st.cells, st.passages,
               st.dead_ends, (double)st.dead_ends / n, (double)st.degree[1] / n,
               (double)st.degree[2] / n, (double)st.degree[3] / n, (double)st.degree[4] / n,
               st.digest, st.draws, st.route, st.longest, st.tree_nodes, (double)ns / 1e9, rss);
    }
    return mzc_outs_finish(&outs, MZC_OK);
}
