"""model.onnx in FOLDER whose fc weight is external data reached through a symbolic link that
leaves the folder: `file` links weights.bin -> TARGET, `folder` links sub -> TARGET's folder
(location sub/NAME), `fifo` makes weights.bin a FIFO, `inline` stores the weight in the model.
Usage: write_onnx_linked_data.py FOLDER TARGET file|folder|fifo|inline"""
import os, sys
from onnx import numpy_helper
import numpy as np
from onnx_models import dense_classifier, external_weight, save

folder, target, how = sys.argv[1:4]
values = os.path.getsize(target) // 4  # the secret's bytes read as float32 weights
location = {"file": "weights.bin", "fifo": "weights.bin",
            "folder": "sub/" + os.path.basename(target)}.get(how)
if how == "file":
    os.symlink(os.path.abspath(target), os.path.join(folder, "weights.bin"))
elif how == "folder":
    os.symlink(os.path.dirname(os.path.abspath(target)), os.path.join(folder, "sub"))
elif how == "fifo":
    os.mkfifo(os.path.join(folder, "weights.bin"))
weight = (numpy_helper.from_array(np.zeros((1, values), np.float32), "fc.weight")
          if how == "inline" else external_weight("fc.weight", [1, values], location))
save(dense_classifier(weight, input_shape=(1, 1, values)), os.path.join(folder, "model.onnx"))
