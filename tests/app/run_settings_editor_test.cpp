// The run settings' SyncBatchNorm check box: enabled only for a data-parallel device choice,
// loaded from and stored into TrainingSettings::sync_batch_norm.

#include <QCheckBox>
#include <QComboBox>
#include <QSignalSpy>
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
};

QTEST_MAIN(RunSettingsEditorTest)
#include "run_settings_editor_test.moc"
