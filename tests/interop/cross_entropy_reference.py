"""PyTorch's own cross-entropy for ConvStudio's training loss test (issue 34).

Reads cases written by tests/engine/train/training_loss_test.cpp: logits, labels (or probability
targets), class weights (or null) and label smoothing; writes, per case, torch.nn.CrossEntropyLoss(weight=...,
label_smoothing=...) of the same float32 tensors. Also the "balanced" class weights of the
cases' label lists as scikit-learn's compute_class_weight("balanced") defines them,
n_samples / (n_classes * np.bincount(y)), computed with NumPy (scikit-learn is not in the venv).

Usage: cross_entropy_reference.py CASES.json RESULTS.json
"""
import json
import sys

import numpy as np
import torch


def main(cases_path, results_path):
    with open(cases_path) as f:
        cases = json.load(f)
    losses = []
    for case in cases["losses"]:
        logits = torch.tensor(case["logits"], dtype=torch.float32)
        # Probability targets (mixup/CutMix) where the case has them, class indices otherwise.
        if "targets" in case:
            labels = torch.tensor(case["targets"], dtype=torch.float32)
        else:
            labels = torch.tensor(case["labels"], dtype=torch.int64)
        weight = case["weight"]
        criterion = torch.nn.CrossEntropyLoss(
            weight=None if weight is None else torch.tensor(weight, dtype=torch.float32),
            label_smoothing=case["label_smoothing"])
        losses.append(float(criterion(logits, labels)))
    balanced = []
    for case in cases["balanced"]:
        y = np.array(case["labels"], dtype=np.int64)
        classes = case["classes"]
        balanced.append((len(y) / (classes * np.bincount(y, minlength=classes))).tolist())
    with open(results_path, "w") as f:
        json.dump({"losses": losses, "balanced": balanced, "torch": torch.__version__}, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
