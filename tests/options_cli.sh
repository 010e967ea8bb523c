#!/bin/sh
# options_cli.sh CLI [MANDIR [COMPLETION]] - each command's option table
# ('mazebench help --options CMD') against what is made from it: the parser
# accepts every option of the table and refuses one that is not; the usage
# line and the --help text name exactly the table's options (gen's usage
# names --save, --threads and --force); every option the help mentions is
# an option of some command; the man pages (written by the CLI, or those of
# MANDIR: an installed man1 folder) render with no warning and list the
# table's options; the bash completion script (written by the CLI, or
# COMPLETION) completes commands, options and registry names.
set -u
. "$(dirname "$0")/lib.sh"
cli=$1
mandir=${2-}
completion=${3-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

commands=$("$cli" --help | awk '/^commands:/ { f = 1; next } f && /^$/ { exit } f && /^  [a-z]/ { print $1 }')
[ -n "$commands" ] || { bad "no commands in '$cli --help'"; exit 1; }
# Every option of every table, and the global ones: what a help text may name.
: >"$tmp/all"
for c in $commands; do
    "$cli" help --options "$c" >"$tmp/t.$c" || bad "$c: help --options failed"
    awk -F'\t' '$1 ~ /^-/ { print $1 }' "$tmp/t.$c" >>"$tmp/all"
done
printf '%s\n' --plugin --programs --help --version >>"$tmp/all"
sort -u "$tmp/all" -o "$tmp/all"

for c in $commands; do
    t=$tmp/t.$c
    # the options listed (not the older names), sorted
    awk -F'\t' '$1 ~ /^-/ && $1 != "--" && $3 !~ /older/ { print $1 }' "$t" | sort -u >"$tmp/listed"
    [ -s "$tmp/listed" ] || { [ "$c" = merge ] || bad "$c: an empty table"; }

    # 1. The parser takes every option of the table (older names too): the
    # option first, then one that is not in any table, which the parser must
    # reach and refuse (so nothing runs).
    awk -F'\t' '$1 ~ /^-/ && $1 != "--" { print $1, $2 }' "$t" | while read -r o a; do
        if [ "$a" = - ]; then
            "$cli" "$c" "$o" --zz-not-an-option >/dev/null 2>"$tmp/err"
        else
            "$cli" "$c" "$o" x --zz-not-an-option >/dev/null 2>"$tmp/err"
        fi
        rc=$?
        if grep -Eq "(unknown option|unexpected argument) '$o[=']|option '$o' is not handled" "$tmp/err"; then
            bad "$c: its table has $o, the parser refuses it: $(cat "$tmp/err")"
        elif [ $rc -eq 0 ]; then
            bad "$c $o: an unknown option after it was not refused"
        fi
    done
    "$cli" "$c" --zz-not-an-option >/dev/null 2>"$tmp/err"
    [ $? -eq 2 ] && grep -q -- "--zz-not-an-option" "$tmp/err" ||
        bad "$c: an option of no table is not refused: $(cat "$tmp/err")"

    # 2. The usage line(s) and the option rows of --help: the table's options.
    "$cli" "$c" --help >"$tmp/help" 2>"$tmp/err" || bad "$c --help failed"
    [ -s "$tmp/err" ] && bad "$c --help wrote to stderr"
    sed -n '/^usage:/,/^$/p' "$tmp/help" | grep -o -- '\[*--[a-z][a-z0-9-]*' | tr -d '[' |
        sort -u >"$tmp/usage"
    diff "$tmp/listed" "$tmp/usage" >"$tmp/d" ||
        bad "$c: its usage line and its table differ (< table, > usage): $(tr '\n' ' ' <"$tmp/d")"
    sed -n '/^options:$/,/^$/p' "$tmp/help" | grep -o -- '^  \(-h, \)*--[a-z][a-z0-9-]*' |
        sed 's/^  \(-h, \)*//' | grep -vx -- --help | sort -u >"$tmp/rows"
    diff "$tmp/listed" "$tmp/rows" >"$tmp/d" ||
        bad "$c: its --help rows and its table differ: $(tr '\n' ' ' <"$tmp/d")"
    # every option the text mentions is one of some table (none removed or
    # misspelt)
    # (a script's options, scripts/ab.sh --rounds, are not the CLI's)
    sed 's#scripts/[a-z-]*\.sh --[a-z-]*##g' "$tmp/help" |
        grep -o -- '--[a-z][a-z0-9-]*[a-z0-9]' | sort -u | while read -r o; do
        grep -qx -- "$o" "$tmp/all" || bad "$c --help names $o, an option of no command"
    done

    # 3. The man page: no warning at 80 columns, the table's options.
    if [ -n "$mandir" ]; then
        page=$mandir/mazebench-$c.1
        [ -f "$page" ] || page=$page.gz
    else
        page=$tmp/mazebench-$c.1
        "$cli" help --man "$c" >"$page" || bad "$c: help --man failed"
    fi
    if [ ! -f "$page" ]; then
        bad "$c: no man page $page"
    elif command -v man >/dev/null 2>&1; then
        MANWIDTH=80 man --warnings -l "$page" >"$tmp/man" 2>"$tmp/err"
        [ -s "$tmp/err" ] && bad "$c: man page warnings: $(head -3 "$tmp/err")"
        grep -q "^NAME" "$tmp/man" || bad "$c: the man page has no NAME"
        sed -n '/^OPTIONS/,/^[A-Z]/p' "$tmp/man" | grep -o -- '^       \(-h, \)*--[a-z][a-z0-9-]*' |
            sed 's/^ *\(-h, \)*//' | grep -vx -- --help | sort -u >"$tmp/manopts"
        diff "$tmp/listed" "$tmp/manopts" >"$tmp/d" ||
            bad "$c: its man page and its table differ: $(tr '\n' ' ' <"$tmp/d")"
    fi
done

# From the sources, when they are here: every option name a command's file
# spells ("--x") is a row of that command's table (a parser that still
# matches names itself cannot take an option the table lacks).
src=$(dirname "$0")/../src/cli
if [ -d "$src" ]; then
    for f in "$src"/cmd_*.c; do
        b=$(basename "$f" .c)
        case $b in
        cmd_basic) cs="list gen solve" ;;
        cmd_sweep) cs="sweep merge" ;;
        cmd_stream) cs="eller-stream" ;;
        *) cs=${b#cmd_} ;;
        esac
        : >"$tmp/own"
        for c in $cs; do
            awk -F'\t' '$1 ~ /^-/ { print $1 }' "$tmp/t.$c" >>"$tmp/own" 2>/dev/null
        done
        printf '%s\n' --help -- >>"$tmp/own"
        grep -o '"--[a-z][a-z0-9-]*"' "$f" | tr -d '"' | sort -u | while read -r o; do
            grep -qx -- "$o" "$tmp/own" || bad "$b.c parses $o, which the table of $cs lacks"
        done
    done
fi

# gen's usage names what it takes (once left out by hand).
"$cli" gen --help | sed -n '/^usage:/,/^$/p' >"$tmp/usage"
for o in --save --threads --force --save-format --trace; do
    grep -q -- "\[$o[] ]" "$tmp/usage" || bad "gen's usage line lacks $o"
done

# mazebench(1)
if [ -n "$mandir" ]; then
    page=$mandir/mazebench.1
    [ -f "$page" ] || page=$page.gz
else
    page=$tmp/mazebench.1
    "$cli" help --man >"$page" || bad "help --man failed"
fi
if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man --warnings -l "$page" >"$tmp/man" 2>"$tmp/err"
    [ -s "$tmp/err" ] && bad "mazebench(1) warnings: $(head -3 "$tmp/err")"
    for c in $commands; do
        grep -q "^       $c\( \|$\)" "$tmp/man" || bad "mazebench(1) does not list $c"
    done
else
    echo "note: no man program; the pages are not rendered"
fi

# version: three spellings, one text naming the commit and the features
"$cli" --version >"$tmp/v1" && "$cli" -V >"$tmp/v2" && "$cli" version >"$tmp/v3" ||
    bad "a version spelling fails"
cmp -s "$tmp/v1" "$tmp/v2" && cmp -s "$tmp/v1" "$tmp/v3" || bad "-V, --version and version differ"
grep -q '^mazebench [0-9][0-9.]* (commit ' "$tmp/v1" || bad "--version: $(head -1 "$tmp/v1")"
grep -q '^features:' "$tmp/v1" || bad "--version names no features"

# bad uses: one line, exit 2; a page that cannot be written: exit 1
for args in "version x" "completion zsh" "help --bad" "help --options" "help nosuch"; do
    # shellcheck disable=SC2086
    "$cli" $args >/dev/null 2>"$tmp/err"
    rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^mazebench: ' "$tmp/err" ||
        bad "'$args': exit $rc, stderr $(cat "$tmp/err")"
done
if [ -w /dev/full ]; then
    "$cli" help --man gen >/dev/full 2>/dev/null
    [ $? -eq 1 ] || bad "help --man into a full disk does not fail"
fi

# 4. Bash completion: driven as bash drives it (COMP_WORDS, COMP_CWORD).
if command -v bash >/dev/null 2>&1; then
    if [ -z "$completion" ]; then
        completion=$tmp/completion
        "$cli" completion bash >"$completion" || bad "completion bash failed"
    fi
    cat >"$tmp/drive.bash" <<'EOF'
. "$1"
shift
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMPREPLY=()
_mazebench
printf '%s\n' "${COMPREPLY[@]}" | sort
EOF
    comp() { bash "$tmp/drive.bash" "$completion" mazebench "$@" 2>"$tmp/err"; }
    has() { # has WANT WORDS...: the completion of WORDS offers WANT
        want=$1
        shift
        comp "$@" >"$tmp/c"
        grep -qx -- "$want" "$tmp/c" || bad "completing '$*' offers no '$want': $(tr '\n' ' ' <"$tmp/c")"
        [ -s "$tmp/err" ] && bad "completing '$*' wrote: $(cat "$tmp/err")"
    }
    for c in $commands; do
        has "$c" ""
    done
    has version ""
    has gen g
    [ "$(comp gen --th)" = --threads ] || bad "gen --th completes to '$(comp gen --th)', not --threads"
    has --save gen --sa
    has --save-format gen --sa
    # every command: '--' offers exactly its listed options and the common ones
    for c in $commands; do
        comp "$c" -- | grep -vx -- '--help\|--plugin\|--programs' >"$tmp/c"
        awk -F'\t' '$1 ~ /^-/ && $1 != "--" && $3 !~ /older/ { print $1 }' "$tmp/t.$c" |
            sort -u >"$tmp/listed"
        diff "$tmp/listed" "$tmp/c" >"$tmp/d" ||
            bad "completing '$c --' and its table differ: $(tr '\n' ' ' <"$tmp/d")"
    done
    # generator names: after gen, after --gen, in a list, after a '+'
    gens=$("$cli" list --format csv | awk -F, '$1 == "algo" && $3 == "generator" { print $2 }')
    for g in $gens; do
        has "$g" gen ""
        has "$g" solve bfs --gen ""
    done
    has dfs gen d
    has kruskal solve bfs --gen kr
    has dfs,kruskal sweep --gen dfs,kr
    has dfs+braid gen dfs+b
    has bfs solve b
    has csv gen --format ""
    has json gen --format = j
    has hex scale --shape h
    has --threads --plugin x.so gen --th
    has --man help --m
fi

[ $fails -eq 0 ] && echo "options_cli: ok ($(echo $commands | wc -w) commands)"
[ $fails -eq 0 ]
