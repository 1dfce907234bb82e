"""`convstudio-cli explain` against references computed here with PyTorch on the generated Python
export of the same model: Grad-CAM, Grad-CAM++ and saliency within 1e-4 (maps scaled to 0..1),
occlusion within 1e-5, for lenet5 and resnet-small checkpoints (a few steps on a small CSV data
set) and an ONNX model imported as a project with weights.

Grad-CAM and Grad-CAM++ are pytorch-grad-cam's (github.com/jacobgil/pytorch-grad-cam:
activations_and_gradients.py, base_cam.py, grad_cam.py, grad_cam_plusplus.py, utils/image.py),
repeated here rather than installed: a forward hook keeps the layer's output and a hook on that
output its gradient; the target is the class's logit (ClassifierOutputTarget); weights, ReLU,
scale_cam_image (min-max, then cv2.resize, which is F.interpolate bilinear with
align_corners=False when enlarging), then base_cam's aggregate_multi_layers (max 0, mean,
scale). Occlusion is a NumPy sliding patch. No wall-clock figure is asserted.

usage: check_explain_reference.py CLI WORK ONNX_MODEL
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MAP_TOLERANCE = 1e-4
OCCLUSION_TOLERANCE = 1e-5
PATCH, STRIDE, FILL = 6, 4, 0.0


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def write_dataset(folder, count=40, seed=1):
    rng = np.random.default_rng(seed)
    os.makedirs(os.path.join(folder, "img"), exist_ok=True)
    with open(os.path.join(folder, "labels.csv"), "w") as labels:
        labels.write("path,label\n")
        for i in range(count):
            pixels = rng.integers(0, 256, (28, 28), dtype=np.uint8)
            pixels[4 + 10 * (i % 2):14 + 10 * (i % 2), 8:20] = 255  # where the class shows
            with open(os.path.join(folder, "img", f"{i}.pgm"), "wb") as image:
                image.write(b"P5\n28 28\n255\n" + pixels.tobytes())
            labels.write(f"img/{i}.pgm,{'top' if i % 2 == 0 else 'bottom'}\n")


def load_generated(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.load_model()


def scale_cam_image(cam, size=None):
    cam = cam - cam.min(axis=(-2, -1), keepdims=True)
    cam = cam / (1e-7 + cam.max(axis=(-2, -1), keepdims=True))
    if size is not None:
        cam = F.interpolate(torch.from_numpy(cam)[:, None], size=size, mode="bilinear",
                            align_corners=False)[:, 0].numpy()
    return cam


def grad_cam(model, layer, x, category, plus_plus):
    store = {}

    def keep(module, inputs, output):
        store["activations"] = output
        output.register_hook(lambda grad: store.__setitem__("gradients", grad))

    handle = layer.register_forward_hook(keep)
    try:
        output = model(x)
        model.zero_grad()
        output[:, category].sum().backward(retain_graph=True)
    finally:
        handle.remove()
    activations = store["activations"].detach().numpy()
    grads = store["gradients"].numpy()
    if plus_plus:  # grad_cam_plusplus.py's get_cam_weights
        grads_power_2 = grads**2
        grads_power_3 = grads_power_2 * grads
        sum_activations = np.sum(activations, axis=(2, 3))
        aij = grads_power_2 / (2 * grads_power_2 +
                               sum_activations[:, :, None, None] * grads_power_3 + 0.000001)
        aij = np.where(grads != 0, aij, 0)
        weights = np.sum(np.maximum(grads, 0) * aij, axis=(2, 3))
    else:
        weights = np.mean(grads, axis=(2, 3))
    cam = np.maximum((weights[:, :, None, None] * activations).sum(axis=1), 0)
    cam = scale_cam_image(cam, tuple(x.shape[2:]))
    return scale_cam_image(np.maximum(cam, 0))[0]


def saliency(model, x, category):
    x = x.clone().requires_grad_(True)
    model(x)[:, category].sum().backward()
    return scale_cam_image(x.grad.abs().amax(1).numpy())[0]


def occlusion(model, x, category):
    def probabilities(batch):
        with torch.no_grad():
            return torch.softmax(model(torch.from_numpy(batch)).double(), 1)[:, category].numpy()

    image = x.numpy()
    _, _, height, width = image.shape
    base = probabilities(image)[0]
    corners = [(t, l) for t in range(0, height, STRIDE) for l in range(0, width, STRIDE)]
    copies = np.repeat(image, len(corners), axis=0)
    for i, (t, l) in enumerate(corners):
        copies[i, :, t:t + PATCH, l:l + PATCH] = FILL
    drops, covers = np.zeros((height, width)), np.zeros((height, width))
    for (t, l), p in zip(corners, probabilities(copies)):
        drops[t:t + PATCH, l:l + PATCH] += base - p
        covers[t:t + PATCH, l:l + PATCH] += 1
    return drops / np.maximum(covers, 1)


def explain(cli, model, images, out, method, block=None):
    """Per image: the JSON line, the .npy map and the input the CLI gave the model."""
    args = [cli, "explain", model, *images, "--method", method, "--out", out,
            "--patch", str(PATCH), "--stride", str(STRIDE), "--fill", str(FILL)]
    if block:
        args += ["--block", block]
    for text, image in zip(run(*args).splitlines(), images):
        stem = os.path.splitext(os.path.basename(image))[0]
        x = torch.from_numpy(np.load(os.path.join(out, stem + ".input.npy")))[None]
        yield json.loads(text), np.load(os.path.join(out, f"{stem}.{method}.npy")), x


def check_model(cli, name, model_path, python_path, images, work, results):
    model = load_generated(python_path)
    convolutions = [n for n, m in model.named_modules() if isinstance(m, nn.Conv2d)]
    for block in (convolutions[-1], convolutions[len(convolutions) // 2]):
        out = os.path.join(work, "out", name, block)
        for method in ("gradcam", "gradcam++"):
            for line, got, x in explain(cli, model_path, images, out, method, block):
                category = line["target"]["index"]
                assert int(model(x).argmax()) == category, (name, line)
                expected = grad_cam(model, getattr(model, block), x, category,
                                    method == "gradcam++")
                results.append((name, method, block, got, expected, MAP_TOLERANCE))
    for method, reference, tolerance in (("saliency", saliency, MAP_TOLERANCE),
                                         ("occlusion", occlusion, OCCLUSION_TOLERANCE)):
        out = os.path.join(work, "out", name)
        for line, got, x in explain(cli, model_path, images, out, method):
            expected = reference(model, x, line["target"]["index"])
            results.append((name, method, "input", got, expected, tolerance))


def check_feature_maps(cli, model_path, python_path, image, work):
    """`--method features`: each channel's .npy is the block's output in PyTorch, largest mean
    first."""
    model = load_generated(python_path)
    out = os.path.join(work, "out", "features")
    line = json.loads(run(cli, "explain", model_path, image, "--method", "features", "--block",
                          "conv2", "--out", out))
    stem = os.path.splitext(os.path.basename(image))[0]
    x = torch.from_numpy(np.load(os.path.join(out, stem + ".input.npy")))[None]
    kept = {}
    handle = model.conv2.register_forward_hook(lambda m, i, o: kept.__setitem__("out", o))
    with torch.no_grad():
        model(x)
    handle.remove()
    expected = kept["out"][0].numpy()
    channels = [int(f.split(".")[-2]) for f in line["files"] if f.endswith(".npy")
                and ".features." in f]
    assert sorted(channels) == list(range(expected.shape[0])), channels
    means = [expected[c].mean() for c in channels]
    assert all(a >= b - 1e-6 for a, b in zip(means, means[1:])), means
    diff = max(float(np.abs(np.load(os.path.join(out, f"{stem}.features.{c}.npy")) -
                            expected[c]).max()) for c in channels)
    assert diff <= 1e-5, diff
    print(f"{'lenet5 features':32} max abs diff {diff:.3g}")


def check_discriminates(results):
    """The comparison can fail: Grad-CAM and Grad-CAM++ of one case differ by more than the
    tolerance somewhere, so a wrong definition would not pass unseen."""
    maps = {}
    for name, method, block, got, expected, _ in results:
        maps.setdefault((name, block), {}).setdefault(method, []).append(expected)
    gaps = [np.abs(a - b).max() for m in maps.values() if "gradcam++" in m
            for a, b in zip(m["gradcam"], m["gradcam++"])]
    assert max(gaps) > 100 * MAP_TOLERANCE, gaps


def check_refusal(cli, model, image):
    refused = subprocess.run([cli, "explain", model, image, "--block", "flatten"],
                             capture_output=True, text=True)
    assert refused.returncode == 2, refused
    assert "flatten (Flatten): its output is 256, not C×H×W" in refused.stderr, refused.stderr
    # Two images of one file name would overwrite each other's maps: refused, nothing written.
    twin_folder = os.path.join(os.path.dirname(os.path.dirname(image)), "twin")
    os.makedirs(twin_folder, exist_ok=True)
    twin = os.path.join(twin_folder, os.path.basename(image))
    shutil.copyfile(image, twin)
    out = os.path.join(twin_folder, "out")
    refused = subprocess.run([cli, "explain", model, image, twin, "--out", out],
                             capture_output=True, text=True)
    assert refused.returncode == 2, refused
    assert "would write the same files" in refused.stderr, refused.stderr
    assert not os.path.exists(out) or not os.listdir(out), os.listdir(out)


def main():
    cli, work, onnx_model = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    os.environ["XDG_CACHE_HOME"] = os.path.join(work, "cache")
    write_dataset(os.path.join(work, "data"))
    images = [os.path.join(work, "data", "img", f"{i}.pgm") for i in (0, 1)]
    models = []
    for template in ("lenet5", "resnet-small"):
        project = os.path.join(work, template + ".convstudio")
        run(cli, "new", "--template", template, "--dataset", os.path.join(work, "data", "labels.csv"),
            "--out", project)
        run(cli, "train", project, "--max-steps", "4", "--batch-size", "8", "--cache", "off",
            "--out", os.path.join(work, template + "-run"))
        models.append((template, os.path.join(work, template + "-run", "last.ckpt")))
    imported = os.path.join(work, "imported.convstudio")
    run(cli, "import", onnx_model, "--out", imported)
    models.append(("imported-onnx", imported))
    check_refusal(cli, models[0][1], images[0])
    results = []
    for name, model_path in models:
        python_path = os.path.join(work, name.replace("-", "_") + "_export.py")
        run(cli, "export", model_path, "--format", "python", "--out", python_path)
        check_model(cli, name, model_path, python_path, images, work, results)
    check_discriminates(results)
    check_feature_maps(cli, models[0][1], os.path.join(work, "lenet5_export.py"), images[0], work)
    failures, worst = [], {}
    for name, method, block, got, expected, tolerance in results:
        diff = float(np.abs(got.astype(np.float64) - expected).max())
        key = f"{name} {method}"
        worst[key] = max(worst.get(key, 0.0), diff)
        if got.shape != expected.shape or not diff <= tolerance:
            failures.append(f"{key} at {block}: max abs diff {diff} > {tolerance}")
        if method.startswith("gradcam") and expected.max() < 0.99:
            print(f"note: {key} at {block}: the reference map is all zero")
    for key, diff in worst.items():
        print(f"{key:32} max abs diff {diff:.3g}")
    with open(os.path.join(work, "explain_results.json"), "w") as f:
        json.dump(worst, f, indent=2)
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("explain agrees with PyTorch")


if __name__ == "__main__":
    main()
