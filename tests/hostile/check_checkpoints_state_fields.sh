#!/bin/sh
# Hostile counters and configuration in a checkpoint's state.json (write_checkpoint_field.py):
# `train --resume`, `predict` and `export` refuse each one with exit code 2 and one line naming
# state.json and the field, instead of training "forever" (a global_step that wraps), until
# killed (a negative one), crashing in LibTorch with a backtrace (batch_size 0, negative or huge
# dimensions) or going on silently (a 2-byte random state, no normalisation statistics).
cli=$1; python=$2; hostile=$3; work=$4
. "$hostile/checkpoint_fixture.sh"
ckpt="$work/run/last.ckpt"

attack=0
# resume_refuses FIELD POINTER VALUE
resume_refuses() {
  fresh_checkpoint
  "$python" "$hostile/write_checkpoint_field.py" "$ckpt" "$2" "$3" || exit 1
  attack=$((attack + 1))
  expect_refusal "resume-$attack" "$1" "$cli" train "$work/p.convstudio" --resume "$ckpt"
}
resume_refuses global_step /global_step 9223372036854775807
resume_refuses global_step /global_step -1000000000000000
resume_refuses epoch /epoch -3
resume_refuses step_in_epoch /step_in_epoch 1000000
resume_refuses config.batch_size /config/batch_size 0
resume_refuses config.mean /config/mean '[]'
resume_refuses rng.cpu_generator /rng/cpu_generator '"abcd"'

# refuses_to_load FIELD POINTER VALUE: predict and export alike.
refuses_to_load() {
  fresh_checkpoint
  "$python" "$hostile/write_checkpoint_field.py" "$ckpt" "$2" "$3" || exit 1
  attack=$((attack + 1))
  expect_refusal "predict-$attack" "$1" "$cli" predict "$ckpt" "$work/image.pgm"
  expect_refusal "export-$attack" "$1" "$cli" export "$ckpt" --format onnx --out "$work/m.onnx"
}
refuses_to_load 'config.input_shape\[0\]' /config/input_shape '[-3, 28, 28]'
refuses_to_load 'config.input_shape\[1\]' /config/input_shape '[1, 9223372036854775807, 28]'
refuses_to_load config.mean /config/mean '[]'
refuses_to_load 'config.std\[0\]' /config/std '[0]'

# The pristine checkpoint still resumes: the checks refuse only what is wrong.
fresh_checkpoint
"$cli" train "$work/p.convstudio" --resume "$ckpt" --max-steps 3 > "$work/resume.txt" \
  2> "$work/resume.err" || { cat "$work/resume.err"; exit 1; }
