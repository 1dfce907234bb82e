#!/usr/bin/env bash
# make fuzz: builds the libFuzzer harnesses with clang (ASan + UBSan) in their own build folder
# and runs each for FUZZ_SECONDS (default 600), at most FUZZ_JOBS (default 2) at a time, niced.
# Each harness starts from its committed seed corpus (corpus/<harness>/, small real files) and
# first replays the committed reproducers of crashes found before (regressions/<harness>/).
# New crashes land in BUILD/artifacts/<harness>/; the run fails when there is one.
# Usage: fuzz.sh [BUILD_DIR] [VENV]; FUZZ_TARGETS="fuzz_idx_file ..." picks harnesses.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/tests/fuzz"
build=${1:-$root/build-fuzz}
venv=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
seconds=${FUZZ_SECONDS:-600}
parallel=${FUZZ_JOBS:-2}
harnesses=(${FUZZ_TARGETS:-fuzz_project_file fuzz_checkpoint_state fuzz_safetensors fuzz_idx_file
           fuzz_onnx_contract fuzz_csv_dataset fuzz_labels_sidecar fuzz_image_header
           fuzz_onnx_file fuzz_class_list})

# clang and its fuzzer runtime are Debian packages (clang-14, libclang-rt-14-dev in Debian 12).
clangxx=$(command -v clang++-14 || command -v clang++ || true)
runtime=$(ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a 2>/dev/null | head -1)
if [[ -z $clangxx || -z $runtime ]]; then
  if [[ $(id -u) == 0 ]]; then
    apt-get install -y --no-install-recommends clang-14 libclang-rt-14-dev
    clangxx=$(command -v clang++-14)
  else
    echo "make fuzz needs clang and libFuzzer: sudo apt-get install clang-14 libclang-rt-14-dev" >&2
    exit 2
  fi
fi

export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
flags+=" -fno-omit-frame-pointer -Wno-unknown-warning-option"
# FUZZ_NO_BUILD=1: run the harnesses as built (another build may be using the folder).
if [[ -z ${FUZZ_NO_BUILD:-} ]]; then
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCONVSTUDIO_FUZZERS=ON -DCONVSTUDIO_WERROR=OFF -DCONVSTUDIO_VENV="$venv" >/dev/null
[[ -n ${SANITIZED_TESTS:-} ]] ||
  nice -n 10 cmake --build "$build" -j "${JOBS:-2}" --target "${harnesses[@]}"
fi

# LibTorch keeps registries alive until exit on purpose; its leaks are not ours.
export ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1"
export LSAN_OPTIONS="suppressions=$root/tests/sanitizers/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"

# SANITIZED_TESTS=1: instead of fuzzing, the model and runs tests over the instrumented library.
if [[ -n ${SANITIZED_TESTS:-} ]]; then
  nice -n 10 cmake --build "$build" -j "${JOBS:-2}" --target sanitized_model_tests
  cd "$build" && exec "$build/bin/sanitized_model_tests" --gtest_brief=1
fi

summary="$build/fuzz-summary.tsv"
mkdir -p "$build/logs"
# One line per harness run, appended, so separate runs of a few harnesses add up to one table.
[[ -f $summary ]] || printf 'harness\tseconds\texecs\tcoverage\tfeatures\tcorpus\tresult\n' >"$summary"

fuzz_one() {
  local name=$1 work="$build/corpus/$name" artifacts="$build/artifacts/$name"
  local log="$build/logs/$name.log"
  mkdir -p "$work" "$artifacts"
  local replay=("$here/regressions/$name"/*)
  if [[ -e ${replay[0]} ]] && ! "$build/bin/$name" "${replay[@]}" >"$log.replay" 2>&1; then
    printf '%s\t0\t0\t-\t-\t-\tregression input crashes (%s)\n' "$name" "$log.replay" >>"$summary"
    return 1
  fi
  local status=0
  nice -n 15 "$build/bin/$name" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$work" "$here/corpus/$name" >"$log" 2>&1 || status=$?
  local execs cov ft corpus
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  corpus=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  local result=clean
  ((status == 0)) || result="CRASH (exit $status; $artifacts, $log)"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$seconds" "${execs:-?}" "${cov:-?}" \
    "${ft:-?}" "${corpus:-?}" "$result" >>"$summary"
  return $status
}

pids=()
failed=0
for name in "${harnesses[@]}"; do
  while (($(jobs -rp | wc -l) >= parallel)); do wait -n || failed=1; done
  echo "fuzzing $name for ${seconds}s"
  fuzz_one "$name" &
done
while (($(jobs -rp | wc -l) > 0)); do wait -n || failed=1; done
column -t -s $'\t' "$summary"
echo "(table: $summary; logs: $build/logs/)"
exit $failed
