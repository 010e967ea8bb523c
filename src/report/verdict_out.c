/*
 * verdict_out.c - what 'mazebench verdict' writes (verdict_out.h).
 */
#include "verdict_out.h"

#include "out/out.h"

#include <inttypes.h>
#include <stdio.h>

static void print_text(FILE *out, const mzv_result *r)
{
    fprintf(out, "verdict: %s (%s): %s\n", r->entry, r->kind,
           r->failed ? "FAIL" : "pass");
    if (r->headline[0])
        fprintf(out, "  %s\n", r->headline);
    for (size_t k = 0; k < r->n; k++) {
        const mzv_check *c = &r->check[k];
        fprintf(out, "%-4s %-17s %-7s %s\n", mzv_status_name(c->status), c->name, c->shape, c->detail);
        if (c->why[0])
            fprintf(out, "     %-17s %-7s program: %s\n", "", "", c->why);
    }
    if (r->shrink_runs)
        fprintf(out, "shrinking: %" PRIu64 " runs, %.1f s\n", r->shrink_runs, r->shrink_s);
}

static void print_md(FILE *out, const mzv_result *r)
{
    fprintf(out, "### verdict: ");
    mzo_md_text(out, r->entry, true);
    fprintf(out, " (%s): **%s**\n\n", r->kind, r->failed ? "FAIL" : "pass");
    if (r->headline[0]) {
        fprintf(out, "Headline: ");
        mzo_md_text(out, r->headline, false);
        fprintf(out, "\n\n");
    }
    fprintf(out, "| status | check | shape | detail |\n|---|---|---|---|\n");
    for (size_t k = 0; k < r->n; k++) {
        const mzv_check *c = &r->check[k];
        fprintf(out, "| %s | ", mzv_status_name(c->status));
        mzo_md_text(out, c->name, false);
        fprintf(out, " | ");
        mzo_md_text(out, c->shape, false);
        fprintf(out, " | ");
        mzo_md_text(out, c->detail, false);
        if (c->why[0]) {
            fprintf(out, " (program: ");
            mzo_md_text(out, c->why, true);
            fprintf(out, ")");
        }
        fprintf(out, " |\n");
    }
    if (r->shrink_runs)
        fprintf(out, "\nShrinking took %" PRIu64 " runs.\n", r->shrink_runs);
}

static void print_json(FILE *out, const mzv_result *r)
{
    fprintf(out, "{\"entry\":");
    mzo_json_string(out, r->entry);
    fprintf(out, ",\"kind\":");
    mzo_json_string(out, r->kind);
    fprintf(out, ",\"verdict\":\"%s\",\"failed\":%u,\"headline\":", r->failed ? "fail" : "pass",
           r->failed);
    mzo_json_string(out, r->headline);
    fprintf(out, ",\"shrink_runs\":%" PRIu64 ",\"shrunk\":", r->shrink_runs);
    if (r->shrunk_grid[0]) {
        fprintf(out, "{\"shape\":");
        mzo_json_string(out, r->shrunk_shape);
        fprintf(out, ",\"from_grid\":\"%s\",\"from_seed\":%" PRIu64 ",\"grid\":\"%s\",\"seed\":%"
               PRIu64 ",\"stopped_by_budget\":%s}", r->fail_grid, r->fail_seed, r->shrunk_grid,
               r->shrunk_seed, r->shrink_stopped ? "true" : "false");
    } else
        fprintf(out, "null");
    fprintf(out, ",\"checks\":[");
    for (size_t k = 0; k < r->n; k++) {
        const mzv_check *c = &r->check[k];
        fprintf(out, "%s{\"check\":", k ? "," : "");
        mzo_json_string(out, c->name);
        fprintf(out, ",\"shape\":");
        mzo_json_string(out, c->shape);
        fprintf(out, ",\"status\":\"%s\",\"detail\":",
               c->status == MZV_PASS ? "pass" : c->status == MZV_FAIL ? "fail" : "skip");
        mzo_json_string(out, c->detail);
        fprintf(out, ",\"program\":");
        mzo_json_string(out, c->why);
        fprintf(out, "}");
    }
    fprintf(out, "]}\n");
}

void mzr_verdict_write(FILE *f, const mzv_result *r, int format)
{
    if (format == 1)
        print_md(f, r);
    else if (format == 2)
        print_json(f, r);
    else
        print_text(f, r);
}
