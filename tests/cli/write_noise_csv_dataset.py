#!/usr/bin/env python3
"""Writes COUNT random 28x28 grey PGM images into FOLDER/img and FOLDER/labels.csv naming them,
alternately "cat" and "dog" (noise: nothing to learn, but a real CSV dataset to train on).
Usage: write_noise_csv_dataset.py FOLDER COUNT SEED"""
import os
import random
import sys

folder, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)
os.makedirs(os.path.join(folder, "img"), exist_ok=True)
with open(os.path.join(folder, "labels.csv"), "w") as labels:
    labels.write("path,label\n")
    for i in range(count):
        with open(os.path.join(folder, "img", "%d.pgm" % i), "wb") as image:
            image.write(b"P5\n28 28\n255\n" + bytes(random.getrandbits(8) for _ in range(784)))
        labels.write("img/%d.pgm,%s\n" % (i, "cat" if i % 2 == 0 else "dog"))
