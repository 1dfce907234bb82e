#!/bin/sh
# A checkpoint whose graph was edited to a huge input (write_checkpoint_huge_graph.py): predict,
# export and evaluate refuse it at the first tensor that does not fit (exit 2, naming the
# checkpoint, the block and the tensor), at the memory of an idle process: the 2 GB network is
# never built.
cli=$1; python=$2; hostile=$3; work=$4
. "$hostile/checkpoint_fixture.sh"
"$python" "$hostile/write_checkpoint_huge_graph.py" "$work/run/last.ckpt" || exit 1
ckpt="$work/run/last.ckpt"
# measured FILE COMMAND...: runs the command and writes its exit code and its peak resident
# memory in MiB into FILE.
measured() {
  "$python" -c '
import resource, subprocess, sys
code = subprocess.run(sys.argv[2:]).returncode
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
open(sys.argv[1], "w").write("%d %d\n" % (code, peak))' "$@"
}
for command in predict export evaluate; do
  case $command in
    predict) set -- predict "$ckpt" "$work/image.pgm";;
    export) set -- export "$ckpt" --format onnx --out "$work/model.onnx";;
    evaluate) set -- evaluate "$ckpt";;
  esac
  measured "$work/$command.measured" "$cli" "$@" 2> "$work/$command.err" > "$work/$command.out"
  read -r code mib < "$work/$command.measured"
  cat "$work/$command.err"
  test "$code" = 2 || { echo "$command: exit code $code, expected 2"; exit 1; }
  grep -q "last.ckpt.*fc1 (Linear): tensor \"fc1.weight\" has shape 120×256 but the graph needs 120×" \
    "$work/$command.err" || { echo "$command: the refusal does not name the tensor"; exit 1; }
  # An idle convstudio-cli-engine (LibTorch loaded) stays well under 1 GiB; the network is 2 GB.
  test "$mib" -lt 1024 || { echo "$command: peak memory $mib MiB"; exit 1; }
  echo "$command: refused at $mib MiB"
done
