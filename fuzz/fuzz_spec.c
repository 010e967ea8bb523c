/*
 * fuzz_spec.c - generator and solver specs (mz_spec_parse, mz_solver_parse,
 * mz_spec_format, mz_stage_format). The input is one spec; the first byte
 * picks generator or solver when it is 'g' or 's' (else both are tried).
 * Properties: a failed parse writes a one-line reason; a spec that parses
 * formats to a canonical form that parses to the same stages and formats
 * to itself; a truncating buffer is never overrun and its length is the
 * one needed.
 */
#include "fuzz.h"

#include "mazebench.h"

static void same_stage(const mz_stage *a, const mz_stage *b, const char *text)
{
    FZ_CHECK(a->algo == b->algo, "'%s': another entry after formatting", text);
    for (unsigned k = 0; k < a->algo->nparams; k++)
        FZ_CHECK(a->args.v[k] == b->args.v[k], "'%s': parameter %s %.17g became %.17g", text,
                 a->algo->params[k].name, a->args.v[k], b->args.v[k]);
}

static void reason_ok(const char *err, const char *text)
{
    FZ_CHECK(err[0] != '\0', "'%s': refused without a reason", text);
    FZ_CHECK(strchr(err, '\n') == NULL, "'%s': reason of several lines", text);
}

static void gen_spec(const char *text)
{
    mz_spec spec, again;
    char err[256] = "", buf[1024], buf2[1024], small[8];
    memset(&spec, 0, sizeof spec);
    if (mz_spec_parse(text, &spec, err, sizeof err) != MZ_OK) {
        reason_ok(err, text);
        return;
    }
    FZ_CHECK(spec.n >= 1 && spec.n <= MZ_MAX_CHAIN, "'%s': %u stages", text, spec.n);
    size_t need = mz_spec_format(&spec, buf, sizeof buf);
    FZ_CHECK(need < sizeof buf, "'%s': canonical form of %zu bytes", text, need);
    FZ_CHECK(strlen(buf) == need, "'%s': length %zu, said %zu", text, strlen(buf), need);
    FZ_CHECK(mz_spec_format(&spec, small, sizeof small) == need, "'%s': length", text);
    FZ_CHECK(strlen(small) < sizeof small && strncmp(small, buf, strlen(small)) == 0,
             "'%s': truncated form '%s'", text, small);
    FZ_CHECK(mz_spec_parse(buf, &again, err, sizeof err) == MZ_OK,
             "'%s': canonical form '%s' refused: %s", text, buf, err);
    FZ_CHECK(again.n == spec.n, "'%s': stage count changed", text);
    for (unsigned s = 0; s < spec.n; s++)
        same_stage(&spec.stage[s], &again.stage[s], text);
    mz_spec_format(&again, buf2, sizeof buf2);
    FZ_CHECK(strcmp(buf, buf2) == 0, "'%s': '%s' formats as '%s'", text, buf, buf2);
}

static void solver_spec(const char *text)
{
    mz_stage st, again;
    char err[256] = "", buf[512], buf2[512];
    memset(&st, 0, sizeof st);
    if (mz_solver_parse(text, &st, err, sizeof err) != MZ_OK) {
        reason_ok(err, text);
        return;
    }
    FZ_CHECK(st.algo && st.algo->kind == MZ_SOLVER, "'%s': not a solver", text);
    size_t need = mz_stage_format(&st, buf, sizeof buf);
    FZ_CHECK(need < sizeof buf && strlen(buf) == need, "'%s': format length", text);
    FZ_CHECK(mz_solver_parse(buf, &again, err, sizeof err) == MZ_OK,
             "'%s': canonical form '%s' refused: %s", text, buf, err);
    same_stage(&st, &again, text);
    mz_stage_format(&again, buf2, sizeof buf2);
    FZ_CHECK(strcmp(buf, buf2) == 0, "'%s': '%s' formats as '%s'", text, buf, buf2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char mode = size ? (char)data[0] : 0;
    if (mode == 'g' || mode == 's') {
        data++;
        size--;
    }
    char *text = fz_string(data, size);
    if (mode != 's')
        gen_spec(text);
    if (mode != 'g')
        solver_spec(text);
    /* Tiny error buffers are cut, never overrun. */
    char err1[1];
    mz_spec spec;
    mz_stage st;
    (void)mz_spec_parse(text, &spec, err1, sizeof err1);
    (void)mz_solver_parse(text, &st, err1, sizeof err1);
    free(text);
    return 0;
}
