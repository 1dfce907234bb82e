"""Constant folding asked to build a huge value: `expand` expands one float to 32768 x 32768
(4 GiB), `concat` concatenates the input's shape with itself 26 times (2^28 sizes).
Usage: write_onnx_fold_bomb.py OUT.onnx expand|concat"""
import sys
import numpy as np
from onnx import helper, numpy_helper
from onnx_models import dense_classifier, save

path, how = sys.argv[1:3]
weight = numpy_helper.from_array(np.zeros((1, 4), np.float32), "fc.weight")
if how == "expand":
    nodes = [helper.make_node("Expand", ["one", "huge"], ["big"], name="bomb")]
    constants = [numpy_helper.from_array(np.ones(1, np.float32), "one"),
                 numpy_helper.from_array(np.array([32768, 32768], np.int64), "huge")]
else:
    nodes = [helper.make_node("Shape", ["x"], ["s0"], name="shape")]
    nodes += [helper.make_node("Concat", [f"s{i}", f"s{i}"], [f"s{i + 1}"], name=f"double{i + 1}",
                               axis=0) for i in range(26)]
    constants = []
save(dense_classifier(weight, nodes, constants), path)
