#!/usr/bin/env bash
# Runs the programs unpacked by check_packages.sh under WORK/root, as a user would, and checks
# that nothing they load comes from the FORBIDDEN folders (space-separated).
# usage: run_unpacked.sh WORK base|cuda "FORBIDDEN..."
set -euo pipefail
work=$1; stage=$2; read -r -a forbidden <<< "$3"
root="$work/root"
bin="$root/usr/bin"
plugin="$root/usr/lib/convstudio/libconvstudio_cuda.so"
export HOME="$work/home" QT_QPA_PLATFORM=offscreen
unset XDG_CACHE_HOME LD_LIBRARY_PATH CONVSTUDIO_VENV
mkdir -p "$HOME"
# The caller's folder may be one of those hidden behind an empty mount: work from ours.
cd "$work"

# The paths the loader reports, normalized ($ORIGIN/../lib gives .../usr/bin/../lib/...).
normalized() { grep -o '/[^ ]*' | xargs -r realpath -m; }

# Absolute paths must stay inside the unpacked root or the system's own folders.
check_paths() {
  local what=$1 paths=$2 dir
  for dir in "${forbidden[@]}"; do
    if grep -F "$dir/" <<< "$paths"; then echo "$what uses $dir"; exit 1; fi
  done
}

echo "-- run paths: \$ORIGIN-relative only"
elfs=("$bin/convstudio" "$bin/convstudio-cli")
[ "$stage" = cuda ] && elfs+=("$plugin")
for elf in "${elfs[@]}"; do
  paths=$(readelf -d "$elf" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
  echo "$(basename "$elf"): $paths"
  if [ -z "$paths" ]; then echo "$elf has no run path"; exit 1; fi
  if tr ':' '\n' <<< "$paths" | grep -v '^\$ORIGIN/'; then echo "$elf: non-\$ORIGIN path"; exit 1; fi
done

echo "-- ldd: every library found, none from the venv, the build tree or /usr/local/cuda"
while IFS= read -r -d '' elf; do
  out=$(ldd "$elf")
  if grep -q "not found" <<< "$out"; then echo "$elf:"; echo "$out"; exit 1; fi
  paths=$(sed -n 's/.*=> \(.*\) (0x.*/\1/p' <<< "$out" | normalized)
  check_paths "$elf" "$paths"
  if grep -q "^/usr/local/cuda" <<< "$paths"; then echo "$elf uses /usr/local/cuda"; exit 1; fi
done < <(find "$bin" "$root/usr/lib/convstudio" -type f \( -perm -u+x -o -name '*.so*' \) -print0)
# The programs link LibTorch's CPU half only: CUDA comes through the plugin.
if ldd "$bin/convstudio-cli" | grep -E 'libtorch_cuda|libc10_cuda|libcudnn|libcublas'; then
  echo "convstudio-cli links CUDA libraries"; exit 1
fi

echo "-- convstudio-cli --version and devices"
"$bin/convstudio-cli" --version | tee "$work/version.txt"
LD_DEBUG=files "$bin/convstudio-cli" devices > "$work/devices.txt" 2> "$work/loaded.txt"
cat "$work/devices.txt"
loaded=$(sed -n 's/.*calling init: //p' "$work/loaded.txt" | normalized)
check_paths "devices (loaded libraries)" "$loaded"
if grep -q "^/usr/local/cuda" <<< "$loaded"; then echo "loaded from /usr/local/cuda"; exit 1; fi
grep -qF "$root/usr/lib/convstudio/torch/lib/libtorch_cpu.so" <<< "$loaded"
if [ "$stage" = base ]; then
  grep -qx "CUDA support: not installed (install convstudio-cuda)" "$work/version.txt"
  grep -qx "CUDA support: not installed (install convstudio-cuda)" "$work/devices.txt"
  if grep -q "libtorch_cuda" <<< "$loaded"; then echo "base package loaded libtorch_cuda"; exit 1; fi
else
  grep -Eqx "CUDA support: installed \(CUDA [0-9]+\.[0-9]+\); .+" "$work/version.txt"
  grep -Eqx "CUDA support: compiled in \(CUDA [0-9]+\.[0-9]+\), .+" "$work/devices.txt"
  # Here (no GPU) it must say why CUDA is unusable: the driver, not the build.
  if ! grep -q "^cuda:0" "$work/devices.txt"; then
    grep -Eq "CUDA support: compiled in .*, no NVIDIA driver|no CUDA device" "$work/devices.txt"
  fi
  grep -qF "$plugin" <<< "$loaded"
  grep -qF "$root/usr/lib/convstudio/torch/lib/libtorch_cuda.so" <<< "$loaded"
fi

echo "-- templates, new, inspect"
"$bin/convstudio-cli" templates
"$bin/convstudio-cli" inspect --template resnet-small --input 3x32x32 | tail -n 3
"$bin/convstudio-cli" new --template lenet5 --out "$work/lenet-$stage.convstudio"
"$bin/convstudio-cli" inspect "$work/lenet-$stage.convstudio" | grep -q '^params: [1-9]'

echo "-- train 5 steps on the built-in Fashion-MNIST"
"$bin/convstudio-cli" train "$work/lenet-$stage.convstudio" --max-steps 5 --batch-size 32 \
  --out "$work/run-$stage" | tee "$work/train.txt"
# grep, not python3: under CI python3 is a pyenv shim that needs the HOME and folders hidden here.
summary=$(tail -n 1 "$work/train.txt")
grep -q '"steps":5,' <<< "$summary" || { echo "expected 5 steps: $summary"; exit 1; }
grep -Eq '"device":"(cpu|cuda[^"]*)"' <<< "$summary" || { echo "unexpected device: $summary"; exit 1; }
test -f "$work/run-$stage/last.ckpt/model.safetensors"

echo "-- the studio: a screenshot with the project opened from the command line"
rm -f "$work/shot-$stage.png"
"$bin/convstudio" "$work/lenet-$stage.convstudio" --screenshot "$work/shot-$stage.png" \
  --screenshot-delay 100
file "$work/shot-$stage.png" | grep -q "PNG image data"
echo "$stage OK"
