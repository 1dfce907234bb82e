#!/bin/sh
# A run whose checkpoint cannot be written fails, says why and exits non-zero, instead of
# "finishing" without one. The write fails at the file-size limit (RLIMIT_FSIZE): the model's
# 250 kB do not fit in 64 blocks while the small metrics files do. SIGXFSZ is ignored so the
# write returns EFBIG, as a full disk returns ENOSPC.
cli=$1; work=$2
rm -rf "$work"; mkdir -p "$work"
"$cli" new --template lenet5 --out "$work/lenet.convstudio" || exit 1
(
  trap '' XFSZ
  ulimit -f 64
  exec "$cli" train "$work/lenet.convstudio" --max-steps 2 --batch-size 16 --out "$work/run" \
    > "$work/stdout.txt" 2> "$work/stderr.txt"
)
code=$?
cat "$work/stderr.txt"
echo "exit code $code"
test $code -eq 1 || exit 1
grep -q "could not save the checkpoint" "$work/stderr.txt" || exit 1
tail -n 1 "$work/stdout.txt" | grep -q '"state":"failed"' || exit 1
test ! -e "$work/run/last.ckpt"
