#!/usr/bin/env python3
"""Writes COUNT 28x28 grey PGM images into FOLDER/img and FOLDER/labels.csv naming them,
alternately "dark" (pixels around 60) and "bright" (around 190), with noise: a dataset a network
learns in a few dozen steps at a fair learning rate and not at all at a tiny one, so a study's
pruner has weak trials to stop.
Usage: write_brightness_csv_dataset.py FOLDER COUNT SEED"""
import os
import random
import sys

folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)
os.makedirs(os.path.join(folder, "img"), exist_ok=True)
with open(os.path.join(folder, "labels.csv"), "w") as labels:
    labels.write("path,label\n")
    for i in range(count):
        base = 60 if i % 2 == 0 else 190
        pixels = bytes(min(255, max(0, base + random.randint(-50, 50))) for _ in range(784))
        with open(os.path.join(folder, "img", "%d.pgm" % i), "wb") as image:
            image.write(b"P5\n28 28\n255\n" + pixels)
        labels.write("img/%d.pgm,%s\n" % (i, "dark" if i % 2 == 0 else "bright"))
