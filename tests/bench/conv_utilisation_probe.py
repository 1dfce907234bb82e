#!/usr/bin/env python3
"""How much of the matmul peak LibTorch's own (oneDNN) convolutions reach at a template's shapes
(issue 33's utilisation goal): each convolution of resnet-small (24/48/96) or wide-resnet
(64/128/256) at batch 128, channels-last, fp32 and bf16, the median of REPS timings each, against
a 2048x2048 matmul of the same precision: forward and backward together, then each direction
alone (forward, the input's gradient, the weights' gradient; the first has no input gradient).
A training step also runs BatchNorm, ReLU, the additions, pooling, the loss and the optimizer,
so its utilisation is at most the convolutions' overall figure printed here.
  ~/.cache/convstudio/venv/bin/python tests/bench/conv_utilisation_probe.py [REPS] [MODEL]"""
import sys
import time

import torch

# On 28x28: (in channels, out channels, kernel, stride, input side), each convolution once.
def layers(a, b, c):
    return [(1, a, 3, 1, 28), (a, a, 3, 1, 28), (a, a, 3, 1, 28),
            (a, b, 3, 2, 28), (b, b, 3, 1, 14), (a, b, 1, 2, 28),
            (b, c, 3, 2, 14), (c, c, 3, 1, 7), (b, c, 1, 2, 14)]


MODELS = {"resnet-small": layers(24, 48, 96), "wide-resnet": layers(64, 128, 256)}
BATCH = 128


def median_seconds(run, reps):
    for _ in range(3):
        run()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2]


def matmul_gflops(dtype, reps):
    a = torch.randn(2048, 2048, dtype=dtype)
    b = torch.randn(2048, 2048, dtype=dtype)
    return 2 * 2048**3 / median_seconds(lambda: a @ b, reps) / 1e9


def direction_seconds(x, conv, gradient, reps):
    """Forward, input-gradient and weight-gradient seconds of one convolution, each alone."""
    weight = conv.weight.detach()
    stride, padding = list(conv.stride), list(conv.padding)

    def backward(mask):
        return lambda: torch.ops.aten.convolution_backward(
            gradient, x.detach(), weight, None, stride, padding, [1, 1], False, [0, 0], 1, mask)
    with torch.no_grad():
        forward = median_seconds(lambda: conv(x), reps)
    data = median_seconds(backward([True, False, False]), reps) if x.requires_grad else 0.0
    weights = median_seconds(backward([False, True, False]), reps)
    return forward, data, weights


def convolution_gflops(dtype, reps, model):
    rows, flops_all, seconds_all = [], 0.0, 0.0
    directions = [[0.0, 0.0] for _ in range(3)]  # flops, seconds: forward, data, weights
    cl = torch.channels_last
    for cin, cout, k, stride, side in MODELS[model]:
        x = torch.randn(BATCH, cin, side, side).to(memory_format=cl).to(dtype)
        x.requires_grad_(cin > 1)
        conv = torch.nn.Conv2d(cin, cout, k, stride, k // 2, bias=False)
        conv = conv.to(memory_format=cl).to(dtype)
        out = (side + 2 * (k // 2) - k) // stride + 1
        gradient = torch.randn(BATCH, cout, out, out).to(memory_format=cl).to(dtype)
        macs = BATCH * cout * out * out * cin * k * k
        flops = 2 * macs * (3 if cin > 1 else 2)
        seconds = median_seconds(lambda: conv(x).backward(gradient), reps)
        rows.append((cin, cout, k, stride, side, flops / seconds / 1e9))
        flops_all += flops
        seconds_all += seconds
        for direction, alone in zip(directions, direction_seconds(x, conv, gradient, reps)):
            if alone > 0:
                direction[0] += 2 * macs
                direction[1] += alone
    by_direction = [f / s / 1e9 for f, s in directions]
    return rows, flops_all / seconds_all / 1e9, by_direction


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    model = sys.argv[2] if len(sys.argv) > 2 else "resnet-small"
    print(f"{model}: threads {torch.get_num_threads()}, batch {BATCH}, "
          f"LibTorch {torch.__version__}")
    for dtype in (torch.float32, torch.bfloat16):
        peak = matmul_gflops(dtype, reps)
        rows, overall, by_direction = convolution_gflops(dtype, reps, model)
        print(f"{dtype}: matmul {peak:.0f} GFLOP/s; convolutions forward+backward "
              f"{overall:.0f} GFLOP/s = {overall / peak:.2f} of it")
        names = ("forward", "input gradient", "weight gradient")
        print("  alone: " + ", ".join(f"{name} {g:.0f} ({g / peak:.2f})"
                                      for name, g in zip(names, by_direction)))
        for cin, cout, k, stride, side, gflops in rows:
            print(f"  {cin:>3}->{cout:<3} {k}x{k} stride {stride} at {side:>2}x{side:<2} "
                  f"{gflops:6.0f} GFLOP/s ({gflops / peak:.2f})")


if __name__ == "__main__":
    main()
