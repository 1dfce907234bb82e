"""COUNT ReLU nodes in a row before the classifier, named r1, r2 ... (`named`) or left unnamed.
Usage: write_onnx_long_chain.py OUT.onnx COUNT [named|unnamed]"""
import sys
import numpy as np
from onnx import helper, numpy_helper
from onnx_models import model, save

path, count = sys.argv[1], int(sys.argv[2])
named = len(sys.argv) < 4 or sys.argv[3] == "named"
values = ["x"] + [f"v{i}" for i in range(1, count + 1)]
nodes = [helper.make_node("Relu", [values[i]], [values[i + 1]], name=f"r{i + 1}" if named else "")
         for i in range(count)]
nodes += [helper.make_node("Flatten", [values[-1]], ["flat"], name="flatten"),
          helper.make_node("Gemm", ["flat", "fc.weight"], ["y"], name="fc", transB=1)]
weight = numpy_helper.from_array(np.zeros((2, 4), np.float32), "fc.weight")
save(model(nodes, [weight], (1, 2, 2)), path)
