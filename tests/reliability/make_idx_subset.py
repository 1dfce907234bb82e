#!/usr/bin/env python3
"""Writes a small IDX dataset cut from the Debian Fashion-MNIST (the first TRAIN training and
TEST test images, gzip) into FOLDER, so a crash trial trains real data in seconds.
Usage: make_idx_subset.py FOLDER [TRAIN] [TEST]"""
import gzip, pathlib, struct, sys

folder = pathlib.Path(sys.argv[1])
train = int(sys.argv[2]) if len(sys.argv) > 2 else 2048
test = int(sys.argv[3]) if len(sys.argv) > 3 else 512
source = pathlib.Path("/usr/share/datasets/fashion-mnist")
folder.mkdir(parents=True, exist_ok=True)
for prefix, count in (("train", train), ("t10k", test)):
    images = gzip.decompress((source / f"{prefix}-images-idx3-ubyte.gz").read_bytes())
    labels = gzip.decompress((source / f"{prefix}-labels-idx1-ubyte.gz").read_bytes())
    (folder / f"{prefix}-images-idx3-ubyte.gz").write_bytes(gzip.compress(
        struct.pack(">IIII", 0x803, count, 28, 28) + images[16:16 + count * 784], 1))
    (folder / f"{prefix}-labels-idx1-ubyte.gz").write_bytes(gzip.compress(
        struct.pack(">II", 0x801, count) + labels[8:8 + count], 1))
