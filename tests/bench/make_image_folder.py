#!/usr/bin/env python3
"""Writes an ImageFolder (root/<class>/*.png) from Fashion-MNIST for the loader benchmark."""
import gzip, os, sys

import numpy as np
from PIL import Image

root, count = sys.argv[1], int(sys.argv[2])
source = "/usr/share/datasets/fashion-mnist"
with gzip.open(os.path.join(source, "train-images-idx3-ubyte.gz")) as f:
    images = np.frombuffer(f.read(), np.uint8, offset=16).reshape(-1, 28, 28)
with gzip.open(os.path.join(source, "train-labels-idx1-ubyte.gz")) as f:
    labels = np.frombuffer(f.read(), np.uint8, offset=8)
for i in range(count):
    folder = os.path.join(root, f"class{labels[i]}")
    os.makedirs(folder, exist_ok=True)
    Image.fromarray(images[i]).resize((32, 32)).convert("RGB").save(os.path.join(folder, f"{i}.png"))
