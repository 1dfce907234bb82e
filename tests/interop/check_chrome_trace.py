"""Checks a profiler trace against Chrome's Trace Event Format, as Perfetto and
chrome://tracing read it: {"traceEvents": [...]} with "X" (complete) events carrying name,
ph, ts and dur in microseconds, pid and tid, and "M" metadata naming the tracks; the complete
events of one track must nest or follow each other (the trace viewers drop partly overlapping
slices). Perfetto's own TraceProcessor needs a trace_processor_shell binary that its Python
package downloads on first use; when one is given (TRACE_PROCESSOR_SHELL) it also loads the
trace and compares the slices it reads with the file's.

usage: check_chrome_trace.py TRACE.json BLOCK_ID... (block ids that must appear forward and
backward)
"""
import json
import os
import sys


def fail(message):
    print("trace check: " + message)
    sys.exit(1)


def check_format(trace, blocks):
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        fail('the top level must be an object with a "traceEvents" array')
    tracks = {}
    complete = []
    for event in trace["traceEvents"]:
        for field, kind in (("name", str), ("ph", str), ("pid", int), ("tid", int)):
            if not isinstance(event.get(field), kind):
                fail("event without a %s %s: %r" % (kind.__name__, field, event))
        if event["ph"] == "M":
            if event["name"] == "thread_name":
                tracks[(event["pid"], event["tid"])] = event["args"]["name"]
            continue
        if event["ph"] != "X":
            fail("unexpected phase %r" % event["ph"])
        for field in ("ts", "dur"):
            if not isinstance(event.get(field), (int, float)) or isinstance(event[field], bool):
                fail("complete event without a numeric %s: %r" % (field, event))
        if event["dur"] < 0 or event["ts"] < 0:
            fail("negative time: %r" % event)
        complete.append(event)
    names = {track for track in tracks.values()}
    if not {"forward", "backward", "step"} <= names:
        fail("tracks named %r; forward, backward and step expected" % sorted(names))
    by_track = {}
    for event in complete:
        key = (event["pid"], event["tid"])
        if key not in tracks:
            fail("event on a track without a name: %r" % event)
        by_track.setdefault(tracks[key], []).append(event)
    # Slices of one track follow each other (1 ns of slack for the rounding of ts + dur).
    for track, events in by_track.items():
        events.sort(key=lambda e: e["ts"])
        for a, b in zip(events, events[1:]):
            if b["ts"] < a["ts"] + a["dur"] - 1e-3:
                fail("%s: %s overlaps %s" % (track, a["name"], b["name"]))
    for block in blocks:
        for track in ("forward", "backward"):
            if not any(e["name"] == block for e in by_track.get(track, [])):
                fail("no %s slice for block %s" % (track, block))
    return complete


def check_with_trace_processor(path, complete):
    shell = os.environ.get("TRACE_PROCESSOR_SHELL")
    if not shell:
        print("trace check: no TRACE_PROCESSOR_SHELL; checked against the format only")
        return
    from perfetto.trace_processor import TraceProcessor, TraceProcessorConfig
    processor = TraceProcessor(trace=path, config=TraceProcessorConfig(bin_path=shell))
    rows = list(processor.query("select name, dur from slice"))
    processor.close()
    if len(rows) != len(complete):
        fail("TraceProcessor read %d slices, the file has %d" % (len(rows), len(complete)))
    print("trace check: TraceProcessor read all %d slices" % len(rows))


def main():
    path = sys.argv[1]
    with open(path) as f:
        trace = json.load(f)
    complete = check_format(trace, sys.argv[2:])
    check_with_trace_processor(path, complete)
    print("trace check: %d complete events, format ok" % len(complete))


main()
