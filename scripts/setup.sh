#!/usr/bin/env bash
# Installs everything ConvStudio needs on Debian 12, and nothing twice: Debian packages (as root,
# or through sudo) and LibTorch from PyPI's torch wheel in a venv outside the repository, so that
# fresh clones and CI reuse it. Safe to run again; a no-op when all is in place.
set -euo pipefail

TORCH_VERSION="2.14.1"   # CUDA 13.0 build: matches the local /usr/local/cuda 13.0 toolkit.
NUMPY_VERSION="2.4.6"
# Readers that prove our exports (tests) and the PyTorch baselines (benchmarks); pinned as tested.
# onnxscript: torch.onnx.export's default (dynamo) exporter needs it; the import tests export with it.
# tensorboard: its event reader checks the event files every run writes.
# lizard, libclang: the size check (scripts/check-sizes.py) measures functions and counts data members.
# openvino: the issue-37 proof that our fp32 and int8 ONNX files run in OpenVINO's CPU runtime.
PYTHON_TOOLS=(torchvision==0.29.2 onnx==1.23.2 onnxruntime==1.31.1 safetensors==0.8.0 onnxscript==0.7.2
              tensorboard==2.21.0 lizard==1.24.3 libclang==18.1.1 openvino==2026.4.1)
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/convstudio"
VENV="${CONVSTUDIO_VENV:-$CACHE_ROOT/venv}"

DEBIAN_PACKAGES=(
  build-essential cmake ninja-build ccache lld pkg-config python3-venv clang-format
  qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl1-mesa-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libopencv-dev nlohmann-json3-dev libcli11-dev libonnx-dev libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev
  # c10d's ProcessGroupGloo.hpp (in the torch wheel) includes gloo headers the wheel lacks
  libgloo-dev
  dataset-fashion-mnist xvfb xauth fonts-wqy-microhei
  # make package and its test: icons rendered from SVG, desktop-file-validate, file
  librsvg2-bin desktop-file-utils file
  # remote targets: the client side (ssh, rsync) and the suite's local sshd (tests/remote); the
  # SLURM half of make test-remote installs slurm-wlm and munge itself
  openssh-client openssh-server rsync
)
# Packages only some make targets need (make test-remote: slurm-wlm munge).
read -r -a extra_packages <<<"${CONVSTUDIO_EXTRA_PACKAGES:-}"
DEBIAN_PACKAGES+=("${extra_packages[@]}")

log() { printf '[setup] %s\n' "$*"; }

missing_packages() {
  local p
  for p in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
  done
}

install_debian_packages() {
  local missing
  missing=$(missing_packages | tr '\n' ' ')
  if [ -z "${missing// /}" ]; then
    log "Debian packages: all present"
    return
  fi
  log "Debian packages to install: $missing"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { log "need root (or sudo) to install: $missing"; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -q
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
}

pick_python() {
  # The venv needs a CPython that torch publishes wheels for (3.10 to 3.13).
  local c
  for c in "${PYTHON:-}" python3.11 python3.12 python3 ; do
    [ -n "$c" ] && command -v "$c" >/dev/null && { echo "$c"; return; }
  done
  log "no python3 found"; exit 1
}

install_torch() {
  if [ -x "$VENV/bin/python" ] &&
     "$VENV/bin/python" -c "import torch,sys; sys.exit(torch.__version__.split('+')[0] != '$TORCH_VERSION')" 2>/dev/null; then
    log "LibTorch $TORCH_VERSION: present in $VENV"
    return
  fi
  log "installing torch==$TORCH_VERSION (CUDA-enabled LibTorch inside) into $VENV"
  mkdir -p "$CACHE_ROOT"
  "$(pick_python)" -m venv "$VENV"
  "$VENV/bin/pip" install -q --upgrade pip
  "$VENV/bin/pip" install -q "torch==$TORCH_VERSION" "numpy==$NUMPY_VERSION"
}

install_python_tools() {
  if "$VENV/bin/python" -c "
import importlib.metadata as m, sys
wanted = dict(p.split('==') for p in sys.argv[1:])
sys.exit(any(m.version(n) != v for n, v in wanted.items()))" "${PYTHON_TOOLS[@]}" 2>/dev/null; then
    log "Python tools: present"
    return
  fi
  log "installing ${PYTHON_TOOLS[*]} into $VENV"
  "$VENV/bin/pip" install -q "${PYTHON_TOOLS[@]}" "torch==$TORCH_VERSION"
}

install_debian_packages
install_torch
install_python_tools
log "ready: Torch_DIR=$("$VENV/bin/python" -c 'import torch,os;print(os.path.join(os.path.dirname(torch.__file__),"share/cmake/Torch"))')"
