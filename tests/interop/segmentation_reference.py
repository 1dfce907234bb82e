"""NumPy's and PyTorch's segmentation figures for ConvStudio's segmentation tests (issue 38).

Reads {"iou": [...], "cross_entropy": [...]} written by the tests and writes, per case:

- iou: {"classes": K, "ignore": L, "y_true": [...], "y_pred": [...]} (pixels, flattened). Pixels
  whose truth is L are dropped first; then, per class c, IoU_c = |t = c and p = c| /
  |t = c or p = c|, null for a class in neither; the mean IoU over the classes that are not null
  (np.nanmean) and the pixel accuracy mean(t == p) over the pixels kept.
- cross_entropy: {"logits": N×C×H×W, "labels": N×H×W, "weight": [...] | null,
  "label_smoothing": e, "ignore_index": L}: torch.nn.functional.cross_entropy of the float32
  tensors with those arguments (mean reduction).

Usage: segmentation_reference.py CASES.json RESULTS.json
"""
import json
import sys

import numpy as np
import torch


def iou_case(case):
    t = np.asarray(case["y_true"], dtype=np.int64)
    p = np.asarray(case["y_pred"], dtype=np.int64)
    keep = t != case["ignore"]
    t, p = t[keep], p[keep]
    ious = []
    for c in range(case["classes"]):
        union = np.sum((t == c) | (p == c))
        ious.append(None if union == 0 else float(np.sum((t == c) & (p == c)) / union))
    present = np.array([np.nan if v is None else v for v in ious], dtype=float)
    return {"class_iou": ious,
            "mean_iou": float(np.nanmean(present)),
            "pixel_accuracy": float(np.mean(t == p))}


def cross_entropy_case(case):
    logits = torch.tensor(case["logits"], dtype=torch.float32)
    labels = torch.tensor(case["labels"], dtype=torch.int64)
    weight = case["weight"]
    return float(torch.nn.functional.cross_entropy(
        logits, labels,
        weight=None if weight is None else torch.tensor(weight, dtype=torch.float32),
        ignore_index=case["ignore_index"], label_smoothing=case["label_smoothing"]))


def main(cases_path, results_path):
    with open(cases_path) as f:
        cases = json.load(f)
    results = {"iou": [iou_case(c) for c in cases.get("iou", [])],
               "cross_entropy": [cross_entropy_case(c) for c in cases.get("cross_entropy", [])],
               "numpy": np.__version__, "torch": torch.__version__}
    with open(results_path, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
