/*
 * sniff.c - an input recognised through the section table (rooms.h): a
 * text file whose first byte is '<' is offered as XML, any other as a CSV
 * by its header line; each section that recognises inputs is asked in
 * sniff order (lower first) and the first that says yes builds from it.
 * A file no section takes is left out with the reason.
 */
#define _POSIX_C_SOURCE 200809L
#include "rooms.h"

#include "out/out.h"

#include <stdlib.h>
#include <string.h>

/* The section that takes in, or -1. */
static int recognised(const mzr_input *in)
{
    int best = -1;
    for (int s = 0; s < MZR_NSEC; s++) {
        const mzr_secdef *d = &mzr_secdefs[s];
        if (!d->recognise || !d->sniff || (best >= 0 && mzr_secdefs[best].sniff <= d->sniff))
            continue;
        if (d->recognise(in))
            best = s;
    }
    return best;
}

int mzr_sniff(mzr_report *r, const char *path, char *text, size_t len, bool named)
{
    if (memchr(text, '\0', len)) {
        free(text);
        return mzr_add_left(r, path, named, "not a text file");
    }
    mzr_input in;
    memset(&in, 0, sizeof in);
    in.path = path;
    const char *p = text;
    if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
        p += 3;
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    in.text = p;
    in.len = len - (size_t)(p - text);
    in.xml = *p == '<';
    char why[1024];
    int rc = MZO_OK;
    if (!in.xml) /* the header first; the rows only for a section that wants them */
        rc = mzr_csv_parse(text, len, false, &in.csv, why, sizeof why);
    const int s = rc == MZO_OK ? recognised(&in) : -1;
    if (s >= 0 && mzr_secdefs[s].rows) {
        mzr_csv_free(&in.csv);
        rc = mzr_csv_parse(text, len, true, &in.csv, why, sizeof why);
    }
    if (!in.xml) { /* a CSV's builder reads the parsed rows, or the file by its path */
        free(text);
        text = NULL;
        in.text = NULL;
        in.len = 0;
    }
    if (rc == MZO_OK && s < 0) {
        char head[256] = "";
        if (!in.xml)
            snprintf(head, sizeof head, "%s%s%s%s", in.csv.ncols ? in.csv.head[0] : "",
                     in.csv.ncols > 1 ? "," : "", in.csv.ncols > 1 ? in.csv.head[1] : "",
                     in.csv.ncols > 2 ? ",..." : "");
        mzr_csv_free(&in.csv);
        free(text);
        return in.xml ? mzr_add_left(r, path, named,
                                     "an XML file that is not a 'mazebench check --junit' report")
                      : mzr_add_left(r, path, named,
                                     "not a table the report knows (its header: %s)", head);
    }
    if (rc == MZO_OK && mzr_secdefs[s].rows && in.csv.nrows == 0) {
        mzr_csv_free(&in.csv);
        return mzr_add_left(r, path, true, "a header without rows");
    }
    if (rc != MZO_OK) {
        mzr_csv_free(&in.csv);
        free(text);
        return rc == MZO_FAIL ? rc : mzr_add_left(r, path, true, "%s", why);
    }
    const size_t nleft = r->nleft;
    char err[512] = "";
    rc = mzr_secdefs[s].build(r, &in, err, sizeof err);
    mzr_csv_free(&in.csv);
    free(text);
    /* used unless its builder left it out (a second sweep, a JUnit report
     * without its counts) */
    if (rc == MZO_OK && r->nleft == nleft)
        rc = mzr_add_used(r, path);
    return rc;
}
