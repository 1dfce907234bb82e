#!/usr/bin/env bash
# The packages installed for real, as a user installs them: `apt install ./convstudio_*.deb` on
# this machine, the programs run from /usr/bin with an empty environment and with the venv, the
# build tree, the sources and /usr/local/cuda hidden (tmpfs mounted over them in a private mount
# namespace: nobody else's view changes, unlike renaming the shared venv), then the add-on, then
# `apt remove`, after which nothing of ours may be left. Needs root; changes the system while it
# runs (`make test-install`), so it is not part of `make test`.
#
# usage: check_installed.sh PACKAGE_DIR BUILD_DIR
set -euo pipefail
package_dir=$(realpath "$1")
build_dir=$(realpath "$2")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
venv=$(sed -n 's/^CONVSTUDIO_VENV:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
base_deb=$(ls "$package_dir"/convstudio_*.deb)
cuda_deb=$(ls "$package_dir"/convstudio-cuda_*.deb 2> /dev/null || true)

[ "$(id -u)" = 0 ] || { echo "check_installed.sh needs root (apt install)"; exit 1; }
if dpkg-query -W -f '${Status}' convstudio 2> /dev/null | grep -q installed; then
  echo "convstudio is already installed here; not touching it"; exit 1
fi

work=$(mktemp -d /tmp/convstudio-installed.XXXXXX)
# Our packages that dpkg lists as installed (apt cannot name one it never saw installed).
ours_installed() {
  dpkg-query -W -f '${Package} ${Status}\n' convstudio convstudio-cuda 2> /dev/null |
    sed -n 's/ install ok installed$//p' || true
}
cleanup() {
  local installed
  installed=$(ours_installed)
  [ -z "$installed" ] || apt-get remove -y -q $installed > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

# Recommends (qt6-translations-l10n) would be downloaded: a check should not add packages.
apt_install() { apt-get install -y -q --no-install-recommends "$@" | grep -E '^(Unpacking|Setting)'; }

# Runs the installed programs as a user would: found on PATH, nothing inherited from us.
hidden=("$venv" "$build_dir" "$source_dir" /usr/local/cuda)
run_installed() {
  unshare --mount --propagation private bash -c '
    for dir in "${@:2}"; do
      if [ -d "$dir" ]; then mount -t tmpfs -o ro,size=1m none "$dir" || exit 1; fi
    done
    exec env -i HOME="$1/home" PATH=/usr/bin:/bin QT_QPA_PLATFORM=offscreen \
      LANG=C.UTF-8 LD_DEBUG=libs LD_DEBUG_OUTPUT="$1/ld" bash -c "$0"' \
    "$1" "$work" "${hidden[@]}"
}

# The packages owning PATHS (one a line; dpkg -S), counted; fails for a file no package owns.
# On merged /usr, dpkg knows a library by the name it was packaged under (/lib/... or /usr/lib/...)
# whichever the loader reports: ask for either. An alternative (libblas.so.3 ->
# /etc/alternatives/...) belongs to no package: its target must.
package_owners() {
  local paths=$1 owners unowned
  owners=$(sed 's|^/usr/|/|; s|^|*|' <<< "$paths" | xargs dpkg -S 2> "$work/unowned" || true)
  unowned=$(sed -n 's/.*no path found matching pattern \*//p' "$work/unowned")
  if [ -n "$unowned" ]; then
    owners+=$'\n'$(grep -E "$(paste -sd '|' <<< "$unowned")" <<< "$paths" | xargs realpath |
                   xargs dpkg -S) || { echo "libraries that no package owns"; exit 1; }
  fi
  owners=$(cut -d: -f1 <<< "$owners" | sort | uniq -c | sort -rn)
  echo "$(wc -l <<< "$owners") packages: $(head -n 12 <<< "$owners" | paste -sd ' ' | tr -s ' ') ..."
}

# Every ELF file of the packages: run paths $ORIGIN-relative only, and every library it needs
# found (ldd) in a file that a Debian package owns, ours or the system's.
check_elf_files() {
  local elfs=() path paths
  while IFS= read -r path; do
    [ -f "$path" ] && [ "$(head -c 4 "$path" | od -An -c | tr -d ' ')" = '177ELF' ] &&
      elfs+=("$path")
  done < <(dpkg -L "$@")
  for path in "${elfs[@]}"; do
    local entries
    entries=$(readelf -d "$path" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p' | tr ':' '\n')
    # NVIDIA's cuSPARSELt says "$ORIGIN:" (an empty entry, the working folder). Its licence
    # forbids changing it; it needs only glibc's libraries, loaded before it, so the entry is
    # never searched.
    [[ "$path" == /usr/lib/convstudio/nvidia/* ]] && entries=$(grep -v '^$' <<< "$entries" || true)
    if [ -n "$entries" ] && grep -Ev '^\$(ORIGIN|\{ORIGIN\})(/|$)' <<< "$entries"; then
      echo "$path: a run path that is not \$ORIGIN-relative"; exit 1
    fi
  done
  paths=$(for path in "${elfs[@]}"; do ldd "$path"; done)
  if grep 'not found' <<< "$paths"; then echo "a needed library is missing"; exit 1; fi
  paths=$(sed -n 's/.*=> \(\/[^ ]*\) (0x.*/\1/p' <<< "$paths" | xargs realpath -ms | sort -u)
  echo "${#elfs[@]} ELF files; the $(wc -l <<< "$paths") libraries they need belong to:"
  package_owners "$paths"
}

# Every library the loader opened (LD_DEBUG=libs) comes from a Debian package: ours, from
# /usr/lib/convstudio, or the system's.
check_loaded() {
  local opened
  opened=$(cat "$work"/ld.* | sed -n 's/.*calling init: //p' | xargs -r realpath -ms | sort -u)
  rm -f "$work"/ld.*
  echo "$(wc -l <<< "$opened") libraries loaded, from the folders:"
  xargs -n1 dirname <<< "$opened" | sort | uniq -c | sort -rn | paste -sd ' '
  echo "belonging to the packages:"
  package_owners "$opened"
  grep -qx /usr/lib/convstudio/torch/lib/libtorch_cpu.so <<< "$opened"
}

mkdir -p "$work/home"
echo "== apt install $(basename "$base_deb")"
apt_install "$base_deb"
test "$(command -v convstudio-cli)" = /usr/bin/convstudio-cli
test "$(command -v convstudio)" = /usr/bin/convstudio

echo "== installed files"
desktop-file-validate /usr/share/applications/convstudio.desktop
grep -q 'application/x-convstudio:\*\.convstudio' /usr/share/mime/globs2  # mime trigger ran
grep -q '^application/x-convstudio=convstudio.desktop;' /usr/share/applications/mimeinfo.cache
ls /usr/share/icons/hicolor/*/apps/convstudio.*
check_elf_files convstudio

echo "== base package: CPU training from /usr/bin, venv and build tree hidden"
run_installed '
  set -e
  convstudio-cli --version
  convstudio-cli devices
  convstudio-cli new --template lenet5 --out "$HOME/lenet.convstudio"
  convstudio-cli inspect "$HOME/lenet.convstudio" | tail -n 3
  convstudio-cli train "$HOME/lenet.convstudio" --max-steps 5 --batch-size 32 --out "$HOME/run"
  convstudio "$HOME/lenet.convstudio" --screenshot "$HOME/shot-en.png" --screenshot-delay 300
  convstudio --lang zh_CN --template resnet-small --screenshot "$HOME/shot-zh.png" \
    --screenshot-delay 300' | tee "$work/base.txt"
check_loaded
grep -qx 'CUDA support: not installed (install convstudio-cuda)' "$work/base.txt"
tail -n 1 "$work/base.txt" | grep -q '"steps":5'
file "$work/home/shot-en.png" "$work/home/shot-zh.png" | grep -c 'PNG image data' | grep -qx 2
cp "$work/home"/shot-*.png "${SCREENSHOT_DIR:-$work}/" 2> /dev/null || true

if [ -n "$cuda_deb" ]; then
  echo "== apt install $(basename "$cuda_deb")"
  apt_install "$cuda_deb"
  check_elf_files convstudio-cuda
  run_installed 'set -e; convstudio-cli --version; convstudio-cli devices' | tee "$work/cuda.txt"
  check_loaded
  grep -Eqx 'CUDA support: compiled in \(CUDA [0-9]+\.[0-9]+\), no NVIDIA driver' "$work/cuda.txt"
fi

echo "== apt remove: nothing of ours left"
installed=$(ours_installed)
installed_files=$(dpkg -L $installed | sort -u)
apt-get remove -y -q $installed | grep -E '^Removing' || true
left=""
while IFS= read -r path; do
  # Folders shared with other packages (/usr/share/icons/...) stay; our own must go.
  if [ -f "$path" ] || [ -L "$path" ]; then left+="$path"$'\n'; fi
done <<< "$installed_files"
[ -e /usr/lib/convstudio ] && left+=/usr/lib/convstudio$'\n'
[ -e /usr/share/doc/convstudio ] && left+=/usr/share/doc/convstudio$'\n'
if [ -n "$left" ]; then echo "left behind:"; echo "$left"; exit 1; fi
if grep -q convstudio /usr/share/mime/globs2 /usr/share/applications/mimeinfo.cache; then
  echo "the MIME and desktop caches still name convstudio"; exit 1
fi
status=$(dpkg-query -W -f '${Package} ${Status}\n' convstudio convstudio-cuda 2> /dev/null || true)
if grep -Eq 'ok (installed|config-files|half-installed|unpacked)' <<< "$status"; then
  echo "dpkg still lists our packages: $status"; exit 1
fi
echo "installed packages OK"
