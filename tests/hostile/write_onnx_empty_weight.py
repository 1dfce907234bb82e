"""A dense layer after a 64x4096x4096 input whose stored weight has shape [OUT, 0]: the layer it
describes has a billion inputs per output, the file stores none of them.
Usage: write_onnx_empty_weight.py OUT.onnx [OUT]"""
import sys
from onnx import TensorProto, helper
from onnx_models import dense_classifier, save

outputs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
weight = helper.make_tensor("fc.weight", TensorProto.FLOAT, [outputs, 0], [])
save(dense_classifier(weight, input_shape=(64, 4096, 4096)), sys.argv[1])
