#!/bin/sh
# The CI recipes of docs/ci.md, run as their CI servers would run them, so
# that they cannot rot. The release source is a clean clone of this
# repository's HEAD, tagged v$VERSION, given to the recipes through their
# variables (MAZEBENCH_GIT a file:// URL; MAZEBENCH_TARBALL a git archive
# of the tag); the user's repository is a folder holding the committed
# sweep (data/sweep-small.csv as the recipes' default golden.csv).
#
# examples/ci/github-actions.yml: the workflow's env and the run: blocks of
# its steps, in order, each in its own `bash -eo pipefail` as GitHub runs
# them, with a fake $GITHUB_STEP_SUMMARY, $RUNNER_TEMP and $HOME:
#   1. cache miss, the sweep as committed: every step passes, mazebench is
#      installed where the cache step's path says, the JUnit report and the
#      summary are written (the summary counts 0 failed), the artifacts exist;
#   2. cache hit (the steps that run on a miss only are skipped), one value
#      of the sweep changed: the check step fails with exit 1, the summary
#      step (if: always()) still runs and the summary shows the failure,
#      and the installed mazebench is not rebuilt.
# examples/ci/gitlab-ci.yml: the job's variables, its before_script and
# script lines in one shell (stopping at the first failure) and its
# after_script in another, with $CI_PROJECT_DIR; the same two runs, the
# first from the tarball, checking the cache's paths, the JUnit report of
# artifacts:reports and every artifact path.
# The recipes' version must be this tree's (the CLI's --version).
#
#   sh tests/ci_recipes.sh       (python3 with yaml reads the recipes)
set -eu
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -c 'import yaml' 2>/dev/null ||
    { echo "FAIL: python3 with yaml is missing (Debian package python3-yaml; scripts/setup.sh installs it)"; exit 1; }

# The recipes' parts as files: GitHub's steps (NN.sh, NN.if), GitLab's
# scripts, the variables of both (shell assignments), the cache and
# artifact paths.
python3 - "$tmp" <<'EOF'
import os, re, shlex, sys, yaml
out = sys.argv[1]
def fail(msg):
    sys.exit("ci_recipes: " + msg)
def write(name, text):
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
def env_file(name, env):
    write(name, "".join("export %s=%s\n" % (k, shlex.quote(str(v))) for k, v in env.items()))

gh = yaml.safe_load(open("examples/ci/github-actions.yml"))
env = gh.get("env") or {}
env_file("gh.env", env)
def expand(s):
    s = re.sub(r"\$\{\{\s*env\.(\w+)\s*\}\}", lambda m: str(env[m.group(1)]), s)
    if "${{" in s and "runner." not in s:
        fail("an expression the test does not know: " + s)
    return s
jobs = gh["jobs"]
if len(jobs) != 1:
    fail("the workflow has %d jobs, the test runs one" % len(jobs))
steps = list(jobs.values())[0]["steps"]
n = 0
for st in steps:
    if "run" in st:
        if "${{" in st["run"]:
            fail("a run: block with a ${{ }} expression (use the env variables): " + st.get("name", "?"))
        write("gh-%02d.sh" % n, st["run"])
        write("gh-%02d.if" % n, str(st.get("if", "")))
        write("gh-%02d.name" % n, st.get("name", "step %d" % n))
        n += 1
    elif st.get("uses", "").startswith("actions/cache@"):
        write("gh-cache-path", expand(st["with"]["path"]).strip() + "\n")
    elif st.get("uses", "").startswith("actions/upload-artifact@"):
        write("gh-artifacts", expand(st["with"]["path"]).strip() + "\n")
if n < 3:
    fail("the workflow has %d run: steps" % n)

gl = yaml.safe_load(open("examples/ci/gitlab-ci.yml"))
jobs = [k for k, v in gl.items() if isinstance(v, dict) and "script" in v]
if len(jobs) != 1:
    fail("the GitLab file has %d jobs, the test runs one" % len(jobs))
job = gl[jobs[0]]
env_file("gl.env", job.get("variables") or {})
def lines(key):
    v = job.get(key) or []
    return "".join(s + "\n" for s in v)
write("gl-main.sh", lines("before_script") + lines("script"))
write("gl-after.sh", lines("after_script"))
write("gl-cache-paths", "".join(p + "\n" for p in job["cache"]["paths"]))
write("gl-cache-key", str(job["cache"]["key"]) + "\n")
art = job["artifacts"]
write("gl-artifacts", "".join(p + "\n" for p in art.get("paths", [])))
write("gl-junit", str(art["reports"]["junit"]) + "\n")
write("gl-when", str(art.get("when", "")) + "\n")
EOF

# The release source: a clean clone of HEAD, tagged with the recipes' version.
version=$(. "$tmp/gh.env" && echo "$MAZEBENCH_VERSION")
[ "$version" = "$(. "$tmp/gl.env" && echo "$MAZEBENCH_VERSION")" ] ||
    bad "the two recipes name different versions"
git clone -q "$repo" "$tmp/release"
git -C "$tmp/release" tag "v$version"
git -C "$tmp/release" archive --format=tar --prefix="mazebench-$version/" "v$version" |
    gzip -n >"$tmp/mazebench-$version.tar.gz"

# The user's repository: the committed sweep, and the same with one value
# changed (dfs seed 464's dead ends, 96, on its first row).
sweep=$(. "$tmp/gh.env" && echo "$MAZEBENCH_SWEEP")
mkdir "$tmp/sweeps"
cp data/sweep-small.csv "$tmp/sweeps/good.csv"
awk -F, 'done != 1 && $1 == "dfs" && $2 == 464 && $10 == 96 { sub(/,1024,96,/, ",1024,97,"); done = 1 } { print }' \
    data/sweep-small.csv >"$tmp/sweeps/bad.csv"
cmp -s "$tmp/sweeps/good.csv" "$tmp/sweeps/bad.csv" && bad "the changed sweep is the same"

# GitHub Actions. gh_run MODE: MODE miss or hit (the steps whose if: tests
# the cache's hit are skipped); the status of each step in $tmp/gh-status.
gh_run() {
    : >"$tmp/gh-status"
    failed=0
    for s in "$tmp"/gh-[0-9][0-9].sh; do
        b=${s%.sh}
        cond=$(cat "$b.if")
        case $cond in
            *cache-hit*) [ "$1" = hit ] && { echo "skipped $(cat "$b.name")" >>"$tmp/gh-status"; continue; } ;;
        esac
        case $cond in
            *'always()'*) ;;
            *) [ "$failed" = 0 ] || { echo "skipped $(cat "$b.name")" >>"$tmp/gh-status"; continue; } ;;
        esac
        st=0
        (cd "$ws" && . "$tmp/gh.env" &&
            export MAZEBENCH_GIT="file://$tmp/release" HOME="$tmp/home" RUNNER_TEMP="$tmp/runner" \
                GITHUB_STEP_SUMMARY="$tmp/gh-summary.md" GITHUB_WORKSPACE="$ws" CI=true &&
            bash --noprofile --norc -eo pipefail "$s") >"$b.out" 2>&1 || st=$?
        [ "$st" = 0 ] || failed=1
        echo "$st $(cat "$b.name")" >>"$tmp/gh-status"
    done
}
ws=$tmp/gh-ws
mkdir -p "$ws" "$tmp/home" "$tmp/runner"
cp "$tmp/sweeps/good.csv" "$ws/$sweep"
: >"$tmp/gh-summary.md"
gh_run miss
if grep -qv '^0 ' "$tmp/gh-status"; then
    bad "GitHub, cache miss: a step failed or was skipped: $(tr '\n' ';' <"$tmp/gh-status")"
    for o in "$tmp"/gh-*.out; do sed "s|^|  $(basename "$o"): |" "$o" | tail -n 30; done
fi
cache=$(sed "s|^~|$tmp/home|" "$tmp/gh-cache-path")
[ -x "$cache/bin/mazebench" ] || bad "GitHub: no mazebench in the cached path $cache"
if [ -x "$cache/bin/mazebench" ]; then
    built=$("$cache/bin/mazebench" --version | sed -n '1s/^mazebench \([0-9][0-9.]*\).*/\1/p')
    [ "$built" = "$version" ] || bad "the recipes name version $version, the tree is $built"
fi
grep -q '<testcase' "$ws/mazebench-check.xml" 2>/dev/null || bad "GitHub: no JUnit report"
grep -q '^\*\*Check: [0-9]* cases, 0 failed' "$tmp/gh-summary.md" ||
    bad "GitHub: the summary does not count 0 failures: $(head -c 600 "$tmp/gh-summary.md")"
grep -q 'all [0-9]* rows match' "$tmp/gh-summary.md" || bad "GitHub: the summary lacks check's line"
while read -r a; do
    [ -e "$ws/$a" ] || bad "GitHub: the artifact $a was not written"
done <"$tmp/gh-artifacts"

stamp=$(ls -l --time-style=+%s.%N "$cache/bin/mazebench" 2>/dev/null || true)
cp "$tmp/sweeps/bad.csv" "$ws/$sweep"
: >"$tmp/gh-summary.md"
gh_run hit
grep -q '^skipped Build and install mazebench$' "$tmp/gh-status" ||
    bad "GitHub, cache hit: the build step was not skipped: $(tr '\n' ';' <"$tmp/gh-status")"
grep -q '^1 Check the committed sweep$' "$tmp/gh-status" ||
    bad "GitHub, a changed value: the check step did not fail with 1: $(tr '\n' ';' <"$tmp/gh-status")"
grep -q '^0 Job summary$' "$tmp/gh-status" ||
    bad "GitHub, a changed value: the summary step did not run and pass: $(tr '\n' ';' <"$tmp/gh-status")"
grep -q '^\*\*Check: [0-9]* cases, 1 failed' "$tmp/gh-summary.md" ||
    bad "GitHub: the summary does not show the failure: $(head -c 600 "$tmp/gh-summary.md")"
grep -q 'dead_ends' "$tmp/gh-summary.md" || bad "GitHub: the summary does not name the column"
[ "$(ls -l --time-style=+%s.%N "$cache/bin/mazebench" 2>/dev/null || true)" = "$stamp" ] ||
    bad "GitHub, cache hit: mazebench was installed again"

# GitLab CI. gl_run: before_script and script in one shell, after_script
# in another, the job's variables, $CI_PROJECT_DIR; exit statuses in
# $gl_main and $gl_after.
gl_run() {
    gl_main=0 gl_after=0
    (cd "$wl" && . "$tmp/gl.env" &&
        export MAZEBENCH_TARBALL="file://$tmp/mazebench-$version.tar.gz" HOME="$tmp/home" \
            CI_PROJECT_DIR="$wl" CI=true GITLAB_CI=true &&
        bash --noprofile --norc -eo pipefail "$tmp/gl-main.sh") >"$tmp/gl-main.out" 2>&1 || gl_main=$?
    (cd "$wl" && . "$tmp/gl.env" &&
        export HOME="$tmp/home" CI_PROJECT_DIR="$wl" CI=true GITLAB_CI=true &&
        bash --noprofile --norc -eo pipefail "$tmp/gl-after.sh") >"$tmp/gl-after.out" 2>&1 || gl_after=$?
}
wl=$tmp/gl-ws
mkdir -p "$wl"
cp "$tmp/sweeps/good.csv" "$wl/$sweep"
gl_run
if [ "$gl_main" != 0 ] || [ "$gl_after" != 0 ]; then
    bad "GitLab, cache miss: script exit $gl_main, after_script exit $gl_after"
    tail -n 30 "$tmp/gl-main.out" "$tmp/gl-after.out"
fi
found=
while read -r p; do
    [ -x "$wl/$p/$version/bin/mazebench" ] && found=1
done <"$tmp/gl-cache-paths"
[ -n "$found" ] || bad "GitLab: mazebench is not under the cache's paths ($(tr '\n' ' ' <"$tmp/gl-cache-paths"))"
grep -q 'MAZEBENCH_VERSION' "$tmp/gl-cache-key" || bad "GitLab: the cache key does not name the version"
grep -q always "$tmp/gl-when" || bad "GitLab: artifacts are not kept when the job fails"
junit=$(cat "$tmp/gl-junit")
grep -q '<testcase' "$wl/$junit" 2>/dev/null || bad "GitLab: no JUnit report $junit"
while read -r a; do
    [ -e "$wl/$a" ] || bad "GitLab: the artifact $a was not written"
done <"$tmp/gl-artifacts"
grep -q '^\*\*Check: [0-9]* cases, 0 failed' "$wl/mazebench-summary.md" 2>/dev/null ||
    bad "GitLab: the summary does not count 0 failures"

stamp=$(ls -l --time-style=+%s.%N "$wl"/.mazebench/*/bin/mazebench 2>/dev/null || true)
cp "$tmp/sweeps/bad.csv" "$wl/$sweep"
gl_run
[ "$gl_main" = 1 ] || { bad "GitLab, a changed value: script exit $gl_main, expected 1"; tail -n 20 "$tmp/gl-main.out"; }
[ "$gl_after" = 0 ] || bad "GitLab, a changed value: after_script exit $gl_after"
grep -q '^\*\*Check: [0-9]* cases, 1 failed' "$wl/mazebench-summary.md" 2>/dev/null ||
    bad "GitLab: the summary does not show the failure"
grep -q dead_ends "$wl/mazebench-check.txt" || bad "GitLab: check's output does not name the column"
[ "$(ls -l --time-style=+%s.%N "$wl"/.mazebench/*/bin/mazebench 2>/dev/null || true)" = "$stamp" ] ||
    bad "GitLab, cache hit: mazebench was installed again"

if [ "$fails" -ne 0 ]; then
    echo "ci_recipes: $fails failures"
    exit 1
fi
echo "ci_recipes: the GitHub workflow and the GitLab job set mazebench $version up, check the sweep, report a changed value"
