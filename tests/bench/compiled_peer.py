#!/usr/bin/env python3
"""The Python peers of compile_bench.sh: a model's own generated PyTorch code (convstudio-cli
export --format python) trained in eager mode or under torch.compile, on Fashion-MNIST preloaded
and normalised, with the recipe the bench gives ConvStudio (SGD, momentum, no augmentation).
Warm-up steps (torch.compile's compilation happens there) are excluded from the timing.
Prints one JSON line: training samples per second, the mean loss of the timed steps."""
import argparse, gzip, importlib.util, json, time

import torch
import torch.nn.functional as F

SOURCE = "/usr/share/datasets/fashion-mnist"


def read_idx(path):
    # IDX as Debian's dataset-fashion-mnist ships it: gzip, big-endian dims after a magic word.
    with gzip.open(path) as f:
        data = f.read()
    dims = data[3]
    shape = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return torch.frombuffer(bytearray(data[4 + 4 * dims:]), dtype=torch.uint8).reshape(shape)


def load_module(path):
    spec = importlib.util.spec_from_file_location("generated_model", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--code", required=True, help="the generated .py (weights beside it)")
    parser.add_argument("--mode", choices=["eager", "compile"], required=True)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--momentum", type=float, default=0.9)
    parser.add_argument("--amp", choices=["off", "bf16"], default="off")
    parser.add_argument("--channels-last", action="store_true")
    parser.add_argument("--threads", type=int, default=torch.get_num_threads())
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)

    module = load_module(args.code)
    model = module.load_model()
    model.train()
    images = read_idx(f"{SOURCE}/train-images-idx3-ubyte.gz").float().div_(255)
    mean, std = module.PREPROCESSING["mean"][0], module.PREPROCESSING["std"][0]
    images = images.sub_(mean).div_(std).unsqueeze(1).contiguous()
    labels = read_idx(f"{SOURCE}/train-labels-idx1-ubyte.gz").long()
    if args.channels_last:
        model = model.to(memory_format=torch.channels_last)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)
    dtype = torch.bfloat16 if args.amp == "bf16" else None

    def step(x, y):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=dtype, enabled=dtype is not None):
            logits = forward(x)
        loss = F.cross_entropy(logits.float(), y)
        loss.backward()
        optimizer.step()
        return loss

    forward = torch.compile(model) if args.mode == "compile" else model
    order = torch.randperm(images.shape[0])
    batches_per_epoch = images.shape[0] // args.batch

    def batch(i):
        index = order[(i % batches_per_epoch) * args.batch:][:args.batch]
        x = images[index]
        if args.channels_last:
            x = x.contiguous(memory_format=torch.channels_last)
        return x, labels[index]

    for i in range(args.warmup):
        step(*batch(i))
    losses = []
    start = time.perf_counter()
    for i in range(args.warmup, args.warmup + args.steps):
        losses.append(step(*batch(i)).detach())
    seconds = time.perf_counter() - start
    print(json.dumps({"mode": args.mode, "samples_per_second": args.steps * args.batch / seconds,
                      "mean_loss": float(torch.stack(losses).mean()),
                      "threads": torch.get_num_threads()}))


if __name__ == "__main__":
    main()
