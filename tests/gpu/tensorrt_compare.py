"""Builds TensorRT engines from ConvStudio's fp32 and int8 (QDQ) ONNX exports and compares their
outputs with onnxruntime's on the same batch (issue 37).

fp32: TF32 off, logits within 1e-3 of onnxruntime's (TensorRT picks its own convolution
algorithms, whose sums round in another order than onnxruntime's CPU kernels).
int8: built with the INT8 flag (explicit quantization from the file's Q/DQ pairs); the same top-1
class as onnxruntime's int8 run on at least 99% of the batch, logits within 0.1.

Usage: tensorrt_compare.py FP32_ONNX INT8_ONNX INPUT_F32 C,H,W
Prints one JSON object; exit 0 passed, 1 failed, 3 no TensorRT here (tensorrt package absent:
run.sh then tries trtexec).
"""

import json
import sys

import numpy as np
import onnxruntime as ort

try:
    import tensorrt as trt
    import torch
except ImportError as error:
    print(json.dumps({"skipped": "no tensorrt Python package (%s)" % error}))
    sys.exit(3)

FP32_TOLERANCE = 1e-3
INT8_TOLERANCE = 0.1
INT8_AGREEMENT = 0.99


def build_engine(onnx_file, shape, batch, int8):
    logger = trt.Logger(trt.Logger.WARNING)
    builder = trt.Builder(logger)
    network = builder.create_network(0)
    parser = trt.OnnxParser(network, logger)
    with open(onnx_file, "rb") as stream:
        if not parser.parse(stream.read()):
            errors = [str(parser.get_error(i)) for i in range(parser.num_errors)]
            raise RuntimeError("TensorRT cannot parse %s: %s" % (onnx_file, errors))
    config = builder.create_builder_config()
    config.clear_flag(trt.BuilderFlag.TF32)
    if int8:
        config.set_flag(trt.BuilderFlag.INT8)
    profile = builder.create_optimization_profile()
    dims = [1] + shape, [batch] + shape, [batch] + shape
    profile.set_shape("input", *dims)
    config.add_optimization_profile(profile)
    serialized = builder.build_serialized_network(network, config)
    if serialized is None:
        raise RuntimeError("TensorRT could not build an engine from %s" % onnx_file)
    return trt.Runtime(logger).deserialize_cuda_engine(serialized)


def run_engine(engine, x):
    context = engine.create_execution_context()
    context.set_input_shape("input", tuple(x.shape))
    inputs = torch.from_numpy(x).cuda()
    output_name = [engine.get_tensor_name(i) for i in range(engine.num_io_tensors)
                   if engine.get_tensor_mode(engine.get_tensor_name(i)) == trt.TensorIOMode.OUTPUT][0]
    outputs = torch.empty(tuple(context.get_tensor_shape(output_name)), device="cuda")
    context.set_tensor_address("input", inputs.data_ptr())
    context.set_tensor_address(output_name, outputs.data_ptr())
    stream = torch.cuda.Stream()
    context.execute_async_v3(stream.cuda_stream)
    stream.synchronize()
    return outputs.cpu().numpy()


fp32_file, int8_file, input_file, shape_text = sys.argv[1:5]
shape = [int(d) for d in shape_text.split(",")]
x = np.fromfile(input_file, dtype="<f4").reshape([-1] + shape)
report = {"tensorrt": trt.__version__, "batch": int(x.shape[0])}
failed = False
for name, onnx_file in (("fp32", fp32_file), ("int8", int8_file)):
    reference = ort.InferenceSession(onnx_file, providers=["CPUExecutionProvider"]).run(
        None, {"input": x})[0]
    got = run_engine(build_engine(onnx_file, shape, x.shape[0], name == "int8"), x)
    difference = float(np.abs(got - reference).max())
    agreement = float((got.argmax(1) == reference.argmax(1)).mean())
    report[name] = {"max_difference": difference, "top1_agreement": agreement}
    if name == "fp32":
        failed |= difference > FP32_TOLERANCE
    else:
        failed |= difference > INT8_TOLERANCE or agreement < INT8_AGREEMENT
print(json.dumps(report))
sys.exit(1 if failed else 0)
