#!/usr/bin/env python3
"""Writes a 3-class Fashion-MNIST image folder made 50:1 imbalanced for issue 34's figure:
ROOT/train/<class>/*.png with MAJORITY images of the first class and MAJORITY / 50 of each of
the other two, and ROOT/val/<class>/*.png balanced (VAL images per class, from the test split).
The classes are T-shirt/top (the majority), Pullover and Shirt: three that look alike, so a
model that ignores the rare ones still reaches a high plain accuracy.

Usage: make_imbalanced_folder.py ROOT [MAJORITY] [VAL]
"""
import gzip
import os
import sys

import numpy as np
from PIL import Image

SOURCE = "/usr/share/datasets/fashion-mnist"
CLASSES = {0: "tshirt", 2: "pullover", 6: "shirt"}  # Fashion-MNIST label -> folder
RATIO = 50


def read(prefix):
    with gzip.open(os.path.join(SOURCE, f"{prefix}-images-idx3-ubyte.gz")) as f:
        images = np.frombuffer(f.read(), np.uint8, offset=16).reshape(-1, 28, 28)
    with gzip.open(os.path.join(SOURCE, f"{prefix}-labels-idx1-ubyte.gz")) as f:
        labels = np.frombuffer(f.read(), np.uint8, offset=8)
    return images, labels


def write(root, split, images, labels, counts):
    for label, name in CLASSES.items():
        folder = os.path.join(root, split, name)
        os.makedirs(folder, exist_ok=True)
        chosen = np.flatnonzero(labels == label)[: counts[label]]
        for i in chosen:
            Image.fromarray(images[i]).save(os.path.join(folder, f"{i}.png"))


def main(root, majority=2000, val=300):
    first = next(iter(CLASSES))
    train_counts = {label: majority if label == first else majority // RATIO for label in CLASSES}
    write(root, "train", *read("train"), train_counts)
    write(root, "val", *read("t10k"), {label: val for label in CLASSES})
    print(f"{root}: train {train_counts}, val {val} per class")


if __name__ == "__main__":
    main(sys.argv[1], *(int(a) for a in sys.argv[2:]))
