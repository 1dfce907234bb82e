"""A FIFO where images are expected: FOLDER/list/labels.csv names img/pipe.pgm (a FIFO) on its
last line, and FOLDER/folder/cat/pipe.pgm is a FIFO among real images. Opening a FIFO for
reading waits for a writer: forever, with no message. Usage: write_fifo_in_data.py FOLDER"""
import os, pathlib, sys

root = pathlib.Path(sys.argv[1])
pgm = lambda: b"P5\n28 28\n255\n" + os.urandom(28 * 28)
rows = ["path,label"]
for i in range(8):
    for label in ("cat", "dog"):
        (root / "folder" / label).mkdir(parents=True, exist_ok=True)
        (root / "folder" / label / f"{i}.pgm").write_bytes(pgm())
    (root / "list/img").mkdir(parents=True, exist_ok=True)
    (root / f"list/img/{i}.pgm").write_bytes(pgm())
    rows.append(f"img/{i}.pgm,{'cat' if i % 2 else 'dog'}")
rows.append("img/pipe.pgm,cat")
(root / "list/labels.csv").write_text("\n".join(rows) + "\n")
os.mkfifo(root / "list/img/pipe.pgm")
os.mkfifo(root / "folder/cat/pipe.pgm")
