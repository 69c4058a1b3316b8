#!/usr/bin/env bash
# The recipes of docs/scale-out.md, run offline on this machine (issue 18): a chunked
# render's plan run by GNU Parallel (retries, --resume-failed after a failure) and by a
# one-node Slurm cluster this script starts (an array job for the chunks, a dependent job
# for the assembly), each assembled file checked against the single render (frame count,
# packet timestamps, decoded sound); and the Kubernetes manifests in deploy/kubernetes/
# checked for shape. Installs GNU Parallel, slurm-wlm and munge with apt-get when missing;
# Slurm is skipped, saying so, only when they cannot be installed.
#
#   scripts/test-scale-out.sh            # uses .build/debug/vedl (built when missing)
#   VEDL=.build/release/vedl scripts/test-scale-out.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
[ -x "${VEDL:-.build/debug/vedl}" ] || swift build --product vedl
VEDL=$(realpath "${VEDL:-.build/debug/vedl}")
WORK=$(mktemp -d /tmp/vedl-scale-out.XXXXXX)
STARTED=()
cleanup() {
  # Only the daemons this script started, by their process ids.
  for pid in "${STARTED[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${STARTED[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
apt_install() { # PACKAGE… — true when installed (or already there)
  command -v apt-get >/dev/null || return 1
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null 2>&1 && return 0
  apt-get update >/dev/null 2>&1 || return 1
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@" >/dev/null 2>&1
}

# `vedl` on the PATH, as the recipes call it.
mkdir -p "$WORK/bin"
ln -s "$VEDL" "$WORK/bin/vedl"
export PATH="$WORK/bin:$PATH"
cd "$WORK"
ffmpeg -v error -y -f lavfi -i testsrc2=size=160x90:rate=25:duration=4 -f lavfi -i sine=frequency=440:duration=4 \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest a.mp4
ffmpeg -v error -y -f lavfi -i testsrc=size=160x90:rate=25:duration=4 -f lavfi -i sine=frequency=660:duration=4 \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest b.mp4
cat > edit.vedl <<'EOF'
canvas 160x90 fps: 25
track main {
  clip video("a.mp4") duration: 3s
  crossfade 10f
  clip video("b.mp4") duration: 3s
}
track overlay {
  text "Seam" at: 2s duration: 2s {
    font "DejaVu Sans" size: 20 color: yellow
  }
}
export "out.mp4" quality: low
EOF
N=4
vedl render edit.vedl -o "$WORK/single.mp4" >/dev/null

# The assembled FILE has the single render's frames, timestamps and sound.
same_as_single() {
  local file=$1 what=$2
  [ -s "$file" ] || fail "$what: no $file"
  for stream in v:0 a:0; do
    cmp -s <(ffprobe -v error -select_streams "$stream" -show_entries packet=pts -of csv=p=0 "$WORK/single.mp4" | sort -n) \
      <(ffprobe -v error -select_streams "$stream" -show_entries packet=pts -of csv=p=0 "$file" | sort -n) ||
      fail "$what: the $stream timestamps differ from the single render's"
  done
  [ "$(ffmpeg -v error -i "$WORK/single.mp4" -map 0:a -f md5 -)" = "$(ffmpeg -v error -i "$file" -map 0:a -f md5 -)" ] ||
    fail "$what: the sound differs from the single render's"
  echo "ok: $what assembles the single render's frames and sound"
}
all_done() { # PLAN
  vedl job "$1" --status >/dev/null || { vedl job "$1" --status >&2; fail "$1: not every line is done"; }
}

echo "== GNU Parallel"
command -v parallel >/dev/null || apt_install parallel || fail "GNU Parallel cannot be installed"
mkdir -p parallel && cd parallel
cp ../edit.vedl . && ln -s ../a.mp4 ../b.mp4 .
vedl render edit.vedl -o out.mp4 --chunks $N --plan > plan.jsonl
[ "$(wc -l < plan.jsonl)" = $((N + 1)) ] || fail "the plan has $(wc -l < plan.jsonl) lines"
# A worker that fails its first attempt at chunk 1, then works: --retries runs it again.
cat > flaky.sh <<'EOF'
#!/bin/sh
if [ "$3" = "--index" ] && [ "$4" = 1 ] && [ ! -e attempted-1 ]; then touch attempted-1; exit 75; fi
exec vedl "$@"
EOF
chmod +x flaky.sh
parallel --will-cite --joblog jobs.log --retries 3 ./flaky.sh job plan.jsonl --index {} ::: $(seq 0 $((N - 1)))
[ -e attempted-1 ] || fail "the flaky job never ran"
vedl job plan.jsonl --index $N >/dev/null
all_done plan.jsonl
same_as_single out.mp4 "parallel --retries"

# A chunk that fails for good, then --resume-failed runs only it again.
rm -rf out.mp4* jobs.log
cat > broken.sh <<'EOF'
#!/bin/sh
if [ "$4" = 2 ]; then exit 1; fi
exec vedl "$@"
EOF
chmod +x broken.sh
if parallel --will-cite --joblog jobs.log ./broken.sh job plan.jsonl --index {} ::: $(seq 0 $((N - 1))); then
  fail "parallel succeeded with a broken job"
fi
[ "$(awk 'NR > 1 && $7 != 0' jobs.log | wc -l)" = 1 ] || fail "the joblog does not show one failure"
vedl job plan.jsonl --index $N >/dev/null 2>&1 && fail "the assembly ran with a chunk missing"
[ ! -e out.mp4 ] || fail "the refused assembly left out.mp4"
parallel --will-cite --joblog jobs.log --resume-failed vedl job plan.jsonl --index {} ::: $(seq 0 $((N - 1)))
[ "$(awk 'NR > 1' jobs.log | wc -l)" = $((N + 1)) ] || fail "--resume-failed ran more than the failed job"
vedl job plan.jsonl --index $N >/dev/null
all_done plan.jsonl
same_as_single out.mp4 "parallel --resume-failed"
# Retried jobs do nothing.
for i in $(seq 0 $N); do vedl job plan.jsonl --index "$i" | grep -q "nothing to do" || fail "job $i ran again"; done
echo "ok: retried jobs do nothing"
cd "$WORK"

echo "== Slurm (one node, started here)"
slurm=yes
if ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  apt_install slurm-wlm munge || slurm=no
fi
if [ "$slurm" = no ]; then
  echo "SKIP: Slurm: slurm-wlm and munge are not installed and apt-get cannot install them"
else
  S="$WORK/slurm"
  mkdir -p "$S/spool" "$S/state" "$S/munge"
  # munge with a key and socket of its own, so a system munged (if any) is left alone.
  dd if=/dev/urandom of="$S/munge/munge.key" bs=1024 count=1 2>/dev/null
  chmod 700 "$S/munge" && chmod 400 "$S/munge/munge.key"
  munged --foreground --force --key-file="$S/munge/munge.key" --socket="$S/munge/socket" \
    --pid-file="$S/munge/munged.pid" --log-file="$S/munge/munged.log" --seed-file="$S/munge/seed" 2>"$S/munge/munged.out" &
  STARTED+=($!)
  for _ in $(seq 50); do [ -S "$S/munge/socket" ] && break; sleep 0.1; done
  host=$(hostname -s)
  cat > "$S/slurm.conf" <<EOF
ClusterName=vedltest
SlurmctldHost=$host
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$S/munge/socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmdSpoolDir=$S/spool
StateSaveLocation=$S/state
SlurmctldLogFile=$S/slurmctld.log
SlurmdLogFile=$S/slurmd.log
NodeName=$host CPUs=$(nproc) RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
EOF
  export SLURM_CONF="$S/slurm.conf"
  slurmctld -D -c >"$S/slurmctld.out" 2>&1 &
  STARTED+=($!)
  slurmd -D -c >"$S/slurmd.out" 2>&1 &
  STARTED+=($!)
  for _ in $(seq 100); do sinfo -h -o %T 2>/dev/null | grep -qE "^idle" && break; sleep 0.2; done
  sinfo -h -o %T | grep -qE "^idle" || { tail -n 20 "$S"/*.log "$S"/*.out >&2; fail "the Slurm node did not come up"; }
  mkdir -p "$WORK/slurm-run" && cd "$WORK/slurm-run"
  cp ../edit.vedl . && ln -s ../a.mp4 ../b.mp4 .
  vedl render edit.vedl -o out.mp4 --chunks $N --plan > plan.jsonl
  job=$(sbatch --parsable --array=0-$((N - 1)) --output=chunk-%a.log --wrap "vedl job plan.jsonl")
  final=$(sbatch --parsable --dependency=afterok:"$job" --output=assemble.log --wrap "vedl job plan.jsonl --index $N")
  state=
  for _ in $(seq 600); do
    state=$(scontrol show job "$final" 2>/dev/null | grep -o "JobState=[A-Z_]*" | cut -d= -f2 || true)
    case "$state" in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;; esac
    sleep 0.2
  done
  [ "$state" = COMPLETED ] || { cat ./*.log >&2 || true; fail "the Slurm assemble job ended $state"; }
  all_done plan.jsonl
  same_as_single out.mp4 "Slurm array + afterok"
  cd "$WORK"
fi

echo "== Kubernetes manifests (shape)"
python3 - "$ROOT/deploy/kubernetes" <<'EOF'
import sys, yaml
folder = sys.argv[1]
def load(name):
    with open(f"{folder}/{name}") as f:
        return yaml.safe_load(f)
chunks, assemble = load("chunks-job.yaml"), load("assemble-job.yaml")
for doc in (chunks, assemble):
    assert doc["apiVersion"] == "batch/v1" and doc["kind"] == "Job", doc["kind"]
    pod = doc["spec"]["template"]["spec"]
    assert pod["restartPolicy"] == "Never"
    (container,) = pod["containers"]
    mounts = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    claims = {v["name"]: v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"]}
    assert container["workingDir"] in mounts.values(), "the job runs in the shared folder"
    assert set(mounts) == set(claims)
spec = chunks["spec"]
assert spec["completionMode"] == "Indexed"
n = spec["completions"]
assert isinstance(n, int) and n >= 1
assert 1 <= spec["parallelism"] <= n
command = chunks["spec"]["template"]["spec"]["containers"][0]["command"]
assert command[:2] == ["vedl", "job"] and "--index" not in command, "each pod reads JOB_COMPLETION_INDEX"
acommand = assemble["spec"]["template"]["spec"]["containers"][0]["command"]
assert acommand[:3] == command[:3], "both jobs run the same plan"
assert acommand[acommand.index("--index") + 1] == str(n), "the assemble line is line N"
assert assemble["spec"].get("completionMode", "NonIndexed") == "NonIndexed"
pc = lambda d: [v["persistentVolumeClaim"]["claimName"] for v in d["spec"]["template"]["spec"]["volumes"]]
assert pc(chunks) == pc(assemble), "both jobs share one volume"
print(f"ok: an Indexed Job of {n} chunks and the assemble job (line {n}) share /work")
EOF
echo "scale-out recipes passed"
