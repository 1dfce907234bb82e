"""Writes the models the ONNX import tests read: small classifiers written here in PyTorch
(ResNet-like, MobileNet-like, SqueezeNet-like, VGG-like, an all-convolutional classifier, a tiny
U-Net and a DeepLab-style ASPP head giving per-pixel logits) and torchvision's SqueezeNet 1.0 (which ends in a convolution, global pooling and a flatten, not in a
dense layer), each exported by torch.onnx.export's
default (dynamo) exporter, which writes its weights beside the model as NAME.onnx.data, and by
the TorchScript-based one (dynamo=False); plus models the importer must refuse.

For every model the folder gets NAME.onnx, NAME.input (float32 N×C×H×W, raw little-endian),
NAME.expected (onnxruntime's output on it) and an entry in manifest.json with PyTorch's parameter
count and the input shape.

usage: make_import_models.py OUT_DIR
"""

import json
import os
import sys
import warnings

import numpy as np
import onnxruntime as ort
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision

warnings.filterwarnings("ignore")


def conv_bn(cin, cout, k=3, stride=1, groups=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False), nn.BatchNorm2d(cout))


class ResidualBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.a = conv_bn(cin, cout, 3, stride)
        self.b = conv_bn(cout, cout, 3, 1)
        self.project = None if stride == 1 and cin == cout else conv_bn(cin, cout, 1, stride)

    def forward(self, x):
        skip = x if self.project is None else self.project(x)
        return F.relu(self.b(F.relu(self.a(x))) + skip)


class ResNetLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = conv_bn(3, 16)
        self.layers = nn.Sequential(ResidualBlock(16, 16, 1), ResidualBlock(16, 32, 2))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(32, 10)

    def forward(self, x):
        x = self.layers(F.relu(self.stem(x)))
        return self.fc(torch.flatten(self.pool(x), 1))


class MobileNetLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 16, 3, 2), nn.Hardswish(),
            conv_bn(16, 16, 3, 1, groups=16), nn.ReLU6(),  # depthwise
            conv_bn(16, 32, 1), nn.ReLU6(),
            conv_bn(32, 32, 3, 2, groups=32), nn.Hardswish(),
            conv_bn(32, 48, 1), nn.Hardsigmoid())
        self.head = nn.Sequential(nn.Linear(48, 64), nn.Hardswish(), nn.Linear(64, 7))

    def forward(self, x):
        x = self.features(x)
        return self.head(x.mean((2, 3)))


class Fire(nn.Module):
    def __init__(self, cin, squeeze, expand):
        super().__init__()
        self.squeeze = nn.Conv2d(cin, squeeze, 1)
        self.e1 = nn.Conv2d(squeeze, expand, 1)
        self.e3 = nn.Conv2d(squeeze, expand, 3, padding=1)

    def forward(self, x):
        x = F.relu(self.squeeze(x))
        return torch.cat([F.relu(self.e1(x)), F.relu(self.e3(x))], 1)


class SqueezeNetLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 24, 3, stride=2), nn.ReLU(),
            nn.MaxPool2d(3, 2, ceil_mode=True),
            Fire(24, 8, 16), Fire(32, 8, 16),
            nn.MaxPool2d(3, 2, ceil_mode=True),
            Fire(32, 12, 24))
        self.classifier = nn.Sequential(nn.Dropout(0.5), nn.Conv2d(48, 10, 1), nn.ReLU(),
                                        nn.AdaptiveAvgPool2d(1))
        # SqueezeNet ends in a convolution; ConvStudio's Output block is dense, so this one
        # ends in a Linear layer.
        self.fc = nn.Linear(10, 10)

    def forward(self, x):
        x = self.classifier(self.features(x))
        return self.fc(x.view(x.size(0), -1))


class AllConvolutional(nn.Module):
    """Fully convolutional: a 1×1 convolution to the classes, then the spatial mean (no Flatten,
    no dense layer), as in Springenberg et al.'s All-CNN."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 16), nn.ReLU(), conv_bn(16, 32, 3, 2), nn.ReLU(), nn.Conv2d(32, 6, 1))

    def forward(self, x):
        return self.features(x).mean((2, 3))


class VGGLike(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.LeakyReLU(0.1),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.AvgPool2d(2))
        self.classifier = nn.Sequential(
            nn.Flatten(), nn.Linear(32 * 4 * 4, 64), nn.ReLU(), nn.Dropout(0.5),
            nn.Linear(64, 5), nn.Softmax(dim=1))

    def forward(self, x):
        return self.classifier(self.features(x))


class TinyUNet(nn.Module):
    """Segmentation: a U-Net with one skip (Concat), decoded by a ConvTranspose2d and a bilinear
    Upsample, ending in N×K×H×W logits at the input's size."""

    def __init__(self, classes=4):
        super().__init__()
        self.enc1 = nn.Sequential(conv_bn(3, 8), nn.ReLU())
        self.enc2 = nn.Sequential(nn.MaxPool2d(2), conv_bn(8, 16), nn.ReLU())
        self.bottom = nn.Sequential(nn.MaxPool2d(2), conv_bn(16, 16), nn.ReLU())
        self.up1 = nn.ConvTranspose2d(16, 16, 2, stride=2)
        self.dec1 = nn.Sequential(conv_bn(32, 8), nn.ReLU())
        self.up2 = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)
        self.dec2 = nn.Sequential(conv_bn(16, 8), nn.ReLU())
        self.head = nn.Conv2d(8, classes, 1)

    def forward(self, x):
        e1 = self.enc1(x)
        e2 = self.enc2(e1)
        d1 = self.dec1(torch.cat([self.up1(self.bottom(e2)), e2], 1))
        d2 = self.dec2(torch.cat([self.up2(d1), e1], 1))
        return self.head(d2)


class AsppHead(nn.Module):
    """Segmentation: a small DeepLab-style head. ASPP (1×1, dilated 3×3 convolutions and a
    global-pooling branch brought back to the feature map's size), then logits upsampled to
    the input's size (nearest by scale, bilinear with align_corners by size)."""

    def __init__(self, classes=3):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 12, 3, 2), nn.ReLU(), conv_bn(12, 12, 3, 2), nn.ReLU())
        self.b1 = nn.Conv2d(12, 8, 1)
        self.b2 = nn.Conv2d(12, 8, 3, padding=2, dilation=2)
        self.b3 = nn.Conv2d(12, 8, 3, padding=3, dilation=3)
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(12, 8, 1), nn.ReLU())
        self.project = nn.Sequential(conv_bn(32, 8, 1), nn.ReLU(), nn.Conv2d(8, classes, 1))

    def forward(self, x):
        f = self.stem(x)
        # Sizes as numbers (the input is 24×28, the features 6×7): the dynamo exporter writes
        # f.shape[-2:] as a Shape of a computed value, which the importer cannot size yet.
        pooled = F.interpolate(self.pool(f), size=(6, 7), mode="bilinear", align_corners=True)
        y = self.project(torch.cat([self.b1(f), self.b2(f), self.b3(f), pooled], 1))
        y = F.interpolate(y, scale_factor=2, mode="nearest")
        return F.interpolate(y, size=(24, 28), mode="bilinear", align_corners=False)


class Bicubic(nn.Module):
    """Refused: a bicubic Resize in the middle (Upsample is nearest or bilinear)."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3)
        self.fc = nn.Linear(4 * 28 * 28, 3)

    def forward(self, x):
        x = F.interpolate(self.conv(x), scale_factor=2.0, mode="bicubic")
        return self.fc(torch.flatten(x, 1))


MODELS = {
    "resnet_like": (ResNetLike, (3, 32, 32)),
    "mobilenet_like": (MobileNetLike, (3, 32, 32)),
    "squeezenet_like": (SqueezeNetLike, (1, 40, 40)),
    "vgg_like": (VGGLike, (3, 16, 16)),
    "all_convolutional": (AllConvolutional, (3, 20, 20)),
    "squeezenet1_0": (lambda: torchvision.models.squeezenet1_0(weights=None), (3, 224, 224)),
    "tiny_unet": (TinyUNet, (3, 16, 20)),
    "aspp_head": (AsppHead, (3, 24, 28)),
}
REFUSED = {"bicubic": (Bicubic, (3, 16, 16))}


def randomise_statistics(model):
    # Fresh BatchNorm statistics are 0 and 1: give them values so a mix-up would show.
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
            m.weight.data.uniform_(0.5, 1.5)
            m.bias.data.uniform_(-0.2, 0.2)


def export(model, shape, path, dynamo):
    x = torch.randn(2, *shape)
    if dynamo:
        # optimize=False keeps BatchNormalization nodes (the optimizer folds them into the
        # convolutions), so the parameter count can be compared with PyTorch's.
        torch.onnx.export(model, (x,), path, dynamo=True, optimize=False,
                          external_data=True, verbose=False)
    else:
        torch.onnx.export(model, (x,), path, dynamo=False, do_constant_folding=False,
                          input_names=["input"], output_names=["output"],
                          dynamic_axes={"input": {0: "batch"}, "output": {0: "batch"}})
    return x


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(7)
    manifest = {}
    for name, (make, shape) in {**MODELS, **REFUSED}.items():
        model = make().eval()
        randomise_statistics(model)
        for dynamo in (True, False):
            tag = name + ("_dynamo" if dynamo else "_torchscript")
            path = os.path.join(out, tag + ".onnx")
            x = export(model, shape, path, dynamo)
            session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
            expected = session.run(None, {session.get_inputs()[0].name: x.numpy()})[0]
            with torch.no_grad():
                torch_difference = float(np.abs(model(x).numpy() - expected).max())
            x.numpy().astype("<f4").tofile(os.path.join(out, tag + ".input"))
            expected.astype("<f4").tofile(os.path.join(out, tag + ".expected"))
            manifest[tag] = {
                "file": tag + ".onnx",
                "refused": name in REFUSED,
                "parameters": sum(p.numel() for p in model.parameters()),
                "input": [2, *shape],
                "output": list(expected.shape),
                "torch_vs_onnxruntime": torch_difference,
                "external_data": os.path.exists(path + ".data"),
            }
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)


if __name__ == "__main__":
    main()
