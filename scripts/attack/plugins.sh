# plugins.sh - the plugin door of scripts/attack/doors.sh (sourced by it):
# hostile shared objects given to --plugin, loaded by 'list' and checked
# by 'vet'. The faulty plugins are tests/plugin_bad.c, built here one fault
# a build (its header lists them), with the compiler of the machine.

if dwants plugin; then
    timing plugin
    PL=$FX/pl
    mkdir "$PL"
    cc=$(command -v cc || command -v gcc || true)
    pl_build() { # FAULT: $PL/FAULT.so
        "$cc" -std=c11 -shared -fPIC -I "$here/src" ${1:+-D"$1"} "$here/tests/plugin_bad.c" -o "$PL/${1:-good}.so" 2>"$t/cc.err" ||
            echo "attack: plugin: cannot build $1: $(head -c 200 "$t/cc.err")" >&2
    }
    if [ -z "$cc" ]; then
        echo "attack: plugin: no C compiler, the built plugins are left out" >&2
    else
        pl_build ""
        # refused at load: exit 2, one line
        for f in BAD_OLDABI BAD_MANY BAD_COMMA BAD_NEWLINE BAD_CHOICE BAD_EQUALS BAD_ESC BAD_PNAME \
            BAD_ABI BAD_SIZE BAD_NOSYM BAD_CLASH BAD_KIND; do
            pl_build "$f"
            [ -f "$PL/$f.so" ] || continue
            d_case plugin "list --plugin ($f)" 10 2 "" "" --plugin "$PL/$f.so" list
            [ "$(wc -l <"$t/err")" -eq 1 ] || dverdict plugin status "list --plugin ($f)" "stderr not one line: $(head -c 160 "$t/err" | tr '\n' '|')"
        done
        # found by vet: exit 1, the fault named
        for c in BAD_EXIT:ended BAD_NOPATH:path BAD_CRASH:signal BAD_HANG:time BAD_WALL:wall; do
            f=${c%%:*}
            pl_build "$f"
            [ -f "$PL/$f.so" ] || continue
            # a sanitizer's report of the plugin's own crash, in vet's child, is vet's finding
            dc_judged_crash=1
            d_case plugin "vet --timeout 5 --plugin ($f)" 5 1 "${c##*:}" "" --plugin "$PL/$f.so" vet --timeout 5
            dc_judged_crash=""
        done
        # cut short: never a crash inside the loader
        s=$(wc -c <"$PL/good.so")
        for n in 64 1000 4000 10000 $((s / 2)) $((s - 1)); do
            [ "$n" -lt "$s" ] || continue
            head -c "$n" "$PL/good.so" >"$PL/cut-$n.so"
            d_case plugin "list --plugin (cut to $n of $s bytes)" 10 2 "" "" --plugin "$PL/cut-$n.so" list
        done
        d_case plugin "the same plugin twice" 10 2 "twice" "" --plugin "$PL/good.so" --plugin "$PL/good.so" list
    fi
    mkfifo "$PL/fifo.so"
    for p in "$PL/fifo.so" /dev/zero "$PL" "$FX/a.csv"; do
        d_case plugin "list --plugin $(basename "$p")" 10 2 "" "" --plugin "$p" list
    done
fi
