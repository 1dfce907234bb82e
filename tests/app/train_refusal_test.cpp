// Issue 32, item 3: a valid run is not refused in silence. A warm-up longer than the run is a
// warning (the engine shortens it), so Train, Queue and Sweep stay enabled; and whenever they are
// disabled, the reason is written under the setting and in the window's status bar, not only in
// a tooltip.

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QtTest>

#include "cockpit_window.h"
#include "training/settings_check.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_test_data.h"

namespace convstudio {

class TrainRefusalTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QVERIFY(fixture_.writeData()); }
  void cleanup() { fixture_.closeWindow(); }
  void aWarmUpLongerThanTheRunLeavesTrainQueueAndSweepEnabled();
  void aDisabledTrainSaysWhyUnderTheSettingAndInTheStatusBar();

 private:
  QAction* action(const char* name) const {
    return fixture_.opened.window->findChild<QAction*>(QLatin1String(name));
  }
  QLabel* statusReason() const {
    return fixture_.opened.window->findChild<QLabel*>(QStringLiteral("trainingBlockedStatus"));
  }

  testing::CockpitFixture fixture_;
};

void TrainRefusalTest::aWarmUpLongerThanTheRunLeavesTrainQueueAndSweepEnabled() {
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  fixture_.project.training.max_steps = 100;  // lenet5's recipe warms up for 200 steps
  fixture_.project.training.schedule.warmup_steps = 200;
  QVERIFY(fixture_.openWindow());
  TrainingCockpit* cockpit = fixture_.cockpit();
  QVERIFY2(cockpit->settingsPanel()->blockingProblem().isEmpty(),
           qPrintable(cockpit->settingsPanel()->blockingProblem()));
  QVERIFY(cockpit->startAction()->isEnabled());
  QVERIFY(action("queueCurrentAction")->isEnabled());
  QVERIFY(action("sweepAction")->isEnabled());
  // The warning is said under the warm-up: training shortens it to half the run.
  QLabel* note = cockpit->settingsPanel()->noteFor(QStringLiteral("warmupSteps"));
  QVERIFY(note != nullptr);
  QVERIFY2(note->text().contains(QStringLiteral("50")), qPrintable(note->text()));
  QVERIFY(statusReason() != nullptr);
  QVERIFY(!statusReason()->isVisible());
}

void TrainRefusalTest::aDisabledTrainSaysWhyUnderTheSettingAndInTheStatusBar() {
  fixture_.project = testing::tinyProject(fixture_.dataFolder);
  fixture_.project.training.optimizer.lr = 0;
  QVERIFY(fixture_.openWindow());
  TrainingCockpit* cockpit = fixture_.cockpit();
  const QString why = cockpit->settingsPanel()->blockingProblem();
  QVERIFY(!why.isEmpty());
  QVERIFY(!cockpit->startAction()->isEnabled());
  QVERIFY(!action("queueCurrentAction")->isEnabled());
  QVERIFY(!action("sweepAction")->isEnabled());
  // Under the setting...
  cockpit->settingsDock()->raise();
  QLabel* note = cockpit->settingsPanel()->noteFor(SettingsCheck::editorOf("training.lr"));
  QVERIFY(note != nullptr);
  QVERIFY(note->isVisible());
  QVERIFY2(note->text().contains(why.toHtmlEscaped()), qPrintable(note->text()));
  // ...and in the status bar, whichever dock is in front.
  QVERIFY(statusReason() != nullptr);
  QVERIFY(statusReason()->isVisible());
  QVERIFY2(statusReason()->text().contains(why), qPrintable(statusReason()->text()));

  // Fixed: Train comes back and the status bar stops saying why not.
  fixture_.project.training.optimizer.lr = 0.01;
  cockpit->reloadProject();
  QVERIFY(cockpit->startAction()->isEnabled());
  QVERIFY(action("sweepAction")->isEnabled());
  QVERIFY(!statusReason()->isVisible());
}

}  // namespace convstudio

QTEST_MAIN(convstudio::TrainRefusalTest)
#include "train_refusal_test.moc"
