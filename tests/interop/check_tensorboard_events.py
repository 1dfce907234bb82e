"""Reads a ConvStudio run folder's TensorBoard event files with TensorBoard's own reader and
checks them against the run's metrics.jsonl, metrics.csv and run.json: every step's scalars with
its step number, the epoch scalars, the gradient norm (finite, in all three files), the settings
as HParams and the graph summary as text.

Usage: check_tensorboard_events.py RUN_FOLDER
"""
import csv
import glob
import json
import math
import os
import struct
import sys

from tensorboard.backend.event_processing import event_file_loader
from tensorboard.backend.event_processing import plugin_event_accumulator
from tensorboard.plugins.hparams import metadata as hparams_metadata
from tensorboard.util import tensor_util


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def main(folder):
    files = sorted(glob.glob(os.path.join(folder, "events.out.tfevents.*")))
    assert files, "no event file in " + folder
    # The raw records: TensorBoard's reader checks both CRCs of every record as it reads.
    first = next(iter(event_file_loader.LegacyEventFileLoader(files[0]).Load()))
    assert first.file_version == "brain.Event:2", first

    acc = plugin_event_accumulator.EventAccumulator(folder, size_guidance={"tensors": 0})
    acc.Reload()
    lines = [json.loads(line) for line in open(os.path.join(folder, "metrics.jsonl"))]
    steps = [x for x in lines if x["kind"] == "step"]
    epochs = [x for x in lines if x["kind"] == "epoch"]
    assert steps and epochs, "the run recorded no step or no epoch"

    def series(tag):
        return [(e.step, float(tensor_util.make_ndarray(e.tensor_proto))) for e in acc.Tensors(tag)]

    for tag, key in [("loss/step", "loss"), ("learning_rate", "lr"),
                     ("samples_per_second", "samples_per_second"), ("loss_scale", "loss_scale"),
                     ("gradients/global_norm", "grad_norm")]:
        got = series(tag)
        want = [(s["step"], f32(s[key])) for s in steps]
        assert got == want, (tag, got[:3], want[:3])
    # The gradient norm before clipping: measured at every step, in every file.
    assert all(math.isfinite(s["grad_norm"]) and s["grad_norm"] > 0 for s in steps), steps[:3]
    rows = list(csv.DictReader(open(os.path.join(folder, "metrics.csv"))))
    step_rows = [r for r in rows if r["kind"] == "step"]
    assert [float(r["grad_norm"]) for r in step_rows] == [s["grad_norm"] for s in steps]
    assert [float(r["loss"]) for r in step_rows] == [s["loss"] for s in steps]
    resident = series("memory/resident_mib")
    assert [s for s, _ in resident] == [s["step"] for s in steps]
    assert all(v == f32(s["resident_bytes"] / 1048576.0) for (_, v), s in zip(resident, steps))
    assert all(v > 0 for _, v in resident)
    assert "memory/cuda_allocated_mib" not in acc.Tags()["tensors"], "a CPU run has no CUDA curve"

    # Epoch scalars are drawn at the step the epoch ended on.
    epoch_steps = []
    for e in epochs:
        done = [s["step"] for s in steps if s["epoch"] <= e["epoch"]]
        epoch_steps.append(done[-1])
    for tag, key in [("loss/train_epoch", "train_loss"), ("loss/validation", "val_loss"),
                     ("accuracy/train", "train_accuracy"), ("accuracy/validation", "val_accuracy"),
                     ("accuracy/validation_balanced", "val_balanced_accuracy"),
                     ("f1/validation_macro", "val_macro_f1")]:
        got = series(tag)
        want = [(step, f32(e[key])) for step, e in zip(epoch_steps, epochs)]
        assert got == want, (tag, got, want)
    # Each class's precision, recall and F1 (issue 34), tagged by class name.
    for c, name in enumerate(epochs[-1]["class_names"]):
        for figure in ("precision", "recall", "f1"):
            got = series(figure + "/" + name)
            want = [(step, f32(e["per_class"][c][figure])) for step, e in zip(epoch_steps, epochs)]
            assert got == want, (figure, name, got, want)
    assert 0 < series("accuracy/validation")[-1][1] <= 1

    # The settings, as TensorBoard's HParams plugin reads them.
    content = acc.PluginTagToContent(hparams_metadata.PLUGIN_NAME)
    start = hparams_metadata.parse_session_start_info_plugin_data(
        content[hparams_metadata.SESSION_START_INFO_TAG])
    run = json.load(open(os.path.join(folder, "run.json")))
    training = run["project"]["training"]
    hp = start.hparams
    assert hp["lr"].number_value == training["lr"], hp["lr"]
    assert hp["batch_size"].number_value == training["batch_size"], hp["batch_size"]
    assert hp["optimizer"].string_value == training["optimizer"], hp["optimizer"]
    assert hp["nesterov"].bool_value == training["nesterov"], hp["nesterov"]
    assert hp["dataset.source"].string_value == run["project"]["dataset"]["source"]
    assert hp["dataset.augmentation.horizontal_flip"].HasField("bool_value")
    assert start.start_time_secs > 0
    end = hparams_metadata.parse_session_end_info_plugin_data(
        content[hparams_metadata.SESSION_END_INFO_TAG])
    assert end.status == 1, end  # STATUS_SUCCESS: the run finished
    assert end.end_time_secs >= start.start_time_secs

    # The graph summary in the Text tab.
    text = acc.Tensors("graph/summary")[0].tensor_proto.string_val[0].decode()
    assert text.startswith("| block | type | output | params | MACs |"), text
    for block in run["project"]["graph"]["blocks"]:
        assert "| " + block["id"] + " | " + block["type"] + " |" in text, (block["id"], text)
    assert acc.Tensors("graph/summary")[0].step == 0
    print("tensorboard events: %d steps, %d epochs, %d hparams, %d files" %
          (len(steps), len(epochs), len(hp), len(files)))


if __name__ == "__main__":
    main(sys.argv[1])
