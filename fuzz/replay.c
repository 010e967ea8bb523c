/*
 * replay.c - a main for a fuzz target without libFuzzer: runs the target
 * once on every file named on the command line, and on every file of every
 * folder named (not recursive). Exit 0 when all ran; a crash or a failed
 * property aborts, as under the fuzzer.
 *
 *   fuzz_spec_replay tests/fuzz-corpus/spec
 */
#include "fuzz.h"

#include <dirent.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open '%s'\n", path);
        return 1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf)
            abort();
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        cap *= 2;
        buf = realloc(buf, cap);
    }
    fclose(f);
    /* A copy of exactly n bytes, so ASan sees a read past the input. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact)
        abort();
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

int main(int argc, char **argv)
{
    int bad = 0;
    unsigned long runs = 0;
    for (int a = 1; a < argc; a++) {
        struct stat st;
        if (stat(argv[a], &st) != 0) {
            fprintf(stderr, "replay: no such file or folder '%s'\n", argv[a]);
            bad = 1;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[a]);
            runs++;
            continue;
        }
        DIR *d = opendir(argv[a]);
        if (!d) {
            fprintf(stderr, "replay: cannot read folder '%s'\n", argv[a]);
            bad = 1;
            continue;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            size_t len = strlen(argv[a]) + strlen(e->d_name) + 2;
            char *path = malloc(len);
            if (!path)
                abort();
            snprintf(path, len, "%s/%s", argv[a], e->d_name);
            bad |= run_file(path);
            runs++;
            free(path);
        }
        closedir(d);
    }
    fprintf(stderr, "replay: %lu inputs\n", runs);
    if (runs == 0)
        bad = 1; /* an empty corpus tests nothing */
    return bad;
}
