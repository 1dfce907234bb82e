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

# A labelled folder's labels files, in each syntax it reads.
write("fuzz_labels_sidecar", "labels.csv", 'file,label\n0.png,cat\n"a, b.jpg",dog\n')
write("fuzz_labels_sidecar", "labels.txt", "img/1.png,10\r\n2.png,9\r\n\r\n../x.png,2\r\n")
write("fuzz_labels_sidecar", "labels.json",
      '{\n  "0.png": "cat",\n  "sub/1.png": 3,\n  "\\u00e9.png": "dog"\n}\n')

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

# Image headers: tiny files of every format the probe reads, built byte by byte (no imaging
# library needed; extended.webp is a VP8X header alone, the rest decode), and the loader tests'
# JPEG fixtures (CMYK; EXIF before the frame).
import zlib

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

def png(width, height, colour, rows, extra=b""):
    chunk = png_chunk
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def pack_tiff(order, width, height, photometric, samples):
    u16, u32 = order + "H", order + "I"
    entries = [(256, 3, width), (257, 3, height), (258, 3, 8), (259, 3, 1),
               (262, 3, photometric), (273, 4, 8), (277, 3, samples), (278, 3, height),
               (279, 4, width * height * samples)]
    pixels = bytes(width * height * samples)
    ifd = struct.pack(u16, len(entries))
    for tag, kind, value in entries:
        field = struct.pack(u16, value) + b"\0\0" if kind == 3 else struct.pack(u32, value)
        ifd += struct.pack(u16, tag) + struct.pack(u16, kind) + struct.pack(u32, 1) + field
    mark = b"II" if order == "<" else b"MM"
    return mark + struct.pack(u16, 42) + struct.pack(u32, 8 + len(pixels)) + pixels + ifd + \
        struct.pack(u32, 0)

def bmp(width, height, bits, info_size, palette=b"", pixels=b""):
    if info_size == 12:
        info = struct.pack("<IHHHH", 12, width, height, 1, bits)
    else:
        info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, bits, 0, len(pixels), 2835,
                           2835, len(palette) // 4, 0)
    offset = 14 + len(info) + len(palette)
    return b"BM" + struct.pack("<IHHI", offset + len(pixels), 0, 0, offset) + info + palette + \
        pixels

def riff_webp(kind, payload):
    payload += b"\0" * (len(payload) % 2)
    body = b"WEBP" + kind + struct.pack("<I", len(payload)) + payload
    return b"RIFF" + struct.pack("<I", len(body)) + body

seeds = "fuzz_image_header"
write(seeds, "rgb.png", png(2, 2, 2, [b"\xff\x00\x00\x00\xff\x00", b"\x00\x00\xff\xff\xff\xff"]))
write(seeds, "grey-trns.png", png(3, 1, 0, [b"\x00\x80\xff"], png_chunk(b"tRNS", b"\x00\x80")))
write(seeds, "grey.pgm", b"P5\n# a comment\n3 2\n255\n" + bytes(range(6)))
write(seeds, "colour.ppm", b"P3 2 1 255\n255 0 0  0 0 255\n")
write(seeds, "core.bmp", bmp(2, 2, 24, 12, pixels=bytes(16)))
write(seeds, "grey-palette.bmp", bmp(2, -2, 8, 40, bytes(sum(([i, i, i, 0] for i in range(4)), [])),
                                     bytes(8)))
write(seeds, "rgba.bmp", bmp(1, 1, 32, 40, pixels=b"\x10\x20\x30\xff"))
write(seeds, "grey-little.tif", pack_tiff("<", 2, 2, 1, 1))
write(seeds, "rgb-big.tif", pack_tiff(">", 2, 1, 2, 3))
write(seeds, "lossless.webp", riff_webp(b"VP8L", b"\x2f" + struct.pack(
    "<I", (2 - 1) | ((3 - 1) << 14) | (1 << 28)) + b"\0\0\0"))
write(seeds, "extended.webp", riff_webp(b"VP8X", b"\x10\0\0\0" + (4).to_bytes(3, "little") +
                                        (5).to_bytes(3, "little")))
write(seeds, "lossy.webp", riff_webp(b"VP8 ", b"\x30\x01\x00\x9d\x01\x2a" +
                                     struct.pack("<HH", 6, 7) + b"\0" * 8))
fixtures = root / "tests/engine/data/fixtures"
for jpeg in ("cmyk.jpg", "exif6.jpg"):
    write(seeds, jpeg, (fixtures / jpeg).read_bytes())
