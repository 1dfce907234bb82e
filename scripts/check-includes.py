#!/usr/bin/env python3
"""Fails when a source file includes from a room it may not (docs/ARCHITECTURE.md, "The rooms").

Every folder of engine/, app/ and widgets/ belongs to one room; ROOMS below says which rooms each
may include besides itself. A quoted include is resolved as the compiler does (beside the file,
then the include roots) and counted only when it names a file of the tree; generated headers and
other libraries' headers do not. FORBIDDEN_LIBRARIES keeps LibTorch, OpenCV and Qt out of the
rooms that promise to be free of them. The table itself must have no cycle.

  scripts/check-includes.py [--root DIR]     exit 0: clean; 1: each problem on its own line
"""

import argparse
import pathlib
import re
import sys

PUBLIC = "engine/include/convstudio"

# Room -> the rooms it may include besides itself. A file belongs to the deepest room holding it.
ROOMS = {
    PUBLIC: [],  # plain structs: the standard library and nlohmann-json
    "engine/src": [PUBLIC],  # error, versions, system facts, the CUDA plugin's loader and table
    "engine/src/blocks": [PUBLIC],  # one folder per block type, both halves
    "engine/src/optimizers": [PUBLIC],  # one folder per optimizer, both halves
    "engine/src/model": [PUBLIC, "engine/src/blocks"],
    "engine/src/runs": [PUBLIC],
    "engine/src/remote": [PUBLIC, "engine/src/model"],  # remote targets: ssh, rsync, sbatch
    "engine/src/io": [PUBLIC],
    "engine/src/data": [PUBLIC],
    "engine/src/nn": [PUBLIC, "engine/src/blocks", "engine/src/model"],
    "engine/src/checkpoint": [PUBLIC, "engine/src/io", "engine/src/runs", "engine/src/optimizers"],
    "engine/src/distributed": [PUBLIC, "engine/src", "engine/src/nn"],
    "engine/src/train": [PUBLIC, "engine/src", "engine/src/runs", "engine/src/io", "engine/src/data",
                         "engine/src/nn", "engine/src/checkpoint", "engine/src/distributed",
                         "engine/src/optimizers"],
    "engine/src/export": [PUBLIC, "engine/src/blocks", "engine/src/io", "engine/src/data",
                          "engine/src/nn", "engine/src/checkpoint"],
    "engine/src/import": [PUBLIC, "engine/src/runs", "engine/src/io", "engine/src/data",
                          "engine/src/nn", "engine/src/checkpoint"],
    # Grad-CAM, occlusion, saliency, feature maps: a trained model as export and inference load it.
    "engine/src/explain": [PUBLIC, "engine/src/data", "engine/src/nn", "engine/src/export"],
    "engine/src/cuda": [PUBLIC, "engine/src", "engine/src/distributed"],  # the plugin
    "widgets": [PUBLIC],
    "app/bridge": [PUBLIC],
    "app/cli": [PUBLIC],
    "app/gui": [PUBLIC, "widgets", "app/bridge"],
}

# Where a quoted include is looked for after the including file's own folder (the targets'
# include directories).
INCLUDE_ROOTS = ["engine/src", "engine/include", "widgets", "widgets/builder", "app/gui",
                 "app/bridge", "app/cli"]

TORCH = ("torch/", "ATen/", "c10/", "caffe2/")
OPENCV = ("opencv2/",)
QT = ("Q", "qcustomplot")  # <QObject>, <QtCore/...>, <qcustomplot.h>
PROTOBUF = ("google/protobuf/", "onnx/")

# Room (or file pattern) -> libraries none of its files may include with <...>.
FORBIDDEN_LIBRARIES = [
    (PUBLIC, TORCH + OPENCV + QT + PROTOBUF),
    ("engine/", QT),
    ("engine/src/model/", TORCH + OPENCV),
    ("engine/src/runs/", TORCH + OPENCV),
    ("engine/src/blocks/**/*_model.cpp", TORCH + OPENCV),
    ("engine/src/optimizers/**/*_spec.cpp", TORCH + OPENCV),
    ("engine/src/optimizers/optimizer_spec_registry.cpp", TORCH + OPENCV),
    ("engine/src/optimizers/optimizer_text.h", TORCH + OPENCV),
    ("widgets/", TORCH + OPENCV),
    ("app/", TORCH + OPENCV),
]

SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc", ".def", ".in"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def room_of(path: str) -> str | None:
    """The deepest room holding `path`; None for a folder the table does not know."""
    best = None
    for room in ROOMS:
        if path.startswith(room + "/") and (best is None or len(room) > len(best)):
            best = room
    # engine/src holds its own files only: a new folder there is a new room, to be placed.
    if best == "engine/src" and "/" in path[len(best) + 1:]:
        return None
    return best


def forbidden_libraries(path: str) -> tuple[str, ...]:
    found: tuple[str, ...] = ()
    for pattern, libraries in FORBIDDEN_LIBRARIES:
        if "*" in pattern:
            regex = re.escape(pattern).replace(r"\*\*/", "(.*/)?").replace(r"\*", "[^/]*")
            matches = re.fullmatch(regex, path) is not None
        else:
            matches = path.startswith(pattern if pattern.endswith("/") else pattern + "/")
        if matches:
            found += libraries
    return found


def table_cycle() -> list[str] | None:
    """A cycle in ROOMS, as a list of rooms, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(room: str) -> list[str] | None:
        state[room] = 1
        stack.append(room)
        for below in ROOMS.get(room, []):
            if state.get(below) == 1:
                return stack[stack.index(below):] + [below]
            if below not in state:
                cycle = visit(below)
                if cycle:
                    return cycle
        stack.pop()
        state[room] = 2
        return None

    for room in ROOMS:
        if room not in state:
            cycle = visit(room)
            if cycle:
                return cycle
    return None


def check(root: pathlib.Path) -> list[str]:
    problems = []
    cycle = table_cycle()
    if cycle:
        problems.append("scripts/check-includes.py: the room table has a cycle: " +
                        " -> ".join(cycle))
    sources = sorted(p for top in ("engine", "app", "widgets") for p in (root / top).rglob("*")
                     if p.is_file() and p.suffix in SOURCE_SUFFIXES)
    known = {p.relative_to(root).as_posix() for p in sources}
    for source in sources:
        path = source.relative_to(root).as_posix()
        room = room_of(path)
        if room is None:
            problems.append(f"{path}: its folder is in no room of scripts/check-includes.py")
            continue
        banned = forbidden_libraries(path)
        text = source.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            kind, name = match.groups()
            where = f"{path}:{number}"
            if kind == "<":
                if any(name.startswith(prefix) for prefix in banned):
                    problems.append(f"{where}: {room} may not include <{name}>")
                continue
            beside = (pathlib.PurePosixPath(path).parent / name).as_posix()
            candidates = [beside] + [f"{top}/{name}" for top in INCLUDE_ROOTS]
            target = next((c for c in candidates if c in known), None)
            if target is None:
                continue  # generated (moc, protobuf, templates) or another library's
            target_room = room_of(target)
            if target_room == room or target_room in ROOMS[room]:
                continue
            problems.append(f'{where}: {room} may not include "{name}" ({target_room}); '
                            f"it may include {', '.join(ROOMS[room]) or 'nothing else'}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    root = parser.parse_args().root
    problems = check(root)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"includes: {len(problems)} problem(s); the rooms are in docs/ARCHITECTURE.md",
              file=sys.stderr)
        return 1
    print("includes: every include of engine/, app/ and widgets/ stays in its room's floor")
    return 0


if __name__ == "__main__":
    sys.exit(main())
