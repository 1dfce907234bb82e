#pragma once
// The Python that writes a .pt2 from the generated PyTorch code (convstudio_model.py and its
// weights in FOLDER): torch.export with a dynamic batch, then torch.export.save (an
// ExportedProgram) or torch._inductor.aoti_compile_and_package (an AOTInductor package, the
// preprocessing contract in its metadata under kPt2ContractKey). It prints one JSON line: {"ok":
// ...} or the step that failed, the error and, when the traceback reaches the generated forward,
// the block whose line raised it (generated lines read "v_<block> = ..."). argv: FOLDER
// pt2|pt2-aoti OUT C,H,W DEVICE (pt2-aoti compiles for DEVICE's kind: cpu, or cuda kernels)

namespace convstudio {

inline constexpr const char* kPt2Script = R"PY(
import json, os, re, sys, traceback

folder, kind, out, shape, device = sys.argv[1:6]
generated = os.path.join(folder, "convstudio_model.py")


def answer(**fields):
    print(json.dumps(fields))
    sys.exit(0)


def fail(step, error):
    block = None
    for frame in traceback.extract_tb(error.__traceback__):
        if os.path.abspath(frame.filename) == os.path.abspath(generated):
            match = re.match(r"\s*v_(\w+)\s*=", frame.line or "")
            if match:
                block = match.group(1)
    answer(step=step, error="%s: %s" % (type(error).__name__, str(error).strip()[:1500]),
           block=block)


step = "import torch"
try:
    import torch
    step = "import the generated code (convstudio_model.py)"
    sys.path.insert(0, folder)
    import convstudio_model
    step = "load the weights (convstudio_model.safetensors)"
    model = convstudio_model.load_model()
    if kind == "pt2-aoti":
        step = "move the model to " + device
        model = model.to(device)
    else:
        device = "cpu"  # an ExportedProgram keeps the weights where torch.export.load puts them
    contract = json.dumps(convstudio_model.PREPROCESSING)
    step = "torch.export.export"
    example = torch.zeros([2] + [int(d) for d in shape.split(",")], device=device)
    batch = torch.export.Dim("batch", min=1, max=65536)
    with torch.no_grad():
        try:
            program = torch.export.export(model, (example,), dynamic_shapes={"x": {0: batch}})
        except Exception as error:
            # A device can bound the batch (CUDA's grids: 65535 for resnet-small); torch names
            # the range it can export, which is taken once.
            found = re.search(r"Dim\('batch'(?:, min=(\d+))?, max=(\d+)\)", str(error))
            if not found:
                raise
            batch = torch.export.Dim("batch", min=int(found.group(1) or 1), max=int(found.group(2)))
            program = torch.export.export(model, (example,), dynamic_shapes={"x": {0: batch}})
    if kind == "pt2":
        step = "torch.export.save"
        torch.export.save(program, out, extra_files={"convstudio/preprocessing.json": contract})
    else:
        step = "torch._inductor.aoti_compile_and_package"
        torch._inductor.aoti_compile_and_package(
            program, package_path=out,
            inductor_configs={"aot_inductor.metadata": {"convstudio.preprocessing": contract}})
except Exception as error:
    fail(step, error)
answer(ok=True, torch=torch.__version__)
)PY";

}  // namespace convstudio
