// The GPU check's cockpit step (tests/gpu/run.sh): the studio's training cockpit, on the devices
// this machine really has, trains a project file for a few steps on the device given, and the
// window is saved as the studio draws it. Prints one JSON line (state, device, steps, charted
// steps, memory figure) and exits 0 only when the run finished, every step was charted and the
// picture was written.
//
// usage: gpu_cockpit_shot PROJECT.convstudio DEVICE STEPS OUT.png [LANGUAGE]

#include <QApplication>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "cockpit_window.h"
#include "convstudio/model/project_file.h"
#include "convstudio/system_info.h"
#include "language.h"
#include "training/training_charts.h"
#include "training/training_settings_panel.h"
#include "training_cockpit.h"
#include "training_controller.h"

using namespace convstudio;

namespace {

constexpr int kRunTimeoutMs = 300000;  // a ceiling for a stuck run, not a pace

struct Outcome {
  bool finished = false;
  RunSummary summary;
  QString failure;
  std::uint64_t last_step_memory = 0;
};

Outcome trainThroughTheCockpit(TrainingCockpit* cockpit) {
  Outcome outcome;
  QEventLoop loop;
  TrainingController* controller = cockpit->controller();
  QObject::connect(
      controller, &TrainingController::stepped, &loop, [&outcome](const StepMetrics& step) {
        outcome.last_step_memory =
            step.memory.is_cuda ? step.memory.peak_allocated_bytes : step.memory.resident_bytes;
      });
  QObject::connect(controller, &TrainingController::failed, &loop,
                   [&outcome](const RunError& error) {
                     outcome.failure = QString::fromStdString(error.describe());
                   });
  QObject::connect(controller, &TrainingController::finished, &loop,
                   [&](const RunSummary& summary, const QString&) {
                     outcome.finished = true;
                     outcome.summary = summary;
                     loop.quit();
                   });
  QTimer::singleShot(kRunTimeoutMs, &loop, &QEventLoop::quit);
  if (!cockpit->startTraining()) {
    outcome.failure = QStringLiteral("the cockpit refused to start the run: ") +
                      cockpit->settingsPanel()->blockingProblem();
    return outcome;
  }
  loop.exec();
  return outcome;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  const QStringList args = app.arguments();
  if (args.size() < 5) {
    std::fprintf(stderr, "usage: gpu_cockpit_shot PROJECT DEVICE STEPS OUT.png [LANGUAGE]\n");
    return 2;
  }
  QStandardPaths::setTestModeEnabled(true);  // the user's own settings stay untouched
  if (args.size() > 5 && !installTranslations(app, QLocale(args.at(5)))) {
    std::fprintf(stderr, "no translation for %s\n", qPrintable(args.at(5)));
    return 2;
  }

  const QString projectFile = args.at(1);
  ProjectLoadResult loaded = ProjectFile::load(QFile::encodeName(projectFile).toStdString());
  if (!loaded.ok()) {
    std::fprintf(stderr, "%s\n", loaded.errors.front().describe().c_str());
    return 2;
  }
  Project project = *loaded.project;
  project.training.device = args.at(2).toStdString();
  project.training.max_steps = args.at(3).toLongLong();
  // The studio refuses a warm-up as long as the run (the recipes warm up for 200 steps).
  project.training.schedule.warmup_steps =
      std::min(project.training.schedule.warmup_steps, project.training.max_steps / 2);

  testing::CockpitWindow opened =
      testing::openCockpitWindow(&project, &projectFile, probe_devices());
  opened.cockpit->reloadProject();
  const Outcome outcome = trainThroughTheCockpit(opened.cockpit);
  QCoreApplication::processEvents();  // the last queued step reaches the charts
  const std::size_t charted = opened.cockpit->charts()->stepCount();
  const bool saved = opened.window->grab().save(args.at(4));

  QJsonObject line;
  line[QStringLiteral("finished")] = outcome.finished;
  line[QStringLiteral("state")] = outcome.finished && outcome.summary.state == RunState::Finished
                                      ? QStringLiteral("finished")
                                      : QStringLiteral("not finished");
  line[QStringLiteral("device")] = QString::fromStdString(outcome.summary.device);
  line[QStringLiteral("amp")] = QString::fromStdString(outcome.summary.amp);
  line[QStringLiteral("steps")] = static_cast<qint64>(outcome.summary.steps);
  line[QStringLiteral("charted_steps")] = static_cast<qint64>(charted);
  line[QStringLiteral("last_step_memory_bytes")] = static_cast<qint64>(outcome.last_step_memory);
  line[QStringLiteral("failure")] = outcome.failure;
  line[QStringLiteral("screenshot")] = saved ? args.at(4) : QString();
  std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());

  const bool ok = outcome.finished && outcome.summary.state == RunState::Finished &&
                  outcome.summary.steps > 0 &&
                  charted == static_cast<std::size_t>(outcome.summary.steps) && saved;
  return ok ? 0 : 1;
}
