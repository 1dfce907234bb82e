// The run settings' SyncBatchNorm check box: enabled only for a data-parallel device choice,
// loaded from and stored into TrainingSettings::sync_batch_norm. How often a run validates:
// "at each epoch's end" for 0, loaded from and stored into validation.every_steps. The memory
// format: Auto first (the default), each choice loaded and stored.

#include <QCheckBox>
#include <QComboBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include "training/run_settings_editor.h"

class RunSettingsEditorTest : public QObject {
  Q_OBJECT

 private slots:
  void syncBatchNormIsForSeveralProcessesAndStoredInTheSettings() {
    convstudio::RunSettingsEditor editor;
    convstudio::DeviceReport devices;
    devices.cpu.hardware_threads = 2;
    editor.setDevices(devices);
    auto* sync = editor.findChild<QCheckBox*>(QStringLiteral("syncBatchNorm"));
    auto* device = editor.findChild<QComboBox*>(QStringLiteral("device"));
    QVERIFY(sync);
    QVERIFY(device);

    convstudio::TrainingSettings settings;
    settings.device = "cpu";
    editor.load(settings);
    QVERIFY(!sync->isEnabled());
    QVERIFY(!sync->isChecked());

    settings.processes = 2;
    settings.sync_batch_norm = true;
    editor.load(settings);
    QVERIFY(sync->isEnabled());
    QVERIFY(sync->isChecked());

    const QSignalSpy edited(&editor, &convstudio::RunSettingsEditor::edited);
    sync->setChecked(false);
    QCOMPARE(edited.count(), 1);
    convstudio::TrainingSettings stored = settings;
    editor.store(stored);
    QVERIFY(!stored.sync_batch_norm);
    QCOMPARE(stored.processes, 2);

    // Back to one process: the box greys out (the option would do nothing).
    device->setCurrentIndex(device->findData(QStringLiteral("cpu")));
    QVERIFY(!sync->isEnabled());
  }

  void validationEveryNStepsIsLoadedAndStored() {
    convstudio::RunSettingsEditor editor;
    auto* every = editor.findChild<QSpinBox*>(QStringLiteral("validateEvery"));
    QVERIFY(every);
    QVERIFY(!every->toolTip().isEmpty());
    convstudio::TrainingSettings settings;
    editor.load(settings);
    QCOMPARE(every->value(), 0);
    QCOMPARE(every->text(), every->specialValueText());  // "at each epoch's end"
    settings.validation.every_steps = 50;
    editor.load(settings);
    QCOMPARE(every->value(), 50);
    const QSignalSpy edited(&editor, &convstudio::RunSettingsEditor::edited);
    every->setValue(200);
    QCOMPARE(edited.count(), 1);
    convstudio::TrainingSettings stored;
    editor.store(stored);
    QCOMPARE(stored.validation.every_steps, std::int64_t{200});
  }

  void memoryFormatIsLoadedAndStored() {
    using convstudio::MemoryFormat;
    convstudio::RunSettingsEditor editor;
    auto* format = editor.findChild<QComboBox*>(QStringLiteral("memoryFormat"));
    QVERIFY(format);
    QVERIFY(!format->toolTip().isEmpty());
    QCOMPARE(format->count(), 3);
    convstudio::TrainingSettings settings;
    editor.load(settings);
    QCOMPARE(format->currentData().toInt(), static_cast<int>(MemoryFormat::Auto));
    QCOMPARE(format->currentIndex(), 0);
    for (const MemoryFormat chosen : {MemoryFormat::Nchw, MemoryFormat::ChannelsLast}) {
      settings.memory_format = chosen;
      editor.load(settings);
      convstudio::TrainingSettings stored;
      editor.store(stored);
      QCOMPARE(stored.memory_format, chosen);
    }
    const QSignalSpy edited(&editor, &convstudio::RunSettingsEditor::edited);
    format->setCurrentIndex(format->findData(static_cast<int>(MemoryFormat::Auto)));
    QCOMPARE(edited.count(), 1);
    convstudio::TrainingSettings stored;
    stored.memory_format = MemoryFormat::Nchw;
    editor.store(stored);
    QCOMPARE(stored.memory_format, MemoryFormat::Auto);
  }
};

QTEST_MAIN(RunSettingsEditorTest)
#include "run_settings_editor_test.moc"
