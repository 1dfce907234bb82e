#!/usr/bin/env bash
# The Debian packages as a user gets them: `installer/make-packages.sh --fast` builds them, they are
# unpacked into a scratch root (dpkg-deb -x, what apt would place under /), and the unpacked
# programs run with the venv, the build tree, the sources and /usr/local/cuda out of reach:
# hidden behind empty folders in a private mount namespace where we may make one, and in any
# case checked through the dynamic loader's own list of what it opened.
# First the base package alone (CPU training, "CUDA support: not installed"), then with the
# convstudio-cuda add-on ("CUDA support: compiled in").
#
# usage: check_packages.sh BUILD_DIR
set -euo pipefail
build_dir=$(realpath "$1")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
venv=$(sed -n 's/^CONVSTUDIO_VENV:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
[ -n "$venv" ] || venv="$HOME/.cache/convstudio/venv"

# Outside the build tree, so that the build tree can be hidden while the packages run.
work=$(mktemp -d /tmp/convstudio-packages.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$source_dir/installer/make-packages.sh" "$build_dir" "$work/debs" --fast

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
arch=$(dpkg --print-architecture)
base_deb="$work/debs/convstudio_${version}_${arch}.deb"
cuda_deb="$work/debs/convstudio-cuda_${version}_${arch}.deb"
test -f "$base_deb"

echo "== package metadata"
dpkg-deb -f "$base_deb" Package Version Depends Recommends Installed-Size
depends=$(dpkg-deb -f "$base_deb" Depends)
for needed in libqt6widgets6 libqcustomplot2.1-qt6 libopencv-core406 libc6 libstdc++6; do
  grep -q "$needed" <<< "$depends" || { echo "Depends lacks $needed: $depends"; exit 1; }
done
# A CPU user downloads none of LibTorch's CUDA half nor NVIDIA's big libraries.
if dpkg-deb -c "$base_deb" | grep -E 'libtorch_cuda|libc10_cuda|libcudnn|libcublas|libnccl'; then
  echo "the base package carries CUDA libraries"; exit 1
fi
# Nothing is installed outside these folders (no files created by scripts: there are none).
if dpkg-deb -c "$base_deb" | awk '{print $6}' |
   grep -vE '^\./($|usr/?$|usr/(bin|lib|share)/?$|usr/bin/convstudio(-cli|-cli-engine)?$|usr/lib/convstudio/|usr/share/(applications|icons|mime|doc)(/|$))'; then
  echo "unexpected paths in the base package"; exit 1
fi
test -z "$(dpkg-deb --ctrl-tarfile "$base_deb" | tar -t | grep -E 'preinst|postinst|prerm|postrm')"

root="$work/root"
dpkg-deb -x "$base_deb" "$root"
cp "$source_dir/tests/installer/run_unpacked.sh" "$work/"

echo "== desktop integration"
desktop-file-validate "$root/usr/share/applications/convstudio.desktop"
mkdir -p "$work/mime/packages"
cp "$root/usr/share/mime/packages/convstudio.xml" "$work/mime/packages/"
XDG_DATA_DIRS="$work" update-mime-database "$work/mime"
grep -q '^50:application/x-convstudio:\*\.convstudio$' "$work/mime/globs2"
for size in 16 24 32 48 64 128 256; do
  file "$root/usr/share/icons/hicolor/${size}x${size}/apps/convstudio.png" |
    grep -q "PNG image data, $size x $size"
done
test -s "$root/usr/share/icons/hicolor/scalable/apps/convstudio.svg"
test -s "$root/usr/share/doc/convstudio/copyright"
gzip -t "$root/usr/share/doc/convstudio/changelog.gz"

# Where we may, hide everything the packages must not use; run_unpacked.sh checks the rest.
hidden=("$venv" "$build_dir" "$source_dir" /usr/local/cuda)
run_checks() {
  local stage=$1
  if unshare --mount --propagation private true 2> /dev/null; then
    echo "== $stage: running with ${hidden[*]} hidden (private mount namespace)"
    unshare --mount --propagation private bash -c '
      for dir in "${@:4}"; do
        if [ -d "$dir" ]; then mount -t tmpfs -o ro,size=1m none "$dir" || exit 1; fi
      done
      exec bash "$1/run_unpacked.sh" "$1" "$2" "$3"' \
      - "$work" "$stage" "${hidden[*]}" "${hidden[@]}"
  else
    echo "== $stage: cannot hide folders here (no mount namespace); checking loaded paths only"
    bash "$work/run_unpacked.sh" "$work" "$stage" "${hidden[*]}"
  fi
}
run_checks base

if [ -f "$cuda_deb" ]; then
  dpkg-deb -f "$cuda_deb" Package Depends Installed-Size
  dpkg-deb -f "$cuda_deb" Depends | grep -q "convstudio (= $version)"
  # A file in both would make dpkg refuse the add-on ("trying to overwrite").
  files_of() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ { print $6 }' | sort; }
  shared=$(comm -12 <(files_of "$base_deb") <(files_of "$cuda_deb"))
  if [ -n "$shared" ]; then echo "in both packages: $shared"; exit 1; fi
  dpkg-deb -x "$cuda_deb" "$root"
  run_checks cuda
else
  echo "== no convstudio-cuda package (CPU-only LibTorch build)"
fi
echo "packages OK"
