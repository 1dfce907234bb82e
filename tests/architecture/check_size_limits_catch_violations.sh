#!/usr/bin/env bash
# The size check must fail on a function of 81 lines and a class of 21 data members, naming each
# with its file and line, and must pass the same at 80 lines and 20 members (static members and a
# nested class's members not counted).
# Usage: check_size_limits_catch_violations.sh PYTHON SOURCE_ROOT
set -euo pipefail
python=$1
checker=$2/scripts/check-sizes.py
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/engine" "$work/widgets"

# long_function NAME BODY_LINES: a function whose length is BODY_LINES + 2 lines.
long_function() {
  echo "int $1() {"
  for ((i = 0; i < $2; i++)); do echo "  int v$i = $i;"; done
  echo "}"
}
# record NAME FIELDS: a class with FIELDS data members, a static one and a nested one.
record() {
  echo "#include <QString>"
  echo "class $1 : public QObject {"
  echo "  Q_OBJECT"
  echo " signals:"
  echo "  void changed();"
  echo " private:"
  echo "  struct Part { int a, b, c; };"
  echo "  static int shared_;"
  for ((i = 0; i < $2; i++)); do echo "  QString f$i;"; done
  echo "};"
}

long_function within 78 >"$work/engine/within.cpp"
record Within 20 >"$work/widgets/within.h"
set +e
"$python" "$checker" --root "$work"
rc=$?
set -e
[ "$rc" -eq 77 ] && exit 77
[ "$rc" -eq 0 ] || { echo "80 lines and 20 members should pass" >&2; exit 1; }

long_function too_long 79 >"$work/engine/too_long.cpp"
record TooWide 21 >"$work/widgets/too_wide.h"
if report=$("$python" "$checker" --root "$work"); then
  echo "NOT CAUGHT: an 81-line function and a 21-member class passed" >&2
  exit 1
fi
echo "$report"
grep -qF "engine/too_long.cpp:1: function too_long is 81 lines" <<<"$report"
grep -qF "widgets/too_wide.h:2: class TooWide has 21 data members" <<<"$report"
[ "$(wc -l <<<"$report")" -eq 2 ] || { echo "only the two planted problems expected" >&2; exit 1; }
