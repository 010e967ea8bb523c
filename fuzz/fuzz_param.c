/*
 * fuzz_param.c - parameter values (mz_param_parse) of every parameter of
 * the registry. The first byte picks the parameter (modulo their count),
 * the rest is the value text. Properties: a value accepted lies in the
 * parameter's range (an integer for integers, a choice index for enums);
 * an accepted value written back with %.17g (an integer as an integer)
 * parses to the same double.
 */
#include "fuzz.h"

#include "mazebench.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const mz_param_def *defs[64];
    size_t n = 0;
    for (const mz_algo *const *a = mz_registry; *a; a++)
        for (unsigned k = 0; k < (*a)->nparams && n < 64; k++)
            defs[n++] = &(*a)->params[k];
    if (n == 0 || size == 0)
        return 0;
    const mz_param_def *p = defs[data[0] % n];
    char *text = fz_string(data + 1, size - 1);
    double v = -12345.0;
    if (mz_param_parse(p, text, &v) == MZ_OK) {
        FZ_CHECK(isfinite(v), "%s='%s': %g", p->name, text, v);
        char back[64];
        switch (p->type) {
        case MZ_P_REAL:
            FZ_CHECK(v >= p->min && v <= p->max, "%s='%s': %.17g off range", p->name, text, v);
            snprintf(back, sizeof back, "%.17g", v);
            break;
        case MZ_P_INT:
            FZ_CHECK(v >= p->min && v <= p->max && v == floor(v), "%s='%s': %.17g", p->name,
                     text, v);
            snprintf(back, sizeof back, "%.0f", v);
            break;
        case MZ_P_ENUM:
            FZ_CHECK(v >= 0 && v < 64 && v == floor(v), "%s='%s': choice %.17g", p->name, text, v);
            back[0] = '\0';
            break;
        case MZ_P_CELL: /* a name or a cell number */
            back[0] = '\0';
            break;
        }
        if (back[0]) {
            double w = -1;
            FZ_CHECK(mz_param_parse(p, back, &w) == MZ_OK && w == v,
                     "%s='%s': written back as '%s', read as %.17g", p->name, text, back, w);
        }
    }
    free(text);
    return 0;
}
