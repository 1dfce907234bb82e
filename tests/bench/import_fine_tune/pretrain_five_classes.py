"""Pretrains a small CNN in PyTorch on five Fashion-MNIST classes (T-shirt, trouser, pullover,
dress, coat) and exports it to ONNX: the "pretrained model from elsewhere" the fine-tuning
benchmark imports. Pixels / 255, then Fashion-MNIST's mean and std, as ConvStudio normalises.
usage: pretrain_five_classes.py OUT.onnx [EPOCHS]"""
import gzip
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

FOLDER = "/usr/share/datasets/fashion-mnist"


def read_idx(name, offset):
    with gzip.open(f"{FOLDER}/{name}", "rb") as f:
        return np.frombuffer(f.read(), np.uint8, offset=offset)


class SmallNet(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten())
        self.fc = nn.Linear(64, classes)

    def forward(self, x):
        return self.fc(self.features(x))


def main():
    out = sys.argv[1]
    epochs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    torch.manual_seed(0)
    images = read_idx("train-images-idx3-ubyte.gz", 16).reshape(-1, 1, 28, 28)
    labels = read_idx("train-labels-idx1-ubyte.gz", 8)
    keep = labels < 5
    x = torch.tensor(images[keep], dtype=torch.float32) / 255.0
    x = (x - x.mean()) / x.std()
    y = torch.tensor(labels[keep], dtype=torch.int64)
    model = SmallNet(5)
    optimizer = torch.optim.Adam(model.parameters(), 1e-3)
    for _ in range(epochs):
        order = torch.randperm(len(x))
        for i in range(0, len(x), 64):
            batch = order[i:i + 64]
            loss = F.cross_entropy(model(x[batch]), y[batch])
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    model.eval()
    with torch.no_grad():
        accuracy = (model(x[:5000]).argmax(1) == y[:5000]).float().mean().item()
    print(f"pretrained on 5 classes: training accuracy {accuracy:.3f}")
    torch.onnx.export(model, (torch.randn(1, 1, 28, 28),), out, dynamo=False,
                      do_constant_folding=False, input_names=["input"], output_names=["logits"],
                      dynamic_axes={"input": {0: "batch"}, "logits": {0: "batch"}})


if __name__ == "__main__":
    main()
