#!/usr/bin/env python3
"""Fails when a function of ours is longer than 80 lines or a class of ours keeps more than 20
data members (issue 30; STYLE.md: "a class that grows past ~20 members is several classes").

Function lengths come from lizard (PyPI), which reads C++ without compiling it: a function's
length is its lines from signature to closing brace, as `lizard -L 80` reports them.

Data members come from libclang (PyPI's `libclang` wheel, which bundles its own libclang.so, so
no Debian LLVM version has to match). The files are parsed from a copy of the tree that keeps
only the includes of our own headers: a real parse would need every target's flags, the build's
generated headers and, for the torch files, seconds per file, while without the libraries'
headers clang still recovers every class and field declaration (an unknown type is only an
error on that field, which stays a FIELD_DECL). Our headers stay so that a class defined in a
.cpp as `Outer::Inner` is still found. Non-static members only (static ones are VAR_DECLs);
members of nested classes count for the nested class. Qt's class-body macros are defined empty
so that `signals:` and `Q_OBJECT` parse.

  scripts/check-sizes.py [--root DIR]   exit 0: clean; 1: each problem on its own line;
                                        77: lizard or libclang missing (ctest reports a skip)
"""

import argparse
import pathlib
import re
import sys
import tempfile

MAX_FUNCTION_LINES = 80
MAX_DATA_MEMBERS = 20
FOLDERS = ["engine", "app", "widgets"]
SOURCE_SUFFIXES = {".h", ".hpp", ".cpp", ".cc"}
SKIP_EXIT = 77

# Exceptions, each with its reason. A key is a folder (ending in "/": every problem under it) or
# "path:Name" (that class or function). An entry that no longer matches a problem is reported too,
# so the list cannot outlive its reasons.
ALLOWED: dict[str, str] = {}

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]*)[>"].*$', re.M)
# Where a quoted include is looked for after the including file's folder (as check-includes.py).
INCLUDE_ROOTS = ["engine/src", "engine/include", "widgets", "widgets/builder", "app/gui",
                 "app/bridge", "app/cli"]
# Qt's class-body macros, empty, so that a header parses without Qt's headers.
CLANG_ARGS = ["-x", "c++", "-std=c++20", "-Dsignals=public", "-DQ_SIGNALS=public", "-Dslots=",
              "-DQ_SLOTS=", "-DQ_OBJECT=", "-DQ_GADGET=", "-Demit=", "-DQ_EMIT=",
              "-DQ_PROPERTY(...)=", "-DQ_ENUM(x)=", "-DQ_FLAG(x)=", "-DQ_DISABLE_COPY(x)=",
              "-DQ_DISABLE_COPY_MOVE(x)=", "-DQ_DECLARE_TR_FUNCTIONS(x)="]


def source_files(root: pathlib.Path):
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and path.is_file():
                yield path


def long_functions(lizard, path: pathlib.Path, rel: str):
    """(line, name, figure) for each function longer than the limit."""
    info = lizard.analyze_file(str(path))
    for function in info.function_list:
        if function.length > MAX_FUNCTION_LINES:
            yield (function.start_line, function.name,
                   f"function {function.name} is {function.length} lines "
                   f"(at most {MAX_FUNCTION_LINES})")


def copy_own_includes(root: pathlib.Path, copy: pathlib.Path):
    """Copies the sources to `copy`, each keeping only the includes that name a file of ours."""
    for path in source_files(root):
        rel = path.relative_to(root)
        text = path.read_text(encoding="utf-8", errors="replace")

        def keep_own(match):
            if match.group(1) == '"':
                for folder in [rel.parent.as_posix(), *INCLUDE_ROOTS]:
                    if (root / folder / match.group(2)).is_file():
                        return match.group(0)
            return ""

        target = copy / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(INCLUDE.sub(keep_own, text), encoding="utf-8")


def wide_classes(cindex, index, path: pathlib.Path, rel: str):
    """(line, name, figure) for each class or struct defined in `path` (in the copy made by
    copy_own_includes) with too many fields."""
    options = (cindex.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES |
               cindex.TranslationUnit.PARSE_INCOMPLETE)
    copy = pathlib.Path(str(path)[:-len(rel)])  # the copy's root
    includes = [f"-I{copy / folder}" for folder in INCLUDE_ROOTS]
    unit = index.parse(str(path), args=CLANG_ARGS + includes, options=options)
    K = cindex.CursorKind
    records = {K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE, K.UNION_DECL,
               K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
    scopes = {K.NAMESPACE, K.UNEXPOSED_DECL, K.LINKAGE_SPEC}

    def visit(cursor):
        for child in cursor.get_children():
            if child.location.file is None or child.location.file.name != str(path):
                continue
            if child.kind in records and child.is_definition():
                fields = sum(1 for f in child.get_children() if f.kind == K.FIELD_DECL)
                name = child.spelling or "(anonymous)"
                if fields > MAX_DATA_MEMBERS:
                    yield (child.location.line, name,
                           f"class {name} has {fields} data members (at most {MAX_DATA_MEMBERS})")
                yield from visit(child)
            elif child.kind in scopes:
                yield from visit(child)

    yield from visit(unit.cursor)


def allowance(rel: str, name: str):
    for key in ALLOWED:
        if (key.endswith("/") and rel.startswith(key)) or key == f"{rel}:{name}":
            return key
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent,
                        type=pathlib.Path)
    args = parser.parse_args()
    try:
        import lizard
        import clang.cindex as cindex
        index = cindex.Index.create()
    except Exception as missing:  # ImportError, or a libclang.so that will not load
        print(f"SKIP: check-sizes needs lizard and libclang (scripts/setup.sh installs both into "
              f"the venv): {missing}")
        return SKIP_EXIT

    root = args.root.resolve()
    problems, used = [], set()
    with tempfile.TemporaryDirectory() as scratch:
        copy = pathlib.Path(scratch)
        copy_own_includes(root, copy)
        found = [(path.relative_to(root).as_posix(), path) for path in source_files(root)]
        measured = [(rel, finding) for rel, path in found
                    for finding in [*long_functions(lizard, path, rel),
                                    *wide_classes(cindex, index, copy / rel, rel)]]
    for rel, (line, name, figure) in measured:
        key = allowance(rel, name)
        if key:
            used.add(key)
        else:
            problems.append(f"{rel}:{line}: {figure}")
    for key in ALLOWED:
        if key not in used and (root / key.split(":")[0]).exists():
            problems.append(f"{key}: allowed in scripts/check-sizes.py but within the limits now: "
                            f"remove the entry")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
