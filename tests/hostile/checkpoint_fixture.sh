# Sourced by the checkpoint checks (check_checkpoints_*.sh): a real checkpoint to attack,
# $work/run/last.ckpt, left by two steps of lenet5 on 64 noise images (project $work/p.convstudio,
# which normalises its input), kept pristine in $work/pristine.ckpt; fresh_checkpoint puts it back.
# Needs $cli, $python, $hostile and $work.
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"
"$python" "$hostile/../cli/write_noise_csv_dataset.py" "$work" 64 3 || exit 1
"$cli" new --template lenet5 --dataset "$work/labels.csv" --out "$work/p.convstudio" \
  > /dev/null || exit 1
"$cli" train "$work/p.convstudio" --max-steps 2 --batch-size 8 --out "$work/run" \
  > "$work/train.txt" 2>&1 || { cat "$work/train.txt"; exit 1; }
cp -r "$work/run/last.ckpt" "$work/pristine.ckpt"
{ printf 'P5\n28 28\n255\n'; head -c 784 /dev/urandom; } > "$work/image.pgm"

fresh_checkpoint() {
  rm -rf "$work/run/last.ckpt"
  cp -r "$work/pristine.ckpt" "$work/run/last.ckpt"
}

# expect_refusal NAME FIELD COMMAND...: exit code 2 and one line naming state.json and FIELD,
# without a C++ backtrace.
expect_refusal() {
  name=$1; field=$2; shift 2
  "$@" > "$work/$name.out" 2> "$work/$name.err"
  code=$?
  if [ $code -ne 2 ]; then
    echo "$name: exit code $code, expected 2"; cat "$work/$name.err"; exit 1
  fi
  grep -q "state.json: $field: " "$work/$name.err" ||
    { echo "$name: no refusal naming state.json and $field:"; cat "$work/$name.err"; exit 1; }
  if grep -q "Exception raised from\|frame #" "$work/$name.err"; then
    echo "$name: a C++ backtrace escaped:"; cat "$work/$name.err"; exit 1
  fi
}
