#!/usr/bin/env python3
"""Writes a segmentation data set of coloured shapes on textured backgrounds (issue 38).

Each image is SIZE x SIZE RGB: a background of noise, stripes or a gradient, with one to four
circles, squares and triangles of random colours, sizes and positions drawn over it (later shapes
cover earlier ones). Its mask is an 8-bit index PNG of the same name: 0 background, 1 circle,
2 square, 3 triangle, drawn with the same shapes (no anti-aliasing, so every mask pixel is exactly
the shape whose colour the image shows there). classes.txt names the classes with their colours.
The layout is ConvStudio's segmentation folder:

    OUT/images/00000.png  OUT/masks/00000.png  OUT/classes.txt
    OUT/val/images/...    OUT/val/masks/...

The same --seed writes the same files. Needs numpy and Pillow (the build's venv has both):

    ~/.cache/convstudio/venv/bin/python tests/tools/make_shapes_dataset.py --out /tmp/shapes
"""

import argparse
import math
import os

import numpy as np
from PIL import Image, ImageDraw

CLASSES = [  # name, colour (Pascal VOC's for indices 0-3)
    ("background", (0, 0, 0)),
    ("circle", (128, 0, 0)),
    ("square", (0, 128, 0)),
    ("triangle", (128, 128, 0)),
]


def random_colour(rng):
    return tuple(int(v) for v in rng.integers(0, 256, size=3))


def background(rng, size):
    """Noise, stripes or a gradient between random colours, as H x W x 3 uint8."""
    kind = rng.integers(0, 3)
    a = np.array(random_colour(rng), dtype=np.float32)
    b = np.array(random_colour(rng), dtype=np.float32)
    y, x = np.mgrid[0:size, 0:size].astype(np.float32)
    if kind == 0:  # noise around a colour
        base = np.broadcast_to(a, (size, size, 3))
        noise = rng.normal(0.0, rng.uniform(10, 50), size=(size, size, 3))
        pixels = base + noise
    else:
        angle = rng.uniform(0, math.pi)
        along = x * math.cos(angle) + y * math.sin(angle)
        if kind == 1:  # stripes
            period = rng.uniform(4, 16)
            t = (np.floor(along / (period / 2)) % 2)[..., None]
        else:  # gradient
            t = ((along - along.min()) / max(float(np.ptp(along)), 1.0))[..., None]
        pixels = a * (1 - t) + b * t + rng.normal(0.0, 4.0, size=(size, size, 3))
    return np.clip(pixels, 0, 255).astype(np.uint8)


def shape_points(kind, cx, cy, r, angle):
    if kind == 2:  # square, turned
        corners = [angle + math.pi / 4 + k * math.pi / 2 for k in range(4)]
        return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in corners]
    corners = [angle + k * 2 * math.pi / 3 for k in range(3)]  # triangle
    return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in corners]


def draw_sample(rng, size, colour_masks):
    image = Image.fromarray(background(rng, size), "RGB")
    mask = Image.new("RGB" if colour_masks else "L", (size, size), CLASSES[0][1] if colour_masks else 0)
    draw_image = ImageDraw.Draw(image)
    draw_mask = ImageDraw.Draw(mask)
    for _ in range(int(rng.integers(1, 5))):
        kind = int(rng.integers(1, 4))
        r = float(rng.uniform(size * 0.1, size * 0.28))
        cx = float(rng.uniform(r * 0.5, size - r * 0.5))
        cy = float(rng.uniform(r * 0.5, size - r * 0.5))
        fill = random_colour(rng)
        label = CLASSES[kind][1] if colour_masks else kind
        if kind == 1:
            box = [cx - r, cy - r, cx + r, cy + r]
            draw_image.ellipse(box, fill=fill)
            draw_mask.ellipse(box, fill=label)
        else:
            points = shape_points(kind, cx, cy, r, float(rng.uniform(0, math.pi)))
            draw_image.polygon(points, fill=fill)
            draw_mask.polygon(points, fill=label)
    return image, mask


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder to write (created)")
    parser.add_argument("--count", type=int, default=2000, help="images in all (default 2000)")
    parser.add_argument("--size", type=int, default=64, help="image side in pixels (default 64)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--val-fraction", type=float, default=0.1,
                        help="share written to val/ (default 0.1; 0: no val/ folder)")
    parser.add_argument("--colour-masks", action="store_true",
                        help="write RGB masks in the classes' colours instead of index masks")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    validation = int(round(args.count * args.val_fraction))
    for part in ["", "val"] if validation > 0 else [""]:
        for folder in ("images", "masks"):
            os.makedirs(os.path.join(args.out, part, folder), exist_ok=True)
    with open(os.path.join(args.out, "classes.txt"), "w", encoding="utf-8") as classes:
        for name, (r, g, b) in CLASSES:
            classes.write(f"{name} {r} {g} {b}\n")
    for i in range(args.count):
        image, mask = draw_sample(rng, args.size, args.colour_masks)
        part = "val" if i >= args.count - validation else ""
        name = f"{i:05d}.png"
        image.save(os.path.join(args.out, part, "images", name))
        mask.save(os.path.join(args.out, part, "masks", name))
    print(f"wrote {args.count - validation} training and {validation} validation images "
          f"({args.size}x{args.size}) to {args.out}")


if __name__ == "__main__":
    main()
