#!/usr/bin/env bash
# Builds the Debian packages from a finished build tree (`make package` calls this):
#   convstudio        the studio, the CLI and LibTorch's CPU half: all a CPU user needs
#   convstudio-cuda   the CUDA plugin with LibTorch's CUDA half and NVIDIA's libraries
# Each is `cmake --install --component` into a staging root, then plain dpkg-deb: we choose the
# compression per package and run dpkg-shlibdeps ourselves so that Depends names Debian's packages
# with the versions our binaries need.
# Compression, measured: the base package with xz -6 (dpkg's default) is 75 MB against 122 MB with
# zstd -1, so release builds use xz for it (--fast, the test suite: zstd -1). The add-on's bulk is
# NVIDIA's GPU code, already compressed: on 64 MB samples of libtorch_cuda, cuBLASLt, cuDNN and
# NCCL, xz -6 comes out only 0.4-4% below zstd -1, and xz would take about 40 CPU-minutes for its
# 3.2 GB (the base's 0.44 GB took 5), so the add-on is always zstd -1 (Debian 12's dpkg reads it).
#
# usage: installer/make-packages.sh BUILD_DIR OUT_DIR [--fast]
set -euo pipefail

build_dir=$(realpath "$1")
out_dir=$(realpath -m "$2")
base_compression=(-Zxz -z6)
[ "${3:-}" = "--fast" ] && base_compression=(-Zzstd -z1)
addon_compression=(-Zzstd -z1)
source_dir=$(cd "$(dirname "$0")/.." && pwd)
stage_dir="$out_dir/stage"

log() { printf '[package %3ds] %s\n' "$SECONDS" "$*"; }
fail() { printf '[package] error: %s\n' "$*" >&2; exit 1; }

cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build_dir/CMakeCache.txt"; }
version=$(cache_value CMAKE_PROJECT_VERSION)
[ -n "$version" ] || fail "$build_dir is not a configured build tree"
changelog_version=$(dpkg-parsechangelog -l "$source_dir/installer/changelog" -S Version)
[ "$changelog_version" = "$version" ] ||
  fail "installer/changelog's newest entry is $changelog_version, the project is $version"
arch=$(dpkg --print-architecture)
maintainer=$(dpkg-parsechangelog -l "$source_dir/installer/changelog" -S Maintainer)

# Installed-Size as dpkg-gencontrol counts it: KiB per file, rounded up.
installed_size() {
  find "$1" -path "$1/DEBIAN" -prune -o \( -type f -o -type l \) -printf '%s\n' |
    awk '{ kib += int(($1 + 1023) / 1024) } END { print kib }'
}

# Depends from the ELF files' needs: Debian packages with the versions their symbols need, as
# dpkg-shlibdeps finds them. Our private libraries (lib/convstudio/...) are in no Debian package:
# -l arguments show dpkg-shlibdeps where they are, and SHLIBS_LOCAL lines (debian/shlibs.local)
# name the package of ours that provides those another package needs.
# dpkg-shlibdeps reads every dynamic symbol: minutes for LibTorch's and NVIDIA's libraries. Their
# answer is kept, keyed by their content (the md5sums DEBIAN/md5sums needs anyway) and our
# version; only our own programs and plugin are read on every run.
shlibdeps_cache="${XDG_CACHE_HOME:-$HOME/.cache}/convstudio/shlibdeps"

run_shlibdeps() {
  local work status=0
  work=$(mktemp -d)
  mkdir -p "$work/debian"
  printf 'Source: convstudio\n\nPackage: convstudio\nArchitecture: any\n' > "$work/debian/control"
  [ -n "${SHLIBS_LOCAL:-}" ] && printf '%s\n' "$SHLIBS_LOCAL" > "$work/debian/shlibs.local"
  # --warnings=0: they would be about NVIDIA's and LibTorch's link choices, which we cannot
  # change. LibTorch's sonames carry no version (libtorch_cpu.so); it says so for each use.
  (cd "$work" && dpkg-shlibdeps -O --warnings=0 "$@") > "$work/out" 2> "$work/err" || status=$?
  grep -v "can't extract name and version from library name" "$work/err" >&2 || true
  sed -n 's/^shlibs:Depends=//p' "$work/out"
  rm -rf "$work"
  return "$status"
}

shlib_depends() {
  local root=$1; shift
  local sum path ours=() bundled=() bundled_sums=""
  while read -r sum path; do
    [ "$(head -c 4 "$root/$path" | od -An -c | tr -d ' ')" = '177ELF' ] || continue
    if [[ "$path" == usr/lib/convstudio/*/* ]]; then
      bundled+=("$root/$path")
      bundled_sums+="$sum $path $version ${SHLIBS_LOCAL:-}"$'\n'
    else
      ours+=("$root/$path")
    fi
  done < "$root/DEBIAN/md5sums"
  local all="" cached
  if [ ${#bundled[@]} -gt 0 ]; then
    cached="$shlibdeps_cache/$(md5sum <<< "$bundled_sums" | cut -d' ' -f1)"
    if [ ! -f "$cached" ]; then
      mkdir -p "$shlibdeps_cache"
      run_shlibdeps "$@" "${bundled[@]}" > "$cached.new" || return 1
      mv "$cached.new" "$cached"
    fi
    all=$(cat "$cached")
  fi
  if [ ${#ours[@]} -gt 0 ]; then all+=,$(run_shlibdeps "$@" "${ours[@]}") || return 1; fi
  merge_depends <<< "$all"
}

# Joins Depends lists, keeping for each package its highest minimal version (">="); an exact
# relation ("=", from SHLIBS_LOCAL) wins over any minimum.
merge_depends() {
  tr ',' '\n' | sed 's/^ *//; s/ *$//' | grep -v '^$' | sort -u | {
    declare -A relation=()
    while IFS= read -r item; do
      local name=${item%% *} min
      min=$(sed -n 's/.*(>= \(.*\))$/\1/p' <<< "$item")
      local kept=${relation[$name]:-}
      if [ -z "$kept" ] || [[ "$item" == *"(= "* ]]; then
        relation[$name]=$item
      elif [ -n "$min" ] && [[ "$kept" != *"(= "* ]]; then
        local kept_min
        kept_min=$(sed -n 's/.*(>= \(.*\))$/\1/p' <<< "$kept")
        if [ -z "$kept_min" ] || dpkg --compare-versions "$min" gt "$kept_min"; then
          relation[$name]=$item
        fi
      fi
    done
    printf '%s\n' "${relation[@]}" | sort | paste -sd ',' | sed 's/,/, /g'
  }
}

build_package() {
  local package=$1 depends=$2 recommends=$3 description=$4; shift 4
  local compression
  if [ "$package" = convstudio ]; then compression=("${base_compression[@]}"); else
    compression=("${addon_compression[@]}"); fi
  local root="$stage_dir/$package"
  rm -rf "$root"
  log "installing component $package"
  DESTDIR="$root" cmake --install "$build_dir" --component "$package" --prefix /usr --strip \
    > "$stage_dir/$package-install.log"
  [ -z "$(find "$root" -mindepth 1 -maxdepth 1 ! -name usr)" ] ||
    fail "$package installs outside /usr"

  mkdir -p "$root/DEBIAN"  # also marks the package root for dpkg-shlibdeps
  (cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
  log "computing $package's dependencies (dpkg-shlibdeps)"
  local shlibs
  shlibs=$(shlib_depends "$root" "$@") || fail "dpkg-shlibdeps failed for $package"
  [ -n "$shlibs" ] || fail "dpkg-shlibdeps found no dependencies for $package"
  {
    echo "Package: $package"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $(installed_size "$root")"
    echo "Depends: $(printf '%s,%s' "$depends" "$shlibs" | merge_depends)"
    [ -n "$recommends" ] && echo "Recommends: $recommends"
    echo "Section: science"
    echo "Priority: optional"
    printf 'Description: %s\n' "$description"
  } > "$root/DEBIAN/control"

  local deb="$out_dir/${package}_${version}_${arch}.deb"
  log "packing $deb (dpkg-deb ${compression[*]})"
  dpkg-deb --root-owner-group "${compression[@]}" --threads-max="$(nproc)" --build "$root" \
    "$deb" > /dev/null
  log "$(basename "$deb"): $(du -m --apparent-size "$deb" | cut -f1) MB to download," \
      "$(($(installed_size "$root") / 1024)) MB installed"
}

mkdir -p "$out_dir" "$stage_dir"
rm -f "$out_dir"/*.deb

# The folders of the base package's private libraries, and shlibs.local lines naming the base
# package as the provider of those with a versioned soname (libcudart.so.13 -> "libcudart 13").
base_private_libs() { find "$stage_dir/convstudio/usr/lib/convstudio" -name 'lib*.so*'; }
private_lib_dirs() { base_private_libs | xargs -n1 dirname | sort -u | sed 's/^/-l/'; }
shlibs_local_for_base() {
  base_private_libs | xargs -n1 basename |
    sed -n "s/^\(lib.*\)\.so\.\([0-9][0-9]*\)$/\1 \2 convstudio (= $version)/p"
}

build_package convstudio "" "dataset-fashion-mnist, qt6-translations-l10n" \
"studio for building and training convolutional networks
 ConvStudio assembles a CNN from blocks, checks shapes and memory while you
 edit, trains it on the CPU or a CUDA GPU with live charts, and exports the
 trained model to TorchScript, ONNX, safetensors or PyTorch code.
 .
 This package holds the studio (convstudio), the command-line tool
 (convstudio-cli) and LibTorch's CPU libraries. For training on NVIDIA GPUs,
 install convstudio-cuda as well."

if [ -f "$build_dir/lib/convstudio/libconvstudio_cuda.so" ]; then
  SHLIBS_LOCAL=$(shlibs_local_for_base) build_package convstudio-cuda "convstudio (= $version)" "" \
"CUDA support for ConvStudio (NVIDIA GPUs)
 LibTorch's CUDA libraries with the CUDA runtime, cuBLAS, cuDNN and NCCL
 libraries they need, and the plugin through which ConvStudio loads them.
 With this package installed, ConvStudio trains on NVIDIA GPUs (an NVIDIA
 driver is needed; 'convstudio-cli devices' says what it sees)." \
    $(private_lib_dirs)
else
  log "this build has no CUDA plugin (CPU-only LibTorch): no convstudio-cuda package"
fi
rm -rf "$stage_dir"
