#!/usr/bin/env python3
"""Sets one field of a checkpoint's state.json, as a hostile or careless hand would.
Usage: write_checkpoint_field.py CHECKPOINT JSON_POINTER JSON_VALUE
(e.g. run/last.ckpt /global_step 9223372036854775807)"""
import json, sys

checkpoint, pointer, value = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
state = json.load(open(checkpoint + "/state.json"))
*parents, last = pointer.strip("/").split("/")
node = state
for key in parents:
    node = node[int(key)] if isinstance(node, list) else node[key]
node[int(last) if isinstance(node, list) else last] = value
json.dump(state, open(checkpoint + "/state.json", "w"), indent=2)
