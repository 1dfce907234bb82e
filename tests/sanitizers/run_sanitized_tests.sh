#!/usr/bin/env bash
# make test-asan / make test-tsan: builds the named test programs with a sanitizer in their own
# build folder and runs each one; any sanitizer report fails the run.
#   asan: AddressSanitizer + UndefinedBehaviorSanitizer over the engine and model tests
#         (build-asan/).
#   tsan: ThreadSanitizer over the trainer-control, bridge-worker and data-loader tests
#         (build-tsan/).
# Only our code is instrumented: LibTorch, OpenCV and Qt come prebuilt (the wheel, Debian), so a
# bug inside them is not seen, and their own synchronisation is invisible to TSan (the
# suppressions in this folder name each such case with its reason).
# The torch-free model and runs tests also run sanitized in the clang fuzz build, which instruments
# convstudio_model anyway: `tests/fuzz/fuzz.sh` folder, target sanitized_model_tests.
# Usage: run_sanitized_tests.sh asan|tsan [BUILD_DIR] [VENV]   (JOBS=2 by default;
# SANITIZE_TARGETS="model_tests runs_tests" runs a subset of the test programs)
set -euo pipefail

mode=${1:?asan or tsan}
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/tests/sanitizers"
venv=${3:-${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/venv}
jobs=${JOBS:-2}

case "$mode" in
  asan)
    build=${2:-$root/build-asan}
    flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    targets=(model_tests io_tests runs_tests nn_tests block_type_tests data_tests checkpoint_tests train_tests
             trainer_tests export_tests import_tests engine_tests data_parallel_tests)
    # LibTorch and the CPython-free wheel keep global registries alive until exit on purpose:
    # leak reports from them are suppressed (lsan.supp); ours are not.
    export ASAN_OPTIONS="abort_on_error=0:halt_on_error=1:detect_stack_use_after_return=0:strict_string_checks=1:check_initialization_order=1"
    export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:suppressions=$here/ubsan.supp"
    ;;
  tsan)
    build=${2:-$root/build-tsan}
    flags="-fsanitize=thread -fno-omit-frame-pointer"
    # Not training_start_stop_test (TrainingController's QThread and queued signals): Debian's
    # Qt is not built for TSan, and its event queue and QThread::quit synchronise through futexes
    # inside libQt6Core, so whatever crosses that way reports as a race: 195 reports in 11
    # cycles, all such handoffs (the posted run's RunOptions, queued slot objects, the worker
    # deleted after QThread::quit; docs/RELIABILITY.md). training_worker_test drives the worker
    # and its trainer's threads without the queue. data_tests: the batch loader's workers and
    # the dataset conversions' threads (parallel_range), synchronised with std:: primitives.
    targets=(trainer_tests training_worker_test data_tests)
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$here/tsan.supp"
    # LibTorch's intra-op pool is OpenMP (libgomp), whose barriers TSan cannot see: one thread.
    export OMP_NUM_THREADS=1
    ;;
  *) echo "usage: $0 asan|tsan [BUILD_DIR] [VENV]" >&2; exit 2 ;;
esac

[[ -n ${SANITIZE_TARGETS:-} ]] && read -r -a targets <<<"$SANITIZE_TARGETS"

export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
export QT_QPA_PLATFORM=offscreen
# export_tests' InteropFiles test writes the files that ctest's Python readers check next; here
# only its C++ half runs, into a scratch folder of the sanitized build.
export CONVSTUDIO_INTEROP_DIR="$build/interop"

# -O1 -g1: line numbers in reports at a fraction of -g's build time. Warnings are not errors here:
# the sanitizers' instrumentation makes GCC warn about code the normal -Werror build accepts.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
  -DCONVSTUDIO_WERROR=OFF -DCONVSTUDIO_VENV="$venv" >/dev/null
nice -n 10 cmake --build "$build" -j "$jobs" --target "${targets[@]}"

failed=()
for target in "${targets[@]}"; do
  echo "== $mode: $target"
  args=()
  [[ $target == *_tests ]] && args=(--gtest_brief=1)  # GoogleTest; *_test are Qt Test programs
  if ! (cd "$build" && "$build/bin/$target" "${args[@]}"); then failed+=("$target"); fi
done
if ((${#failed[@]})); then
  echo "$mode: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "$mode: all ${#targets[@]} test programs clean"
