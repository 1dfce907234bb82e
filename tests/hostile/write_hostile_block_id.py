"""A lenet5 project whose block conv1 is renamed "conv<CHAR>1gnp.exe", CHAR a code point in hex
(202E: RIGHT-TO-LEFT OVERRIDE, so "conv1exe.png" is what a terminal shows; 0: NUL), the wires
following it. Usage: write_hostile_block_id.py OUT.convstudio HEX"""
import json, pathlib, sys

template = pathlib.Path(__file__).resolve().parents[2] / "resources/templates/lenet5.json"
graph = json.loads(template.read_text())["graph"]
hostile = "conv" + chr(int(sys.argv[2], 16)) + "1gnp.exe"
for block in graph["blocks"]:
    block["id"] = hostile if block["id"] == "conv1" else block["id"]
for wire in graph["connections"]:
    for end in ("from", "to"):
        wire[end] = hostile if wire[end] == "conv1" else wire[end]
project = {"format": "convstudio-project", "version": 1, "graph": graph, "dataset": {},
           "training": {}}
pathlib.Path(sys.argv[1]).write_text(json.dumps(project))
