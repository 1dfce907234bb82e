"""Checks ConvStudio's exports with the programs that read them: torch.jit.load, onnx.checker,
onnxruntime, safetensors and the generated PyTorch code, against LibTorch's reference logits.

Usage: check_exports.py DIR   (DIR holds manifest.json and the files it names, as export_tests'
InteropFiles test and block_type_tests' EveryBlockType test write them)
A missing reader is a failure, not a skip: scripts/setup.sh installs them.
"""

import importlib.util
import json
import os
import sys

import numpy as np
import onnx
import onnxruntime
import torch
from safetensors import safe_open
from safetensors.torch import load_file

TOLERANCE = 1e-4


def floats(path, shape):
    return np.fromfile(path, dtype="<f4").reshape(shape)


def run_generated_code(path, x):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    model = module.load_model()
    assert not model.training
    with torch.no_grad():
        return model(torch.from_numpy(x)).numpy(), model, module


def check_onnx(file, x, expected, contract):
    diff = {}
    model = onnx.load(file)
    onnx.checker.check_model(model, full_check=True)
    assert model.opset_import[0].version >= 13
    metadata = {p.key: p.value for p in model.metadata_props}
    assert json.loads(metadata["convstudio"]) == contract, "ONNX contract differs"
    batch = model.graph.input[0].type.tensor_type.shape.dim[0]
    assert batch.dim_param, "ONNX batch dimension is not symbolic"
    session = onnxruntime.InferenceSession(file, providers=["CPUExecutionProvider"])
    got = session.run(["logits"], {"input": x})[0]
    diff["onnxruntime"] = float(np.abs(got - expected).max())
    got_one = session.run(["logits"], {"input": x[:1]})[0]  # another batch size
    diff["onnxruntime_batch1"] = float(np.abs(got_one - expected[:1]).max())
    return diff


def check_case(folder, case):
    path = lambda key: os.path.join(folder, case[key])
    x = floats(path("input"), case["input_shape"])
    expected = floats(path("expected"), case["output_shape"])
    contract = case["contract"]
    diff = {}
    # A segmentation model's exports give N×C×H×W logits per pixel. (A classification contract
    # may still end in a 4-D block: the every-block-type cases export one block alone.)
    segments = contract.get("task") == "segmentation"
    if segments:
        assert len(case["output_shape"]) == 4, case["output_shape"]

    extra = {"convstudio.json": ""}
    scripted = torch.jit.load(path("torchscript"), _extra_files=extra)
    assert not scripted.training, "TorchScript export is not in eval mode"
    assert json.loads(extra["convstudio.json"]) == contract, "TorchScript contract differs"
    with torch.no_grad():
        diff["torchscript_python"] = float(
            np.abs(scripted(torch.from_numpy(x)).numpy() - expected).max())

    if case.get("onnx"):  # null where the ONNX export refuses a block (by name, in C++)
        diff.update(check_onnx(path("onnx"), x, expected, contract))

    with safe_open(path("safetensors"), framework="pt") as weights:
        meta = weights.metadata()
        assert meta["format"] == "convstudio-model"
        assert json.loads(meta["preprocessing"]) == contract
        native_names = set(weights.keys())
    got, generated, code = run_generated_code(path("python"), x)
    diff["python_code"] = float(np.abs(got - expected).max())
    assert code.PREPROCESSING == contract, "the generated code's contract differs"
    if segments:  # its mask helper: each pixel's argmax class, N x H x W
        mask = code.predict_mask(generated, torch.from_numpy(x)).numpy()
        assert mask.shape == expected.shape[:1] + expected.shape[2:], mask.shape
        assert (mask == expected.argmax(1)).mean() > 0.999, "predict_mask differs"
    assert set(generated.state_dict().keys()) == native_names, "parameter names differ"
    assert set(scripted.state_dict().keys()) == native_names, "TorchScript names differ"
    assert set(load_file(path("safetensors")).keys()) == native_names
    return diff


def main():
    folder = sys.argv[1]
    with open(os.path.join(folder, "manifest.json")) as f:
        cases = json.load(f)
    print("versions: torch", torch.__version__, "onnx", onnx.__version__, "onnxruntime",
          onnxruntime.__version__)
    results, failures = {}, []
    for case in cases:
        diff = check_case(folder, case)
        results[case["name"]] = diff
        for reader, value in diff.items():
            print(f"{case['name']:16} {reader:20} max abs diff {value:.3g}")
            if not value <= TOLERANCE:
                failures.append(f"{case['name']} {reader}: {value} > {TOLERANCE}")
    with open(os.path.join(folder, "python_results.json"), "w") as f:
        json.dump(results, f, indent=2)
    if failures:
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
