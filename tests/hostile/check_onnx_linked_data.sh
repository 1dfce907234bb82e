#!/bin/sh
# Issue 31: ONNX external data that leaves the model's folder through a symbolic link (a linked
# file, a linked subfolder) or that is a FIFO is refused by `import` and by `weights --from`:
# exit 2, a message naming the tensor and why, nothing written, the secret never a weight.
# Usage: check_onnx_linked_data.sh CLI PYTHON HOSTILE_DIR WORK
set -u
export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the source tree
cli=$1; python=$2; here=$3; work=$4
rm -rf "$work"; mkdir -p "$work/secret" "$work/clean"
secret="$work/secret/id_rsa"
yes 'PRIVATE KEY' | head -c 64 > "$secret"  # 16 float32 weights, if it were read

# A clean model of the same shape: the project that `weights --from` would overwrite.
"$python" "$here/write_onnx_linked_data.py" "$work/clean" "$secret" inline || exit 1
"$cli" import "$work/clean/model.onnx" --out "$work/project.convstudio" > /dev/null || exit 1
cp "$work/project.weights.safetensors" "$work/clean-weights.safetensors"

fail() { echo "$how, $command: $1"; cat "$work/$how/$command.txt"; exit 1; }
for how in file folder fifo; do
  mkdir "$work/$how"
  "$python" "$here/write_onnx_linked_data.py" "$work/$how" "$secret" $how || exit 1
  case $how in
    fifo) why="is not a regular file" ;;
    *) why="leads outside the model's folder" ;;
  esac
  for command in import weights; do
    if [ $command = import ]; then
      set -- import "$work/$how/model.onnx" --out "$work/$how/out.convstudio"
    else
      set -- weights "$work/project.convstudio" --from "$work/$how/model.onnx"
    fi
    # A FIFO used to block the import forever: the timeout turns that into a failure.
    status=0
    timeout 60 "$cli" "$@" > /dev/null 2> "$work/$how/$command.txt" || status=$?
    [ $status = 2 ] || fail "exit $status, expected 2"
    grep -q "tensor fc.weight: external data '.*' $why" "$work/$how/$command.txt" ||
      fail "the message does not name the tensor and why"
  done
  [ ! -e "$work/$how/out.convstudio" ] || fail "import wrote a project"
  cmp -s "$work/project.weights.safetensors" "$work/clean-weights.safetensors" ||
    fail "weights --from changed the project's weights"
done
echo "linked and FIFO external data refused"
