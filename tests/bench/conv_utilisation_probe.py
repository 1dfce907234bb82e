#!/usr/bin/env python3
"""How much of the matmul peak LibTorch's own (oneDNN) convolutions reach at resnet-small's
shapes (issue 33's utilisation goal): each convolution of resnet-small at batch 128, forward and
backward (input and weight gradients; none for the input of the first), channels-last, fp32 and
bf16, the median of REPS timings each, against a 2048x2048 matmul of the same precision.
A training step also runs BatchNorm, ReLU, the additions, pooling, the loss and the optimizer,
so its utilisation is at most the convolutions' overall figure printed here.
  ~/.cache/convstudio/venv/bin/python tests/bench/conv_utilisation_probe.py [REPS]"""
import sys
import time

import torch

# resnet-small (24/48/96) on 28x28: (in channels, out channels, kernel, stride, input side).
LAYERS = [(1, 24, 3, 1, 28), (24, 24, 3, 1, 28), (24, 24, 3, 1, 28),
          (24, 48, 3, 2, 28), (48, 48, 3, 1, 14), (24, 48, 1, 2, 28),
          (48, 96, 3, 2, 14), (96, 96, 3, 1, 7), (48, 96, 1, 2, 14)]
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


def convolution_gflops(dtype, reps):
    rows, flops_all, seconds_all = [], 0.0, 0.0
    cl = torch.channels_last
    for cin, cout, k, stride, side in LAYERS:
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
    return rows, flops_all / seconds_all / 1e9


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    print(f"threads {torch.get_num_threads()}, batch {BATCH}, LibTorch {torch.__version__}")
    for dtype in (torch.float32, torch.bfloat16):
        peak = matmul_gflops(dtype, reps)
        rows, overall = convolution_gflops(dtype, reps)
        print(f"{dtype}: matmul {peak:.0f} GFLOP/s; convolutions forward+backward "
              f"{overall:.0f} GFLOP/s = {overall / peak:.2f} of it")
        for cin, cout, k, stride, side, gflops in rows:
            print(f"  {cin:>3}->{cout:<3} {k}x{k} stride {stride} at {side:>2}x{side:<2} "
                  f"{gflops:6.0f} GFLOP/s ({gflops / peak:.2f})")


if __name__ == "__main__":
    main()
