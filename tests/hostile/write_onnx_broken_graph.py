"""Graphs the importer must refuse with a clear message: `cycle` (a -> b -> a), `negative` (a
weight of shape [-2, -2]), `overflow` (a weight of shape [2^33, 2^31], 2^64 elements).
Usage: write_onnx_broken_graph.py OUT.onnx cycle|negative|overflow"""
import sys
import numpy as np
from onnx import TensorProto, helper, numpy_helper
from onnx_models import dense_classifier, model, save

path, how = sys.argv[1:3]
weight = numpy_helper.from_array(np.zeros((1, 4), np.float32), "fc.weight")
if how == "cycle":
    nodes = [helper.make_node("Add", ["x", "b"], ["a"], name="loop_a"),
             helper.make_node("Relu", ["a"], ["b"], name="loop_b"),
             helper.make_node("Flatten", ["b"], ["flat"], name="flatten"),
             helper.make_node("Gemm", ["flat", "fc.weight"], ["y"], name="fc", transB=1)]
    save(model(nodes, [weight], (1, 1, 4)), path)
else:
    # [-2, -2] with the 16 bytes 4 elements take; 2^33 x 2^31 elements wrap to 0 in 64 bits
    # (and so take no bytes).
    dims, size = ([-2, -2], 16) if how == "negative" else ([2**33, 2**31], 0)
    bad = TensorProto(name="fc.weight", data_type=TensorProto.FLOAT, dims=dims,
                      raw_data=bytes(size))
    save(dense_classifier(bad), path)
