#!/usr/bin/env python3
"""PyTorch baselines for the trainer benchmark: the same network trained the way the source
articles write it (torchvision dataset + transforms + DataLoader) and as an optimised loop over
preloaded tensors. Prints one JSON line: samples/s of each, training steps only."""
import argparse, gzip, json, os, tempfile, time

import torch
import torch.nn as nn
import torch.nn.functional as F


class LeNet5(nn.Module):
    # The seed article's Net, for 1x28x28 inputs (16*4*4 features after the second pool).
    def __init__(self, classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.pool = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 4 * 4, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, classes)

    def forward(self, x):
        x = self.pool(F.relu(self.conv1(x)))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.view(-1, 16 * 4 * 4)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = None
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                          nn.BatchNorm2d(cout))

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(y + (x if self.shortcut is None else self.shortcut(x)))


class ResNetSmall(nn.Module):
    # resources/templates/resnet-small.json written by hand; main() checks the parameter count
    # against ConvStudio's (173,842 at 1x28x28), so both sides train the same network.
    def __init__(self, classes=10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(1, 24, 3, 1, 1, bias=False), nn.BatchNorm2d(24),
                                  nn.ReLU())
        self.stages = nn.Sequential(BasicBlock(24, 24, 1), BasicBlock(24, 48, 2),
                                    BasicBlock(48, 96, 2))
        self.fc = nn.Linear(96, classes)

    def forward(self, x):
        x = self.stages(self.stem(x))
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


MODELS = {"lenet5": (LeNet5, 44426), "resnet-small": (ResNetSmall, 173842)}


def fashion_mnist_root():
    # torchvision's FashionMNIST reads <root>/FashionMNIST/raw/<name> unzipped, as its own
    # download step leaves them; unzip Debian's files there (no download).
    root = tempfile.mkdtemp(prefix="fmnist-")
    raw = os.path.join(root, "FashionMNIST", "raw")
    os.makedirs(raw)
    source = "/usr/share/datasets/fashion-mnist"
    for name in os.listdir(source):
        with gzip.open(os.path.join(source, name)) as packed, open(os.path.join(raw, name[:-3]), "wb") as out:
            out.write(packed.read())
    return root


def train_steps(model, batches, steps, lr):
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)
    model.train()
    done = 0
    samples = 0
    start = None
    for images, labels in batches:
        if done == 1:
            start = time.perf_counter()  # the first step warms up allocators and caches
            samples = 0
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
        done += 1
        samples += labels.shape[0]
        if done == steps + 1:
            break
    return samples / (time.perf_counter() - start)


def article_style(model, batch, steps):
    from torchvision import datasets, transforms
    transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.2860,), (0.3530,))])
    train = datasets.FashionMNIST(fashion_mnist_root(), train=True, download=False, transform=transform)
    loader = torch.utils.data.DataLoader(train, batch_size=batch, shuffle=True)
    def forever():
        while True:
            yield from loader
    return train_steps(model, forever(), steps, 0.01)


def preloaded(model, batch, steps, shape):
    images = torch.randn(60000, *shape)
    labels = torch.randint(0, 10, (60000,))
    def batches():
        while True:
            order = torch.randperm(images.shape[0])
            for i in range(0, images.shape[0] - batch + 1, batch):
                index = order[i:i + batch]
                yield images[index], labels[index]
    return train_steps(model, batches(), steps, 0.01)


def read_idx(path):
    # IDX as Debian's dataset-fashion-mnist ships it: gzip, big-endian dims after a magic word.
    with gzip.open(path) as f:
        data = f.read()
    dims = data[3]
    shape = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return torch.frombuffer(bytearray(data[4 + 4 * dims:]), dtype=torch.uint8).reshape(shape)


def full_epoch(model, batch, amp, channels_last):
    """One epoch over the real Fashion-MNIST training set, preloaded and normalised, then a
    validation pass over the test set: what `convstudio-cli train --epochs 1` does. Timed like
    ConvStudio's summary: every training step of the epoch (the first one included)."""
    source = "/usr/share/datasets/fashion-mnist"
    mean, std = 0.2860, 0.3530
    def load(prefix):
        images = read_idx(f"{source}/{prefix}-images-idx3-ubyte.gz").float().div_(255)
        images = images.sub_(mean).div_(std).unsqueeze(1).contiguous()
        return images, read_idx(f"{source}/{prefix}-labels-idx1-ubyte.gz").long()
    images, labels = load("train")
    val_images, val_labels = load("t10k")
    if channels_last:
        model = model.to(memory_format=torch.channels_last)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    dtype = torch.bfloat16 if amp == "bf16" else None
    model.train()
    order = torch.randperm(images.shape[0])
    start = time.perf_counter()
    for i in range(0, images.shape[0], batch):
        index = order[i:i + batch]
        x = images[index]
        if channels_last:
            x = x.contiguous(memory_format=torch.channels_last)
        optimizer.zero_grad()
        with torch.autocast("cpu", dtype=dtype, enabled=dtype is not None):
            logits = model(x)
        loss = F.cross_entropy(logits.float(), labels[index])
        loss.backward()
        optimizer.step()
    seconds = time.perf_counter() - start
    model.eval()
    correct = 0
    with torch.no_grad():
        for i in range(0, val_images.shape[0], 256):
            with torch.autocast("cpu", dtype=dtype, enabled=dtype is not None):
                correct += (model(val_images[i:i + 256]).argmax(1) == val_labels[i:i + 256]).sum().item()
    return images.shape[0] / seconds, correct / val_images.shape[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="lenet5")
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--threads", type=int, default=torch.get_num_threads())
    parser.add_argument("--skip-article", action="store_true")
    parser.add_argument("--epoch", action="store_true",
                        help="one full epoch over the real data instead of --steps steps")
    parser.add_argument("--amp", default="off", choices=["off", "bf16"])
    parser.add_argument("--channels-last", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    result = {"model": args.model, "threads": torch.get_num_threads(), "torch": torch.__version__}
    make, expected_params = MODELS[args.model]
    params = sum(p.numel() for p in make().parameters())
    assert params == expected_params, f"{args.model}: {params} parameters, ConvStudio has {expected_params}"
    shape = (1, 28, 28)
    if args.epoch:
        result["epoch_samples_per_second"], result["val_accuracy"] = full_epoch(
            make(), args.batch, args.amp, args.channels_last)
        print(json.dumps(result))
        return
    if not args.skip_article:
        result["article_samples_per_second"] = article_style(make(), args.batch, args.steps)
    result["preloaded_samples_per_second"] = preloaded(make(), args.batch, args.steps, shape)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
