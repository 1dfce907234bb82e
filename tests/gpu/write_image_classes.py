"""Writes a learnable image folder for the GPU check: root/train/<class>/*.png and
root/val/<class>/*.png, each class a bright square at its own place on noise (RGB).

usage: write_image_classes.py ROOT TRAIN_PER_CLASS VAL_PER_CLASS SIZE [CLASSES]
Needs numpy and Pillow (both on the device image and in the build's venv)."""
import os
import sys

import numpy as np
from PIL import Image


def write(root, split, per_class, size, classes, rng):
    square = max(2, size // 4)
    for label in range(classes):
        folder = os.path.join(root, split, f"class{label}")
        os.makedirs(folder, exist_ok=True)
        top = (label * square) % (size - square)
        left = (label * 2 * square) % (size - square)
        for index in range(per_class):
            pixels = rng.integers(0, 96, size=(size, size, 3), dtype=np.uint8)
            pixels[top:top + square, left:left + square, label % 3] = 255
            Image.fromarray(pixels).save(os.path.join(folder, f"{index:05d}.png"))


def main():
    root, train, val, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    classes = int(sys.argv[5]) if len(sys.argv) > 5 else 4
    rng = np.random.default_rng(7)
    write(root, "train", train, size, classes, rng)
    write(root, "val", val, size, classes, rng)


if __name__ == "__main__":
    main()
