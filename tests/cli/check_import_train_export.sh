#!/bin/sh
# import an ONNX model made by PyTorch -> export its weights untrained -> import that back ->
# fine-tune on Fashion-MNIST from the imported weights; a file that is not a model is refused
# and nothing is written.
set -e
cli=$1; model=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
"$cli" import "$model" --out "$work/imported.convstudio" > "$work/import.txt"
cat "$work/import.txt"
grep -q "^imported .* blocks, [0-9]* parameters$" "$work/import.txt"
test -f "$work/imported.weights.safetensors"
grep -q '"weights": "imported.weights.safetensors"' "$work/imported.convstudio"

"$cli" export "$work/imported.convstudio" --format onnx --out "$work/again.onnx" > "$work/export.txt"
grep -q "^wrote $work/again.onnx" "$work/export.txt"
"$cli" import "$work/again.onnx" --check > "$work/again.txt"
test "$(sed -n 's/.* \([0-9]*\) blocks, \([0-9]*\) parameters/\1 \2/p' "$work/import.txt")" = \
     "$(sed -n 's/.* \([0-9]*\) blocks, \([0-9]*\) parameters/\1 \2/p' "$work/again.txt")"

"$cli" train "$work/imported.convstudio" --max-steps 20 --batch-size 32 --out "$work/run" \
  > "$work/train.txt" 2> "$work/train-log.txt"
grep -q "starting from the weights in .*imported.weights.safetensors" "$work/train-log.txt" \
  "$work/train.txt"
test -f "$work/run/last.ckpt/model.safetensors"

printf 'not a model' > "$work/bogus.onnx"
if "$cli" import "$work/bogus.onnx" --out "$work/bogus.convstudio" 2> "$work/bogus.txt"; then
  echo "a bogus model was imported"; exit 1
fi
grep -q "not an ONNX model" "$work/bogus.txt"
test ! -e "$work/bogus.convstudio"
test ! -e "$work/bogus.weights.safetensors"
echo "import, export and fine-tune OK"
