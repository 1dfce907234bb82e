#include "inference_controller.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPointer>

#include "convstudio/export/inference_model.h"
#include "explain_controller.h"
#include "explain_set_controller.h"
#include "inference/explain_set_view.h"
#include "run_in_pool.h"

namespace convstudio {
namespace {

QList<ImagePredictionRow> toRows(const std::vector<ImagePrediction>& predictions) {
  QList<ImagePredictionRow> rows;
  for (const ImagePrediction& prediction : predictions) {
    ImagePredictionRow row;
    row.image = QString::fromStdString(prediction.image);
    if (prediction.error) row.error = QString::fromStdString(*prediction.error);
    for (const ClassScore& score : prediction.top) {
      row.classes << QString::fromStdString(score.name);
      row.probabilities << score.probability;
    }
    rows << row;
  }
  return rows;
}

}  // namespace

InferenceController::InferenceController(QObject* parent)
    : QObject(parent), panel_(new InferencePanel) {
  explain_ = new ExplainController(panel_->explainSection(), this);
  explainSet_ = new ExplainSetController(panel_->explainSet(), explain_, this);
  // An image of the set opened there is shown large in the Explain tab.
  connect(panel_->explainSet(), &ExplainSetView::itemOpened, panel_, [this] {
    if (panel_) panel_->showExplainTab();
  });
  connect(panel_, &InferencePanel::modelFileChosen, this,
          [this](const QString& path) { setModelPath(path); });
  connect(panel_, &InferencePanel::predictionsRequested, this, &InferenceController::predict);
  connect(panel_, &InferencePanel::folderPredictionRequested, this,
          &InferenceController::predictFolder);
  connect(panel_, &InferencePanel::folderPredictionCancelled, this, [this] {
    if (cancelFolder_) *cancelFolder_ = true;
  });
}

// The panel belongs to the dock it is placed in, which deletes it. A folder still being
// predicted stops at its next chunk and writes nothing.
InferenceController::~InferenceController() {
  if (cancelFolder_) *cancelFolder_ = true;
}

void InferenceController::setModelPath(const QString& path, const QString& name) {
  if (path.isEmpty() || !panel_) return;
  path_ = path;
  explain_->setModelPath(path);
  panel_->showModelInUse(path);
  const QString shown = name.isEmpty() ? QFileInfo(path).fileName() : name;
  panel_->setModelText(tr("Loading %1…").arg(shown), false);
  const int generation = ++generation_;
  runInPool(
      this, [path] { return InferenceModel::load(path.toStdString()); },
      [this, shown, generation](const InferenceModelLoad& load) {
        if (generation != generation_ || !panel_) return;
        model_ = load.model;
        if (!model_) {
          panel_->setModelText(
              tr("Cannot use %1: %2").arg(shown, QString::fromStdString(load.error->describe())),
              false);
          return;
        }
        const PreprocessingContract& contract = model_->contract();
        panel_->setModelText(tr("Loaded: %1 (%2), input %3, %4 classes")
                                 .arg(shown, QString::fromStdString(model_->kind()),
                                      QString::fromStdString(contract.input.to_string()))
                                 .arg(contract.class_names.size()),
                             true);
      },
      [this, shown, generation](const QString& problem) {
        if (generation != generation_ || !panel_) return;
        model_.reset();
        panel_->setModelText(tr("Cannot use %1: %2").arg(shown, problem), false);
      });
}

void InferenceController::clearModel() {
  ++generation_;  // a load still running is no longer wanted
  path_.clear();
  model_.reset();
  explain_->clearModel();
  if (panel_) {
    panel_->showModelInUse(QString());
    panel_->setModelText(tr("No model: train one or open a checkpoint or export."), false);
  }
}

void InferenceController::predict(const QStringList& images, int topK, double temperature) {
  if (!model_) return;
  std::vector<std::filesystem::path> files;
  for (const QString& image : images) files.emplace_back(image.toStdString());
  const int generation = ++generation_;
  runInPool(
      this,
      [model = model_, files, topK, temperature] {
        return toRows(model->predict(files, topK, temperature));
      },
      [this, generation](const QList<ImagePredictionRow>& rows) {
        if (generation == generation_ && panel_) panel_->showPredictions(rows);
      },
      [this, generation](const QString& problem) {
        if (generation != generation_ || !panel_) return;
        panel_->showPredictions({});
        panel_->showMessage(tr("Prediction failed: %1").arg(problem));
      });
}

void InferenceController::predictFolder(const QString& folder, const QString& csv, int topK,
                                        double temperature) {
  if (!model_) {
    if (panel_) panel_->finishFolderPrediction(tr("Open a model first."));
    return;
  }
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  cancelFolder_ = cancel;
  QPointer<InferencePanel> panel = panel_;
  // Progress goes to the panel through the UI thread's event queue, one report per chunk.
  const PredictionProgress progress = [panel, cancel](std::int64_t done, std::int64_t total) {
    QMetaObject::invokeMethod(
        qApp,
        [panel, done, total] {
          if (panel) panel->showFolderProgress(done, total);
        },
        Qt::QueuedConnection);
    return !*cancel;
  };
  runInPool(
      this,
      [model = model_, folder, csv, topK, temperature, progress] {
        return model->predict_folder(folder.toStdString(), csv.toStdString(), topK, temperature,
                                     progress);
      },
      [this, csv](const FolderPrediction& result) {
        if (!panel_) return;
        if (result.cancelled) {
          panel_->finishFolderPrediction(
              tr("Folder prediction cancelled; %1 was not written.").arg(csv));
        } else if (result.error) {
          panel_->finishFolderPrediction(
              tr("Folder prediction failed: %1").arg(QString::fromStdString(*result.error)));
        } else {
          panel_->finishFolderPrediction(tr("Wrote %1: %2 images, %3 unreadable")
                                             .arg(csv)
                                             .arg(result.images)
                                             .arg(result.failed));
        }
      },
      [this](const QString& problem) {
        if (panel_) panel_->finishFolderPrediction(tr("Folder prediction failed: %1").arg(problem));
      });
}

}  // namespace convstudio
