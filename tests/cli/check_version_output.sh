#!/bin/sh
# Every line `convstudio-cli --version` promises, in order, with a LibTorch 2.x.
set -e
out=$("$1" --version)
echo "$out"
echo "$out" | sed -n 1p | grep -Eq '^ConvStudio [0-9]+\.[0-9]+\.[0-9]+$'
echo "$out" | sed -n 2p | grep -Eq '^LibTorch 2\.[0-9]+\.[0-9]+ \((CUDA-enabled|CPU-only)\)$'
echo "$out" | sed -n 3p | grep -Eq '^CUDA support: (installed \(CUDA [0-9]+\.[0-9]+\); `convstudio-cli devices` loads it and lists the GPUs|not installed \(install convstudio-cuda\)|not compiled in \(CPU-only LibTorch\)|installed but cannot be loaded)$'
echo "$out" | sed -n 4p | grep -Eq '^cuDNN (with the CUDA add-on \(`devices` reports its version\)|not compiled in)$'
echo "$out" | sed -n 5p | grep -Eq '^OpenCV 4\.[0-9]+\.[0-9]+$'
echo "$out" | sed -n 6p | grep -Eq '^Qt 6\.[0-9]+\.[0-9]+'
