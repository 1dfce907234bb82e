"""Writes small_resnet.onnx, the model the GUI import test opens: a residual block with a
projection, exported by PyTorch's TorchScript-based exporter (one self-contained file, a few KB).
usage: make_small_resnet.py OUT.onnx"""
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


class SmallResNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(1, 8, 3, padding=1)
        self.a = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.bn = nn.BatchNorm2d(16)
        self.project = nn.Conv2d(8, 16, 1, stride=2)
        self.fc = nn.Linear(16, 10)

    def forward(self, x):
        x = F.relu(self.stem(x))
        x = F.relu(self.bn(self.a(x)) + self.project(x))
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


torch.manual_seed(0)
torch.onnx.export(SmallResNet().eval(), (torch.randn(1, 1, 28, 28),), sys.argv[1], dynamo=False,
                  do_constant_folding=False, input_names=["input"], output_names=["logits"])
