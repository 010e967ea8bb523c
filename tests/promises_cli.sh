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

# A new door: an option of every command that loads something, a new kind
# of outside program and a new maze file format, none with a door row.
cat >"$t/newdoor" <<EOF
#!/bin/sh
case "\$*" in
--help) "$mz" --help | sed 's/^options of every command:\$/options of every command:\\n  --frob FILE  a door nobody attacks yet/' ;;
"--programs "*"/kinds.ini list") echo "mazebench: kinds.ini:1: unknown section kind 'nosuch-kind' (known: generator, solver, frobber)" >&2; exit 2 ;;
"maze - --format nosuch") echo "mazebench: maze: --format 'nosuch' is not one of auto, ascii, blocks, json, mzb, frob" >&2; exit 2 ;;
*) exec "$mz" "\$@" ;;
esac
EOF
chmod +x "$t/newdoor"
sh "$here/scripts/attack.sh" --quick --only list "$t/newdoor" >"$t/out" 2>&1 &&
    fail "a door without a row passed: $(tail -1 "$t/out")"
grep -q "UNCOVERED: the option '--frob' of every command has no door row" "$t/out" || fail "the new option is not named: $(grep UNCOVERED "$t/out")"
grep -q "UNCOVERED: the outside program kind 'frobber' has no door row" "$t/out" || fail "the new kind is not named"
grep -q "UNCOVERED: the maze file format 'frob' has no cases" "$t/out" || fail "the new format is not named"

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

# A broken door: an outside generator's FIFO at {out} waited for (as the
# reader once did) and its run folder left: a hang and a leftover.
cat >"$t/fifo-hang" <<EOF
#!/bin/sh
case "\$*" in
*"g-fifo.ini gen"*) sleep 20; mkdir -p "\$TMPDIR/mazebench-outside-x"; echo "mazebench: gen failed" >&2; exit 1 ;;
*) exec "$mz" "\$@" ;;
esac
EOF
chmod +x "$t/fifo-hang"
sh "$here/scripts/attack.sh" --quick --only outside-generator --case fifo "$t/fifo-hang" >"$t/out" 2>&1 &&
    fail "a broken door passed: $(tail -1 "$t/out")"
grep -q '^BROKEN \[outside-generator x hang\] gen h-fifo' "$t/out" || fail "the hang is not reported: $(grep BROKEN "$t/out" | head -3)"
grep -q '^BROKEN \[outside-generator x tmpdir\] gen h-fifo' "$t/out" || fail "the leftover is not reported"
grep -q '^outside-generator  *[0-9]*/[1-9]' "$t/out" || fail "the doors' table does not count it: $(grep '^outside-generator ' "$t/out")"

# The suite itself.
sh "$here/scripts/attack.sh" --quick "$mz" >"$t/out" 2>&1
rc=$?
sed -n '/^promises x doors/,/^doors:/p; /^promises x commands/,$p' "$t/out"
grep '^attack: ' "$t/out"
grep '^BROKEN' "$t/out"
[ "$rc" -eq 0 ] || fail "the promise suite: $(tail -1 "$t/out")"
[ "$fails" -eq 0 ] && echo "promises_cli: all passed"
[ "$fails" -eq 0 ]
