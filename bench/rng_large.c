/*
 * rng_large.c - large mazes under both random sources (docs/random.md,
 * "Large mazes"): for one generator and grid and two seeds, each source's
 * figures (draws and their share of mulberry32's cycle, dead-end share,
 * route, longest path, time), and for each source whether the two seeds'
 * mazes are independent:
 *  - overlap: the two seeds' stretches of the source's cycle, exactly: a
 *    seed is a start on the cycle, and seed B's draws are seed A's shifted
 *    by (B - A) / increment (mod the cycle); they share numbers when that
 *    shift is smaller than the draws taken;
 *  - agreement: the share of inner cells (the border left out: its walls
 *    are the same in every maze) whose walls are the same in both mazes,
 *    against the share two independent mazes would have (the sum over wall
 *    patterns of the product of their frequencies in each maze); its
 *    z-score is a t statistic over 100 bands of rows, each band's excess
 *    agreement one observation (neighbouring cells are not independent, so
 *    a binomial z would overstate it). A correlation between the mazes
 *    raises it; independent mazes give |z| below about 2.6 (99%).
 *
 *   mazebench_rng_large GEN ROWSxCOLS SEED_A SEED_B [mulberry32|splitmix64|both]
 *
 * One CSV row a source and seed, then one row a source for the pair. Not
 * part of the test suite: scripts/rng-large.sh runs it at the largest
 * sizes and writes results/rng/.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mazebench.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int die(const char *what, mz_status s)
{
    fprintf(stderr, "rng_large: %s: %s\n", what, mz_status_str(s));
    return 1;
}

/* The shift from seed a's start to seed b's, in draws, the shorter way
 * round the cycle. */
static double shift_draws(mz_rng_kind kind, uint64_t a, uint64_t b)
{
    /* seed b's start as a state of seed a's source: the draws between them */
    mz_rng r;
    mz_rng_init(&r, kind, a);
    r.a = (uint32_t)b;
    r.x = b;
    uint64_t j = mz_rng_draws(&r);
    uint64_t back = kind == MZ_RNG_MULBERRY32 ? (uint32_t)(0u - (uint32_t)j) : 0 - j;
    return (double)(j < back ? j : back);
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: mazebench_rng_large GEN ROWSxCOLS SEED_A SEED_B "
                        "[mulberry32|splitmix64|both]\n");
        return 2;
    }
    char err[256];
    mz_spec spec;
    if (mz_spec_parse(argv[1], &spec, err, sizeof err) != MZ_OK) {
        fprintf(stderr, "rng_large: %s\n", err);
        return 2;
    }
    mz_dims size;
    if (strchr(argv[2], ':') || mz_dims_parse(argv[2], &size) != MZ_OK) {
        fprintf(stderr, "rng_large: bad size '%s'\n", argv[2]);
        return 2;
    }
    const uint64_t rows = size.rows, cols = size.cols;
    uint64_t seed[2] = {strtoull(argv[3], NULL, 10), strtoull(argv[4], NULL, 10)};
    const char *which = argc > 5 ? argv[5] : "both";
    printf("record,gen,rows,cols,rng,seed,draws,cycle_share,dead_end_share,route,longest,gen_s,"
           "shift_draws,overlap,agreement,agreement_independent,agreement_z,status\n");
    for (unsigned kind = 0; kind < MZ_RNG_KIND_COUNT; kind++) {
        if (strcmp(which, "both") != 0 && strcmp(which, mz_rng_name((mz_rng_kind)kind)) != 0)
            continue;
        spec.rng = (mz_rng_kind)kind;
        mz_grid g[2];
        memset(g, 0, sizeof g);
        uint64_t draws[2];
        bool made[2] = {false, false};
        for (int s = 0; s < 2; s++) {
            if (kind == MZ_RNG_MULBERRY32 && seed[s] > UINT32_MAX)
                return die("seed", MZ_EINVAL);
            mz_extra x = {0};
            double t0 = now_s();
            mz_status st = mz_generate(&spec, seed[s], MZ_SQUARE(rows, cols), &g[s],
                                       MZ_GEN_OPTS(1, NULL, &x));
            double t = now_s() - t0;
            if (st == MZ_ESPENT) { /* a walk stopped at mulberry32's limit */
                printf("maze,%s,%" PRIu64 ",%" PRIu64 ",%s,%" PRIu64 ",,,,,,%.2f,,,,,,spent\n",
                       argv[1], rows, cols, mz_rng_name((mz_rng_kind)kind), seed[s], t);
                fflush(stdout);
                continue;
            }
            if (st != MZ_OK)
                return die("generate", st);
            made[s] = true;
            mz_maze_stats ms;
            if ((st = mz_maze_stats_compute(&g[s], 0, &ms)) != MZ_OK)
                return die("statistics", st);
            draws[s] = g[s].draws;
            printf("maze,%s,%" PRIu64 ",%" PRIu64 ",%s,%" PRIu64 ",%" PRIu64 ",%.4f,%.6f,%" PRId64
                   ",%" PRIu64 ",%.2f,,,,,,ok\n",
                   argv[1], rows, cols, mz_rng_name((mz_rng_kind)kind), seed[s], g[s].draws,
                   kind == MZ_RNG_MULBERRY32 ? (double)g[s].draws / 4294967296.0
                                             : (double)g[s].draws / 18446744073709551616.0,
                   (double)ms.degree[1] / (double)ms.cells, ms.route, ms.longest, t);
            fflush(stdout);
        }
        if (!made[0] || !made[1]) {
            mz_grid_free(&g[0]);
            mz_grid_free(&g[1]);
            continue;
        }
        /* Cell by cell, inner cells only: the wall patterns of the two
         * mazes, by bands of rows. */
        enum { BANDS = 100 };
        uint64_t same = 0, fa[16] = {0}, fb[16] = {0}, n = 0;
        uint64_t bsame[BANDS] = {0}, bn[BANDS] = {0};
        for (uint64_t r = 1; r + 1 < rows; r++) {
            unsigned band = (unsigned)((r - 1) * BANDS / (rows - 2));
            for (uint64_t c = 1; c + 1 < cols; c++) {
                uint64_t i = r * cols + c;
                unsigned a = g[0].c[i] & MZ_WALLS, b = g[1].c[i] & MZ_WALLS;
                same += a == b;
                bsame[band] += a == b;
                bn[band]++;
                fa[a]++;
                fb[b]++;
                n++;
            }
        }
        double p0 = 0;
        for (int k = 0; k < 16; k++)
            p0 += ((double)fa[k] / (double)(n ? n : 1)) * ((double)fb[k] / (double)(n ? n : 1));
        double obs = n ? (double)same / (double)n : 0;
        double sum = 0, sum2 = 0;
        unsigned nb = 0;
        for (unsigned b = 0; b < BANDS; b++)
            if (bn[b]) {
                double d = (double)bsame[b] / (double)bn[b] - p0;
                sum += d;
                sum2 += d * d;
                nb++;
            }
        double mean = nb ? sum / nb : 0;
        double var = nb > 1 ? (sum2 - nb * mean * mean) / (nb - 1) : 0;
        double z = var > 0 ? mean / sqrt(var / nb) : 0;
        double sh = shift_draws((mz_rng_kind)kind, seed[0], seed[1]);
        uint64_t most = draws[0] > draws[1] ? draws[0] : draws[1];
        printf("pair,%s,%" PRIu64 ",%" PRIu64 ",%s,%" PRIu64 "/%" PRIu64 ",,,,,,,%.0f,%s,%.6f,"
               "%.6f,%.2f,ok\n",
               argv[1], rows, cols, mz_rng_name((mz_rng_kind)kind), seed[0], seed[1], sh,
               sh < (double)most ? "yes" : "no", obs, p0, z);
        fflush(stdout);
        mz_grid_free(&g[0]);
        mz_grid_free(&g[1]);
    }
    return 0;
}
