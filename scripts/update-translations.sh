#!/usr/bin/env bash
# Refreshes translations/*.ts from every tr() in app/ and widgets/ and every catalog text the
# block types mark with QT_TRANSLATE_NOOP("BlockCatalog", ...) in engine/src/blocks (keeps
# existing translations; new strings arrive unfinished for a translator to fill in).
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
for ts in translations/convstudio_*.ts; do
  "$LUPDATE" -locations relative -no-obsolete app widgets engine/src/blocks -ts "$ts"
done
