#!/usr/bin/env python3
"""Writes the small seeds of fuzz_onnx_file (with the venv's python: numpy, onnx): a dense
classifier, external data naming each file the harness puts beside the model (weights.bin,
outside.bin, sub/hostname, fifo.bin), constant folding and shape arithmetic, a cycle. The real
models beside them are copies of corpus/fuzz_onnx_contract/*.onnx and tests/app/data's
small_resnet.onnx."""
import pathlib, sys

import numpy as np
from onnx import helper, numpy_helper

here = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(here.parent / "hostile"))
from onnx_models import dense_classifier, external_weight, model, save  # noqa: E402

out = here / "corpus" / "fuzz_onnx_file"
out.mkdir(parents=True, exist_ok=True)
w = numpy_helper.from_array(np.ones((2, 4), np.float32), "fc.weight")
save(dense_classifier(w), out / "dense.onnx")
for location, name in [("weights.bin", "external"), ("outside.bin", "linked-file"),
                       ("sub/hostname", "linked-folder"), ("fifo.bin", "fifo")]:
    weight = external_weight("fc.weight", [1, 1024], location)
    save(dense_classifier(weight, input_shape=(1, 1, 1024)), out / (name + ".onnx"))
nodes = [helper.make_node("Expand", ["one", "shape"], ["big"], name="grow"),
         helper.make_node("Shape", ["x"], ["s0"]),
         helper.make_node("Concat", ["s0", "s0"], ["s1"], axis=0),
         helper.make_node("Transpose", ["w2"], ["w2t"], perm=[1, 0]),
         helper.make_node("Mul", ["w2t", "one"], ["w2s"])]
consts = [numpy_helper.from_array(np.ones(1, np.float32), "one"),
          numpy_helper.from_array(np.array([4, 4], np.int64), "shape"),
          numpy_helper.from_array(np.ones((4, 2), np.float32), "w2")]
save(dense_classifier(w, nodes, consts), out / "folding.onnx")
nodes = [helper.make_node("Add", ["x", "b"], ["a"], name="loop_a"),
         helper.make_node("Relu", ["a"], ["b"], name="loop_b"),
         helper.make_node("Flatten", ["b"], ["flat"]),
         helper.make_node("Gemm", ["flat", "fc.weight"], ["y"], transB=1)]
save(model(nodes, [w], (1, 1, 4)), out / "cycle.onnx")
