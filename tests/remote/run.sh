#!/bin/bash
# `make test-remote` (issue 39): trains through ssh to a throwaway sshd on 127.0.0.1, directly
# and through sbatch on a single-node SLURM on localhost (remote_env.sh starts both, CPU ranks),
# follows each run to its end and checks what came back; a link killed mid-run is reconnected
# and the run still finishes; Stop (SIGTERM to the process group, and scancel) ends a run as
# "stopped" with its checkpoint. Everything is torn down on exit.
# Usage: run.sh CLI [--short]   (CLI: the built convstudio-cli, an absolute path; --short: the
# direct submit only, for ctest; exit code 77: skipped, no sshd)
set -u
cli=$(realpath "$1")
short=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
REMOTE_TMP=$(mktemp -d /tmp/convstudio-remote.XXXXXX)
. "$here/remote_env.sh"
trap remote_env_stop EXIT
[ -n "${KEEP_REMOTE_LOGS:-}" ] && trap 'cp "$REMOTE_TMP"/*.log "$KEEP_REMOTE_LOGS"/; remote_env_stop' EXIT
fail() { echo "FAILED: $*"; exit 1; }
step() { echo "== $*"; }

remote_env_start_sshd
case $? in
  0) ;;
  77) echo "SKIP: sshd is not installed (apt-get install openssh-server)"; exit 77 ;;
  *) fail "the test sshd did not start" ;;
esac
export CONVSTUDIO_TARGETS=$REMOTE_TMP/targets.json
export XDG_CACHE_HOME=$REMOTE_TMP/cache
# A work folder with a space and a quote: every path on the remote goes through the quoting.
work="$REMOTE_TMP/remote work/it's"
"$cli" targets add local "$REMOTE_HOST" --ssh-config "$REMOTE_SSH_CONFIG" --cli "$cli" \
  --work-folder "$work" > /dev/null || fail "targets add"
"$cli" targets list | grep -q "^local" || fail "targets list"

"$here/../cli/write_noise_csv_dataset.py" "$REMOTE_TMP/data" 240 3 || exit 1
mkdir -p "$REMOTE_TMP/project"
project=$REMOTE_TMP/project/p.convstudio
"$cli" new --template lenet5 --dataset "$REMOTE_TMP/data/labels.csv" --out "$project" \
  > /dev/null || fail "new"

# Steps in metrics.jsonl of a folder, and whether they are 1..N once each in order.
steps_in() {
  n=$(grep -c '"kind":"step"' "$1/metrics.jsonl" 2> /dev/null)
  echo "${n:-0}"
}
steps_in_order() {
  python3 - "$1/metrics.jsonl" "$2" <<'PY'
import json, sys
steps = [json.loads(l)["step"] for l in open(sys.argv[1]) if '"kind":"step"' in l]
sys.exit(0 if steps == list(range(1, int(sys.argv[2]) + 1)) else 1)
PY
}
state_of() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["state"])' "$1"; }
# Waits (up to two minutes) until the mirror of a run not followed has steps.
wait_for_steps() {
  for _ in $(seq 240); do
    "$cli" remote status "$1" > /dev/null 2>&1
    [ "$(steps_in "$1")" -ge "$2" ] && return 0
    sleep 0.5
  done
  fail "no steps reached $1"
}

step "direct submit, followed to its end"
"$cli" submit "$project" --target local --follow --out "$REMOTE_TMP/mirror-direct" \
  -- --max-steps 30 --epochs 100 --batch-size 8 > "$REMOTE_TMP/direct.log" 2>&1 \
  || { cat "$REMOTE_TMP/direct.log"; fail "direct submit"; }
mirror=$REMOTE_TMP/mirror-direct
grep -E "^(submitted|step 30 |remote run)" "$REMOTE_TMP/direct.log"
steps_in_order "$mirror" 30 || fail "the mirror does not hold steps 1..30"
remote_run=$(ls -d "$work"/p-*/run | head -n 1)
cmp "$mirror/metrics.jsonl" "$remote_run/metrics.jsonl" || fail "the mirrored metrics differ"
[ "$(state_of "$mirror/run.json")" = finished ] || fail "run.json does not say finished"
[ "$(state_of "$mirror/remote.json")" = finished ] || fail "remote.json does not say finished"
[ -d "$mirror/last.ckpt" ] || fail "the checkpoint did not come back"
"$cli" evaluate "$mirror/last.ckpt" --data "$REMOTE_TMP/data/labels.csv" \
  | grep -q '^accuracy: ' || fail "the fetched checkpoint does not evaluate"
[ "$short" = --short ] && { echo "PASSED (short)"; exit 0; }

step "direct submit, the link killed mid-run"
"$cli" submit "$project" --target local --out "$REMOTE_TMP/mirror-drop" \
  -- --max-steps 150 --epochs 100 --batch-size 8 > /dev/null || fail "submit"
mirror=$REMOTE_TMP/mirror-drop
"$cli" remote follow "$mirror" > "$REMOTE_TMP/drop.log" 2>&1 &
follower=$!
until [ "$(steps_in "$mirror")" -ge 10 ]; do
  kill -0 $follower 2> /dev/null || { cat "$REMOTE_TMP/drop.log"; fail "follow ended early"; }
  sleep 0.2
done
remote_env_kill_sshd
until grep -q reconnecting "$REMOTE_TMP/drop.log"; do
  kill -0 $follower 2> /dev/null || { cat "$REMOTE_TMP/drop.log"; fail "follow gave up"; }
  sleep 0.2
done
# The run goes on without the link; the sshd comes back after a few failed tries.
sleep 4
remote_env_restart_sshd || fail "the sshd did not restart"
wait $follower || { cat "$REMOTE_TMP/drop.log"; fail "the followed run did not finish"; }
grep -E "^(reconnect|remote run)" "$REMOTE_TMP/drop.log"
grep -q "^reconnected" "$REMOTE_TMP/drop.log" || fail "no reconnection reported"
steps_in_order "$mirror" 150 || fail "steps were lost across the dropped link"
[ -d "$mirror/last.ckpt" ] || fail "the checkpoint did not come back"

step "direct submit, stopped (SIGTERM to its process group)"
"$cli" submit "$project" --target local --out "$REMOTE_TMP/mirror-stop" \
  -- --max-steps 100000 --epochs 1000 --batch-size 8 > /dev/null || fail "submit"
mirror=$REMOTE_TMP/mirror-stop
wait_for_steps "$mirror" 3
"$cli" remote stop "$mirror" || fail "remote stop"
"$cli" remote follow "$mirror" > "$REMOTE_TMP/stop.log" 2>&1
test $? -eq 1 || { cat "$REMOTE_TMP/stop.log"; fail "a stopped run should end follow with 1"; }
tail -n 1 "$REMOTE_TMP/stop.log"
[ "$(state_of "$mirror/remote.json")" = stopped ] || fail "remote.json does not say stopped"
[ "$(state_of "$mirror/run.json")" = cancelled ] || fail "the CLI did not stop gracefully"
[ -d "$mirror/last.ckpt" ] || fail "the stopped run's checkpoint did not come back"

step "SLURM: munge, slurmctld and slurmd on localhost"
remote_env_start_slurm
case $? in
  0) ;;
  77) echo "SKIP (SLURM part): slurm-wlm or munge is not installed"; echo "PASSED (ssh only)"
      exit 0 ;;
  *) fail "the test SLURM did not start" ;;
esac
"$cli" targets add cluster "$REMOTE_HOST" --ssh-config "$REMOTE_SSH_CONFIG" --cli "$cli" \
  --work-folder "$work" --slurm --nodes 1 --ranks-per-node 2 > /dev/null || fail "targets add"

step "sbatch with an edited script, two CPU ranks, followed to its end"
"$cli" submit "$project" --target cluster --print-script -- --max-steps 20 --batch-size 8 \
  > "$REMOTE_TMP/job.sbatch" || fail "print-script"
sed -i 's/^srun /echo edited-by-the-user\nsrun /' "$REMOTE_TMP/job.sbatch"
cat "$REMOTE_TMP/job.sbatch"
"$cli" submit "$project" --target cluster --script "$REMOTE_TMP/job.sbatch" --follow \
  --out "$REMOTE_TMP/mirror-slurm" -- --max-steps 20 --batch-size 8 \
  > "$REMOTE_TMP/slurm.log" 2>&1 || { cat "$REMOTE_TMP/slurm.log"; fail "sbatch submit"; }
mirror=$REMOTE_TMP/mirror-slurm
grep -E "^(submitted|step 20 |remote run)" "$REMOTE_TMP/slurm.log"
steps_in_order "$mirror" 20 || fail "the mirror does not hold steps 1..20"
[ -d "$mirror/last.ckpt" ] || fail "the checkpoint did not come back"
job_folder=$(dirname "$(ls -d "$work"/p-*/job.sbatch | head -n 1)")
grep -q edited-by-the-user "$job_folder"/slurm-*.out || fail "the edited script was not the one run"

step "sbatch, stopped with scancel"
"$cli" submit "$project" --target cluster --out "$REMOTE_TMP/mirror-scancel" \
  -- --max-steps 100000 --epochs 1000 --batch-size 8 > /dev/null || fail "submit"
mirror=$REMOTE_TMP/mirror-scancel
wait_for_steps "$mirror" 3
"$cli" remote stop "$mirror" | grep -q scancel || fail "remote stop"
"$cli" remote follow "$mirror" > "$REMOTE_TMP/scancel.log" 2>&1
test $? -eq 1 || { cat "$REMOTE_TMP/scancel.log"; fail "a cancelled job should end follow with 1"; }
tail -n 1 "$REMOTE_TMP/scancel.log"
[ "$(state_of "$mirror/remote.json")" = stopped ] || fail "remote.json does not say stopped"
[ "$(state_of "$mirror/run.json")" = cancelled ] || fail "the ranks did not stop gracefully"
[ -d "$mirror/last.ckpt" ] || fail "the cancelled job's checkpoint did not come back"
echo "PASSED"
