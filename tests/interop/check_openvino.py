"""Runs ConvStudio's fp32 and int8 ONNX exports in OpenVINO's CPU runtime and in onnxruntime on
the first 512 Fashion-MNIST test images, preprocessed as the files' own metadata says.

fp32: OpenVINO's logits equal onnxruntime's within 1e-4.
int8 (QDQ): the same top-1 class as onnxruntime on every image of the batch, and logits within
INT8_TOLERANCE of onnxruntime's. Both runtimes fuse QuantizeLinear/DequantizeLinear into int8
kernels, but round the requantized sums in their own order: one int8 step of the last layer's
output scale is the largest honest difference, and on these models it stays below 0.05.

Usage: check_openvino.py FP32_ONNX INT8_ONNX
Exits 77 (ctest's skip) with the reason when the openvino package is absent.
"""

import gzip
import json
import sys

import numpy as np
import onnx
import onnxruntime as ort

FP32_TOLERANCE = 1e-4
INT8_TOLERANCE = 0.05
IMAGES = "/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz"

try:
    import openvino as ov
except ImportError as error:
    print("SKIP: the openvino package is not installed in this Python (%s); scripts/setup.sh "
          "installs it (pip install openvino)" % error)
    sys.exit(77)


def images(onnx_file, count=512):
    metadata = {p.key: p.value for p in onnx.load(onnx_file).metadata_props}
    mean = np.array(json.loads(metadata["mean"]), dtype=np.float32).reshape(1, -1, 1, 1)
    std = np.array(json.loads(metadata["std"]), dtype=np.float32).reshape(1, -1, 1, 1)
    with gzip.open(IMAGES) as stream:
        raw = np.frombuffer(stream.read(), dtype=np.uint8, offset=16)
    pixels = raw[: count * 28 * 28].reshape(count, 1, 28, 28).astype(np.float32) / 255
    return ((pixels - mean) / std).astype(np.float32)


def onnxruntime_logits(onnx_file, x):
    session = ort.InferenceSession(onnx_file, providers=["CPUExecutionProvider"])
    return session.run(None, {"input": x})[0]


def openvino_logits(onnx_file, x):
    # OpenVINO's CPU plugin computes in bf16 by default where the CPU has avx512_bf16 or AMX
    # (0.05 off onnxruntime here); f32 asks for the precision the file was exported in.
    compiled = ov.Core().compile_model(onnx_file, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    return compiled(x)[compiled.output(0)]


fp32_file, int8_file = sys.argv[1:3]
x = images(fp32_file)
report = {"openvino": ov.__version__, "onnxruntime": ort.__version__, "images": len(x)}
failed = False
for name, onnx_file in (("fp32", fp32_file), ("int8", int8_file)):
    reference = onnxruntime_logits(onnx_file, x)
    got = openvino_logits(onnx_file, x)
    difference = float(np.abs(got - reference).max())
    agreement = float((got.argmax(1) == reference.argmax(1)).mean())
    report[name] = {"max_difference": difference, "top1_agreement": agreement}
    tolerance = FP32_TOLERANCE if name == "fp32" else INT8_TOLERANCE
    if difference > tolerance or agreement < 1.0:
        failed = True
        print("FAIL: %s: OpenVINO differs from onnxruntime by %.3g (tolerance %g), top-1 "
              "agreement %.4f" % (name, difference, tolerance, agreement))
print(json.dumps(report))
sys.exit(1 if failed else 0)
