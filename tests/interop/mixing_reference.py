"""torchvision's own MixUp and CutMix for ConvStudio's batch mixing test (issue 34).

Reads cases written by tests/engine/train/batch_mixing_test.cpp: a float32 batch of images
(N x C x H x W), its labels, the class count, and per case the transform ("mixup" or "cutmix"),
lambda and, for CutMix, the box centre (r_x, r_y). Runs torchvision.transforms.v2.MixUp /
CutMix on them with lambda and the centre fixed: the transform's Beta distribution is replaced
by one that returns lambda, and torch.randint (which CutMix calls for r_x, then r_y) by one that
returns the given centre, so torchvision's own code computes the box, the adjusted lambda, the
mixed images and the soft targets. Writes them per case, with the box for CutMix.

Usage: mixing_reference.py CASES.json RESULTS.json
"""
import json
import sys

import torch
import torchvision
from torchvision.transforms import v2


class FixedLambda:
    def __init__(self, lam):
        self.lam = lam

    def sample(self, shape=()):
        return torch.tensor([self.lam])


def run_case(images, labels, classes, case):
    kind = case["transform"]
    transform = (v2.MixUp if kind == "mixup" else v2.CutMix)(alpha=1.0, num_classes=classes)
    transform._dist = FixedLambda(case["lambda"])
    centre = [case.get("r_x", 0), case.get("r_y", 0)]
    real_randint = torch.randint

    def fixed_randint(high, size=None, **kwargs):
        return torch.tensor([centre.pop(0)])

    torch.randint = fixed_randint
    try:
        if kind == "cutmix":
            # The box and adjusted lambda as torchvision's make_params computes them.
            params = transform.make_params([images])
            centre[:] = [case["r_x"], case["r_y"]]
        mixed, targets = transform(images, labels)
    finally:
        torch.randint = real_randint
    result = {"images": mixed.reshape(-1).tolist(), "targets": targets.reshape(-1).tolist()}
    if kind == "cutmix":
        result["box"] = list(params["box"])
        result["lambda"] = params["lam_adjusted"]
    return result


def main(cases_path, results_path):
    with open(cases_path) as f:
        cases = json.load(f)
    images = torch.tensor(cases["images"], dtype=torch.float32).reshape(cases["shape"])
    labels = torch.tensor(cases["labels"], dtype=torch.int64)
    results = [run_case(images, labels, cases["classes"], case) for case in cases["cases"]]
    with open(results_path, "w") as f:
        json.dump({"results": results, "torchvision": torchvision.__version__}, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
