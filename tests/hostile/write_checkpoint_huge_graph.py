#!/usr/bin/env python3
"""Edits a checkpoint's graph to a 1x2048x2048 input (its project's Input block and
config.input_shape in state.json), its weights left as trained at 28x28: built as the graph says,
lenet5's first dense layer alone would be 2 GB. Usage: write_checkpoint_huge_graph.py CHECKPOINT"""
import json, sys

path = sys.argv[1] + "/state.json"
state = json.load(open(path))
for block in state["config"]["project"]["graph"]["blocks"]:
    if block["type"] == "Input":
        block["params"].update(channels=1, height=2048, width=2048)
state["config"]["input_shape"] = [1, 2048, 2048]
json.dump(state, open(path, "w"), indent=2)
