#!/bin/sh
# A labels CSV with a row reaching out of its folder: refused with the CSV's name and line
# (exit 2); `new --allow-paths-outside` takes it, and the project says so.
set -e
cli=$1; python=$2; work=$3
rm -rf "$work"; mkdir -p "$work"
export XDG_CACHE_HOME="$work/cache"  # the file index goes here, not into the user's cache
"$python" "$(dirname "$0")/write_csv_escape.py" "$work"
status=0
"$cli" new --template lenet5 --dataset "$work/set/labels.csv" --out "$work/p.convstudio" \
  > "$work/out.txt" 2> "$work/err.txt" || status=$?
cat "$work/err.txt"
test $status -eq 2
grep -q "labels.csv:10:1: ../outside/secret.pgm lies outside the CSV's folder" "$work/err.txt"
test ! -e "$work/p.convstudio"
"$cli" new --template lenet5 --dataset "$work/set/labels.csv" --allow-paths-outside \
  --out "$work/q.convstudio" > "$work/out.txt"
grep -q '"allow_paths_outside": true' "$work/q.convstudio"
