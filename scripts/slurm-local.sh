#!/bin/sh
# A one-node Slurm cluster on this machine, to run the sweep the way a real
# cluster does (docs/cluster.md):
#   1. start munged and slurmctld + slurmd on localhost, with every file
#      (slurm.conf, state, logs, sockets) in a temporary folder;
#   2. submit scripts/sweep-slurm.sbatch as a job array (--array=1-N), one
#      shard of the plan a task, and a merge job that waits for all of them
#      (--dependency=afterok);
#   3. wait, then check the merged file's deterministic columns (those
#      before gen_ns) equal a plain local 'mazebench sweep' of the same plan;
#   4. stop the daemons (also on failure or Ctrl-C) and remove the folder.
#
#   sh scripts/slurm-local.sh [--plan FILE] [--shards N] [--bin PATH] [--keep]
#
# Default plan: bench/plans/small.plan; 4 shards; the binary build/mazebench
# (built here with CMake when missing). Needs slurm-wlm and munge (Debian),
# run as root (the daemons run as root; nothing system-wide is configured or
# started: the daemons listen on ports 16817/16818 of 127.0.0.1 only).
# Exit status 0 when the merged sweep matches.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)

plan=bench/plans/small.plan
shards=4
bin=build/mazebench
keep=0
while [ $# -gt 0 ]; do
    case $1 in
    --plan) plan=$2; shift 2 ;;
    --shards) shards=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "slurm-local: unknown option '$1'" >&2; exit 2 ;;
    esac
done
for c in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] ||
        { echo "slurm-local: '$c' missing (apt-get install slurm-wlm munge)" >&2; exit 1; }
done
PATH=$PATH:/usr/sbin
[ "$(id -u)" -eq 0 ] || { echo "slurm-local: run as root (the daemons run as root)" >&2; exit 1; }
[ -f "$plan" ] || { echo "slurm-local: no plan '$plan'" >&2; exit 2; }
if [ ! -x "$bin" ]; then
    echo "slurm-local: building $bin" >&2
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DMZ_BENCH=OFF >/dev/null
    cmake --build build -j "$(nproc)" --target mazebench >/dev/null
fi
case $bin in /*) ;; *) bin=$root/$bin ;; esac
case $plan in /*) ;; *) plan=$root/$plan ;; esac

d=$(mktemp -d /tmp/mz-slurm.XXXXXX)
chmod 755 "$d"
mkdir -p "$d/state" "$d/spool" "$d/log" "$d/munge" "$d/work/results/parts"
cleanup() {
    for p in slurmd slurmctld munged; do
        [ -f "$d/$p.pid" ] && kill "$(cat "$d/$p.pid")" 2>/dev/null || :
    done
    sleep 1
    if [ "$keep" = 1 ]; then echo "slurm-local: kept $d" >&2; else rm -rf "$d"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- munge: a key of our own, a socket in the folder ------------------
dd if=/dev/urandom of="$d/munge/munge.key" bs=128 count=1 2>/dev/null
chmod 600 "$d/munge/munge.key"
munged --key-file="$d/munge/munge.key" --socket="$d/munge/munge.sock" \
    --pid-file="$d/munged.pid" --log-file="$d/log/munged.log" --seed-file="$d/munge/seed" \
    --force 2>>"$d/log/munged.log" || { cat "$d/log/munged.log" >&2; exit 1; }

# --- slurm.conf ---------------------------------------------------------
cpus=$(nproc)
mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
cat >"$d/slurm.conf" <<EOF
ClusterName=mzlocal
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
MailProg=/bin/true
SwitchType=switch/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$d/slurm.conf"

slurmctld -f "$SLURM_CONF" -i 2>>"$d/log/slurmctld.log" ||
    { echo "slurm-local: slurmctld did not start:" >&2; tail -5 "$d/log/slurmctld.log" >&2; exit 1; }
slurmd -f "$SLURM_CONF" -N localhost 2>>"$d/log/slurmd.log" ||
    { echo "slurm-local: slurmd did not start:" >&2; tail -5 "$d/log/slurmd.log" >&2; exit 1; }

# Wait for the node to be idle.
n=0
until sinfo -h -o '%T' 2>/dev/null | grep -q '^idle'; do
    n=$((n + 1))
    if [ "$n" -gt 30 ]; then
        echo "slurm-local: the node never became idle:" >&2
        sinfo -N -l >&2 || :
        tail -5 "$d/log/slurmctld.log" "$d/log/slurmd.log" >&2
        exit 1
    fi
    sleep 1
done
echo "slurm-local: cluster up ($(sinfo -h -o '%n %c CPUs %m MB %T'))" >&2

# --- the array and the dependent merge -----------------------------------
cd "$d/work"
start=$(date +%s)
jid=$(sbatch --parsable --array="1-$shards" --cpus-per-task=1 --mem=512M \
    --output="results/parts/slurm-%A_%a.out" \
    --export="ALL,MZ_BIN=$bin,MZ_PLAN=$plan" "$root/scripts/sweep-slurm.sbatch")
mid=$(sbatch --parsable --dependency="afterok:$jid" --kill-on-invalid-dep=yes --mem=512M \
    --output="results/merge-%j.out" \
    --wrap "'$bin' merge results/parts/part-*.csv --out results/slurm.csv")
echo "slurm-local: array job $jid ($shards tasks), merge job $mid after it" >&2

n=0
while squeue -h -j "$jid,$mid" 2>/dev/null | grep -q .; do
    n=$((n + 1))
    if [ "$n" -gt 600 ]; then
        echo "slurm-local: jobs still queued after 10 minutes:" >&2
        squeue >&2
        exit 1
    fi
    sleep 1
done
echo "slurm-local: jobs done in $(($(date +%s) - start)) s" >&2
if [ ! -s results/slurm.csv ]; then
    echo "slurm-local: no merged file (the array or the merge failed)" >&2
    for f in results/parts/slurm-*.out results/merge-*.out; do
        [ -s "$f" ] && { echo "--- $f" >&2; tail -3 "$f" >&2; }
    done
    scontrol show job "$jid" 2>/dev/null | grep -E 'JobState|ExitCode' >&2 || :
    exit 1
fi

# --- compare with a local sweep -----------------------------------------
"$bin" sweep "$plan" --out local.csv 2>/dev/null
det() { awk -f "$root/scripts/csv.awk" -f "$root/scripts/sweep-figures.awk" "$1"; }
det results/slurm.csv >slurm.det
det local.csv >local.det
if cmp -s slurm.det local.det; then
    echo "slurm-local: merged sweep of $shards shards matches the local sweep ($(($(wc -l <local.det) - 1)) rows)"
else
    echo "slurm-local: merged sweep differs from the local sweep:" >&2
    diff slurm.det local.det | head -10 >&2
    exit 1
fi
