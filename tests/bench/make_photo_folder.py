#!/usr/bin/env python3
"""Writes a folder of JPEG "photos" of mixed sizes for the data benchmarks (never committed):
root/class<k>/<i>.jpg, each a smooth two-colour gradient with a few class-coloured ellipses and a
little noise, so it compresses and decodes like a photo rather than like noise or a flat fill.
Deterministic for a given seed. Usage: make_photo_folder.py ROOT COUNT MIN_SIDE MAX_SIDE
[CLASSES] [SEED]; uses every core."""
import os, sys
from multiprocessing import Pool

import numpy as np
from PIL import Image, ImageDraw


def make(job):
    root, index, low, high, classes, seed = job
    rng = np.random.default_rng([seed, index])
    label = index % classes
    w, h = (int(v) for v in rng.integers(low, high + 1, size=2))
    top, bottom = rng.integers(0, 256, size=(2, 3))
    t = np.linspace(0.0, 1.0, h)[:, None, None]
    image = (top * (1 - t) + bottom * t).repeat(w, axis=1)
    image += rng.normal(0, 6, size=(h, w, 3))
    picture = Image.fromarray(np.clip(image, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(picture)
    hue = np.array([(label * 97) % 256, (label * 57 + 80) % 256, (label * 31 + 160) % 256])
    for _ in range(3):
        x, y = rng.integers(0, w), rng.integers(0, h)
        r = int(rng.integers(max(2, min(w, h) // 8), max(3, min(w, h) // 3)))
        colour = tuple(int(c) for c in np.clip(hue + rng.integers(-30, 31, size=3), 0, 255))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)
    folder = os.path.join(root, f"class{label}")
    picture.save(os.path.join(folder, f"{index:06d}.jpg"), quality=88)


def main():
    root, count, low, high = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    classes = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    for label in range(classes):
        os.makedirs(os.path.join(root, f"class{label}"), exist_ok=True)
    jobs = [(root, i, low, high, classes, seed) for i in range(count)]
    with Pool() as pool:
        for _ in pool.imap_unordered(make, jobs, chunksize=256):
            pass


if __name__ == "__main__":
    main()
