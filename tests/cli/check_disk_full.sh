#!/bin/bash
# A full disk (the shell's file-size limit, RLIMIT_FSIZE) while the CLI writes: the export fails
# with a clear error and a non-zero exit instead of being killed by SIGXFSZ, and the export that
# was there before is intact. Usage: check_disk_full.sh CLI WORK
set -eu
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" >/dev/null
"$cli" train "$work/lenet.convstudio" --max-steps 3 --out "$work/run" >/dev/null
"$cli" export "$work/run/last.ckpt" --format onnx --out "$work/model.onnx" >/dev/null
cp "$work/model.onnx" "$work/before.onnx"
# 64 KiB: below the ~250 KB lenet5 export.
status=0
(ulimit -f 64; exec "$cli" export "$work/run/last.ckpt" --format onnx --out "$work/model.onnx") \
  >"$work/stdout.txt" 2>"$work/stderr.txt" || status=$?
cat "$work/stderr.txt"
test "$status" -ne 0 || { echo "the export past the file-size limit exited 0"; exit 1; }
test "$status" -lt 128 || { echo "the CLI was killed by signal $((status - 128))"; exit 1; }
grep -q "model.onnx" "$work/stderr.txt"
grep -qi "too large" "$work/stderr.txt"
cmp "$work/model.onnx" "$work/before.onnx"
test -z "$(find "$work" -maxdepth 1 -name 'model.onnx?*')" || { ls "$work"; exit 1; }
echo "disk full: the export failed clearly and the previous model.onnx is intact"
