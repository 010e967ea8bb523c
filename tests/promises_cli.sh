#!/bin/sh
# promises_cli.sh - the promise suite (scripts/attack.sh --quick): every
# command and output against every promise of docs/conventions.md. First
# two checks of the suite itself, on a wrapped mazebench: a command or a
# file option that has no row in its table fails the run, and so does a
# broken promise (a 'list' that exits 0 when stdout is full).
# Usage: sh tests/promises_cli.sh path/to/mazebench
set -u
. "$(dirname "$0")/lib.sh"
mz=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# A new command and a new file option, not in the table.
cat >"$t/newcmd" <<EOF
#!/bin/sh
case "\$*" in
--help) "$mz" --help | sed 's/^commands:\$/commands:\\n  frobnicate   a command nobody attacks yet/' ;;
"gen --help") "$mz" gen --help; echo "  --frob FILE     a file option nobody attacks yet" ;;
*) exec "$mz" "\$@" ;;
esac
EOF
chmod +x "$t/newcmd"
sh "$here/scripts/attack.sh" --quick --only list "$t/newcmd" >"$t/out" 2>&1 &&
    fail "a command without a row passed: $(tail -1 "$t/out")"
grep -q "UNCOVERED: command 'frobnicate'" "$t/out" || fail "the new command is not named: $(grep UNCOVERED "$t/out")"
grep -q "UNCOVERED: 'gen --frob'" "$t/out" || fail "the new file option is not named"

# A broken promise: 'list' ignores a failed write.
cat >"$t/broken" <<EOF
#!/bin/sh
case "\$1" in
list) "$mz" "\$@" >"$t/list.out" && cat "$t/list.out" 2>/dev/null; exit 0 ;;
*) exec "$mz" "\$@" ;;
esac
EOF
chmod +x "$t/broken"
sh "$here/scripts/attack.sh" --quick --only list "$t/broken" >"$t/out" 2>&1 &&
    fail "a broken promise passed: $(tail -1 "$t/out")"
grep -q '^BROKEN \[list x full\]' "$t/out" || fail "the broken promise is not reported: $(grep BROKEN "$t/out" | head -3)"
grep -q '^list  *[0-9]*/[0-9]*  *[0-9]*/[1-9]' "$t/out" || fail "the table does not count it: $(grep '^list ' "$t/out")"

# The suite itself.
sh "$here/scripts/attack.sh" --quick "$mz" >"$t/out" 2>&1
rc=$?
sed -n '/^promises x commands/,$p' "$t/out"
grep '^attack: ' "$t/out"
grep '^BROKEN' "$t/out"
[ "$rc" -eq 0 ] || fail "the promise suite: $(tail -1 "$t/out")"
[ "$fails" -eq 0 ] && echo "promises_cli: all passed"
[ "$fails" -eq 0 ]
