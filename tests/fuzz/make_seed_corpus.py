#!/usr/bin/env python3
"""Writes the seed corpora that need no ConvStudio build: IDX files cut from the Debian
Fashion-MNIST (raw and gzip), small safetensors files in the format's own layout, CSV datasets
and projects made from the built-in templates. state.json and .onnx seeds come from a real
training run and export (see README.md in this folder). Run from anywhere; rewrites corpus/."""
import gzip, json, pathlib, struct

here = pathlib.Path(__file__).resolve().parent
root = here.parents[1]
corpus = here / "corpus"

def write(harness, name, data):
    path = corpus / harness / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())

# IDX: the real header and the first 3 images / 5 labels of Fashion-MNIST's test set.
fm = pathlib.Path("/usr/share/datasets/fashion-mnist")
images = gzip.decompress((fm / "t10k-images-idx3-ubyte.gz").read_bytes())
labels = gzip.decompress((fm / "t10k-labels-idx1-ubyte.gz").read_bytes())
img3 = struct.pack(">IIII", 0x803, 3, 28, 28) + images[16:16 + 3 * 784]
lab5 = struct.pack(">II", 0x801, 5) + labels[8:13]
write("fuzz_idx_file", "images3.idx", img3)
write("fuzz_idx_file", "images3.idx.gz", gzip.compress(img3, 9))
write("fuzz_idx_file", "labels5.idx", lab5)
write("fuzz_idx_file", "labels5.idx.gz", gzip.compress(lab5, 9))
write("fuzz_idx_file", "tiny2x2.idx", struct.pack(">IIII", 0x803, 2, 2, 2) + bytes(range(8)))

# safetensors: 8-byte little-endian header length, JSON header padded to 8, raw data.
def safetensors(tensors, metadata=None):
    header, data = {}, b""
    for name, (dtype, shape, raw) in tensors.items():
        header[name] = {"dtype": dtype, "shape": shape,
                        "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    if metadata is not None:
        header["__metadata__"] = metadata
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data

write("fuzz_safetensors", "conv_weights.safetensors", safetensors({
    "conv1.weight": ("F32", [2, 1, 2, 2], struct.pack("<8f", *[0.5 * i for i in range(8)])),
    "conv1.bias": ("F32", [2], struct.pack("<2f", 0.1, -0.1)),
    "bn.num_batches_tracked": ("I64", [], struct.pack("<q", 7)),
}, {"format": "pt"}))
write("fuzz_safetensors", "mixed_dtypes.safetensors", safetensors({
    "h": ("F16", [2], b"\x00\x3c\x00\xc0"), "b": ("BF16", [1, 2], b"\x80\x3f\x00\x40"),
    "u": ("U8", [3], b"\x01\x02\x03"), "m": ("BOOL", [2], b"\x01\x00"),
    "d": ("F64", [1], struct.pack("<d", 2.5)), "i": ("I32", [0], b""),
}))
write("fuzz_safetensors", "empty.safetensors", safetensors({}))

# CSV datasets, as the data panel documents them.
write("fuzz_csv_dataset", "plain.csv", "path,label\nimages/a.png,cat\nimages/b.png,dog\n")
write("fuzz_csv_dataset", "quoted.csv",
      'id,"path",label,extra\r\n1,"img, one.jpg",3,x\r\n2,two.jpg,10,"y ""q"""\r\n')
write("fuzz_csv_dataset", "numeric.csv", "label,path\n0,/abs/p0.bmp\n1,rel/p1.webp\n")

# Projects: the built-in templates wrapped as the CLI's `new` writes them.
for template in sorted((root / "resources/templates").glob("*.json")):
    if template.stem not in ("lenet5", "resnet-small"):
        continue
    graph = json.loads(template.read_text())["graph"]
    project = {"format": "convstudio-project", "version": 1, "graph": graph,
               "dataset": {}, "training": {}}
    write("fuzz_project_file", template.stem + ".convstudio", json.dumps(project, indent=1))
problems = root / "tests/cli/data/two_problems.convstudio"
write("fuzz_project_file", "two_problems.convstudio", problems.read_bytes())
