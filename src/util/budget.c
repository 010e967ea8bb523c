/*
 * budget.c - the memory budget (util.h): one policy for every check of a
 * piece of work's memory (a sweep plan's mazes, a command's grid, a file
 * read whole).
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

/* Address space this process may still take under 'ulimit -v'
 * (RLIMIT_AS less what it maps now), UINT64_MAX without a limit. */
static uint64_t address_space_left(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return UINT64_MAX;
    uint64_t used = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        unsigned long long pages;
        long page = sysconf(_SC_PAGESIZE);
        if (fscanf(f, "%llu", &pages) == 1 && page > 0)
            used = (uint64_t)pages * (uint64_t)page;
        fclose(f);
    }
    return (uint64_t)rl.rlim_cur > used ? (uint64_t)rl.rlim_cur - used : 0;
}

void mzu_mem_budget(mzu_budget *b)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    b->machine = pages <= 0 || page <= 0 ? UINT64_MAX : (uint64_t)pages * (uint64_t)page;
    b->as_left = address_space_left();
    double room = (double)b->machine * 0.9;
    b->bytes = (double)b->as_left < room ? (double)b->as_left : room;
}

mzu_fit mzu_budget_fits(const mzu_budget *b, double need)
{
    if (need > (double)b->machine * 0.9)
        return MZU_PAST_MACHINE;
    if (b->as_left != UINT64_MAX && need > (double)b->as_left)
        return MZU_PAST_LIMIT;
    return MZU_FITS;
}
