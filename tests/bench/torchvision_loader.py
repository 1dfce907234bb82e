#!/usr/bin/env python3
"""The baseline of loader_bench: torchvision.datasets.ImageFolder + transforms (Resize(SIZE),
CenterCrop(SIZE), RandomHorizontalFlip, ToTensor, Normalize) + DataLoader(batch 64, shuffle,
WORKERS worker processes). Prints one JSON line with images per second, counted from the end
of the first batch like loader_bench. Usage: torchvision_loader.py FOLDER WORKERS BATCHES [SIZE]"""
import json, sys, time

import torch
from torchvision import datasets, transforms


def main():
    folder, workers, batches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    size = int(sys.argv[4]) if len(sys.argv) > 4 else 224
    transform = transforms.Compose([
        transforms.Resize(size),
        transforms.CenterCrop(size),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225]),
    ])
    dataset = datasets.ImageFolder(folder, transform=transform)
    loader = torch.utils.data.DataLoader(dataset, batch_size=64, shuffle=True,
                                         num_workers=workers, persistent_workers=False)
    images = 0
    start = None
    for b, (x, _) in enumerate(loader):
        if b == 0:
            start = time.perf_counter()
        else:
            images += x.shape[0]
        if b + 1 == batches:
            break
    seconds = time.perf_counter() - start
    print(json.dumps({"images_per_second": images / seconds, "images": images,
                      "seconds": seconds}))


if __name__ == "__main__":
    main()
