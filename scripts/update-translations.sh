#!/usr/bin/env bash
# Refreshes translations/*.ts from every tr() in app/ and widgets/, every catalog text the
# block types mark with QT_TRANSLATE_NOOP("BlockCatalog", ...) in engine/src/blocks, every editor
# text the data-set formats mark with QT_TRANSLATE_NOOP("DatasetFormat", ...) in
# engine/src/data/formats, every editor text the optimizers mark with
# QT_TRANSLATE_NOOP("Optimizer", ...) in engine/src/optimizers (and their settings warnings), the
# engine's message patterns (engine/src/runs/engine_messages.h, the setting rules'
# engine/src/model/setting_messages.h and the explainer's refusals in
# engine/src/explain/explain_messages.h and the study spaces' engine/src/runs/search_messages.h,
# context "EngineMessages") that the studio shows
# translated, the metric list's chart labels (metric_list.h, context "Metrics") and the
# settings' labels (setting_table.cpp, context "Settings")
# (keeps existing translations; new strings arrive unfinished).
set -euo pipefail
cd "$(dirname "$0")/.."
LUPDATE=${LUPDATE:-/usr/lib/qt6/bin/lupdate}
for ts in translations/convstudio_*.ts; do
  "$LUPDATE" -locations relative -no-obsolete app widgets engine/src/blocks \
    engine/src/data/formats engine/src/optimizers engine/src/runs/engine_messages.h \
    engine/src/model/setting_messages.h engine/src/explain/explain_messages.h \
    engine/src/runs/search_messages.h \
    engine/src/model/setting_table.cpp \
    engine/include/convstudio/runs/metric_list.h -ts "$ts"
done
