#!/usr/bin/env bash
# Cold build of a fresh clone (issue 13): clones REV (default HEAD) of this repository into a
# scratch folder and times `make build` there with the compiler cache off — configure and compile,
# set-up already in place (run `make setup` first, or the time includes downloads).
# Usage: tests/bench/build_bench.sh [REV] [SCRATCH]   (prints seconds; about 6–20 min on 2 cores)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
rev=${1:-HEAD}
scratch=${2:-$(mktemp -d /tmp/convstudio-build-bench.XXXXXX)}
rm -rf "$scratch/clone"
git clone -q --no-checkout "$repo" "$scratch/clone"
git -C "$scratch/clone" checkout -q "$(git -C "$repo" rev-parse "$rev")"
log="$scratch/build.log"
start=$(date +%s.%N)
if ! CCACHE_DISABLE=1 make -C "$scratch/clone" build >"$log" 2>&1; then
  echo "build of $rev failed; see $log" >&2
  exit 1
fi
end=$(date +%s.%N)
seconds=$(echo "$end - $start" | bc)
printf 'cold build of %s: %.0f s (%.1f min), %s steps; log %s\n' \
  "$(git -C "$repo" rev-parse --short "$rev")" "$seconds" "$(echo "$seconds / 60" | bc -l)" \
  "$(grep -c '^\[[0-9]*/' "$log")" "$log"
