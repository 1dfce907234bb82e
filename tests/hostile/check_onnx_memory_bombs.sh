#!/bin/sh
# Issue 31: tiny ONNX files that made the importer allocate gigabytes before any check (a [1, 0]
# or [16, 0] weight for a dense layer after a 64x4096x4096 input, Expand to 32768x32768, Concat
# doubling a shape 26 times) are refused, exit 2, naming the node, at the memory of an ordinary
# import: each runs with its address space capped (6 GiB unless a valid import needs more), and
# its peak resident memory must stay within 200 MB of importing a small valid model.
# Usage: check_onnx_memory_bombs.sh CLI PYTHON HOSTILE_DIR WORK
set -u
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the source tree
cli=$1; python=$2; here=$3; work=$4
cap_mb=${HOSTILE_CAP_MB:-6144}
rm -rf "$work"; mkdir -p "$work"
run() {  # run NAME MODEL: import --check under the cap; the peak goes to NAME.peak
  "$python" "$here/peak_memory.py" $cap_mb "$work/$1.peak" \
    "$cli" import "$2" --check > /dev/null 2> "$work/$1.txt"
}
printf '0123456789abcdef' > "$work/secret.bin"  # 4 weights
mkdir "$work/clean"
"$python" "$here/write_onnx_linked_data.py" "$work/clean" "$work/secret.bin" inline || exit 1
# The cap only keeps a regression from taking the machine: where LibTorch maps more address
# space at start (a CUDA driver), it grows until a valid import fits.
until run clean "$work/clean/model.onnx"; do
  cap_mb=$((cap_mb * 2))
  [ $cap_mb -le 65536 ] || { echo "a small valid model did not import"; cat "$work/clean.txt"; exit 1; }
done
baseline=$(cat "$work/clean.peak")

"$python" "$here/write_onnx_empty_weight.py" "$work/one.onnx" 1 || exit 1
"$python" "$here/write_onnx_empty_weight.py" "$work/sixteen.onnx" 16 || exit 1
"$python" "$here/write_onnx_fold_bomb.py" "$work/expand.onnx" expand || exit 1
"$python" "$here/write_onnx_fold_bomb.py" "$work/concat.onnx" concat || exit 1
for case in "one|fc (Output): its stored weights hold 1 values, but .* needs 1073741825" \
            "sixteen|fc (Output): its stored weights hold 16 values, but .* needs 17179869200" \
            "expand|bomb (Expand): folding its constant inputs would make 1073741824 values" \
            "concat|double9 (Concat): its shape value would have 2048 sizes"; do
  name=${case%%|*}; message=${case#*|}
  status=0
  run $name "$work/$name.onnx" || status=$?
  peak=$(cat "$work/$name.peak")
  echo "$name: exit $status, peak ${peak} MB (a valid import: ${baseline} MB)"
  if [ $status != 2 ] || ! grep -q "$message" "$work/$name.txt"; then
    echo "$name: expected exit 2 and '$message'"; cat "$work/$name.txt"; exit 1
  fi
  [ $peak -le $((baseline + 200)) ] || { echo "$name: the refusal took ${peak} MB"; exit 1; }
done
echo "memory bombs refused at idle memory"
