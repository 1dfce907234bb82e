"""scikit-learn's classification_report and balanced_accuracy_score for ConvStudio's per-class
metrics test (issue 34), computed with NumPy because scikit-learn is not in the venv: the same
definitions, zero_division=0.

- labels: the classes present in y_true or y_pred (sklearn.utils.multiclass.unique_labels);
- precision = tp / (tp + fp), recall = tp / (tp + fn), f1 = 2 tp / (2 tp + fp + fn), 0 where the
  denominator is 0; support = the class's count in y_true;
- macro F1: the unweighted mean of f1 over those labels;
- balanced accuracy: the mean recall over the classes present in y_true.

Reads {"cases": [{"classes": K, "y_true": [...], "y_pred": [...]}]} and writes, per case, the
per-class figures for classes 0..K-1 and the two averages.

Usage: classification_report_reference.py CASES.json RESULTS.json
"""
import json
import sys

import numpy as np


def divide(a, b):
    return np.divide(a, b, out=np.zeros_like(a, dtype=float), where=b != 0)


def report(classes, y_true, y_pred):
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    k = np.arange(classes)
    tp = np.array([np.sum((y_true == c) & (y_pred == c)) for c in k], dtype=float)
    predicted = np.array([np.sum(y_pred == c) for c in k], dtype=float)
    support = np.array([np.sum(y_true == c) for c in k], dtype=float)
    precision = divide(tp, predicted)
    recall = divide(tp, support)
    f1 = divide(2 * tp, support + predicted)
    labels = np.unique(np.concatenate([y_true, y_pred]))
    present = support > 0
    return {
        "precision": precision.tolist(),
        "recall": recall.tolist(),
        "f1": f1.tolist(),
        "support": support.astype(int).tolist(),
        "macro_f1": float(np.mean(f1[labels])),
        "balanced_accuracy": float(np.mean(recall[present])),
    }


def main(cases_path, results_path):
    with open(cases_path) as f:
        cases = json.load(f)["cases"]
    results = [report(c["classes"], c["y_true"], c["y_pred"]) for c in cases]
    with open(results_path, "w") as f:
        json.dump(results, f)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
