"""A labels CSV (FOLDER/set/labels.csv) of 8 grey images in its own folder and one row,
"../outside/secret.pgm", that reaches out of it. Usage: write_csv_escape.py FOLDER"""
import os, pathlib, sys

root = pathlib.Path(sys.argv[1])
(root / "set/img").mkdir(parents=True)
(root / "outside").mkdir()
pgm = lambda: b"P5\n28 28\n255\n" + os.urandom(28 * 28)
(root / "outside/secret.pgm").write_bytes(pgm())
rows = ["path,label"]
for i in range(8):
    (root / f"set/img/{i}.pgm").write_bytes(pgm())
    rows.append(f"img/{i}.pgm,{'cat' if i % 2 else 'dog'}")
rows.append("../outside/secret.pgm,cat")
(root / "set/labels.csv").write_text("\n".join(rows) + "\n")
