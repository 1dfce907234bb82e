#include "inference_controller.h"

#include <QFileInfo>

#include "convstudio/export/inference_model.h"
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
  connect(panel_, &InferencePanel::modelFileChosen, this, &InferenceController::setModelPath);
  connect(panel_, &InferencePanel::predictionsRequested, this, &InferenceController::predict);
  connect(panel_, &InferencePanel::folderPredictionRequested, this,
          &InferenceController::predictFolder);
}

// The panel belongs to the dock it is placed in, which deletes it.
InferenceController::~InferenceController() = default;

void InferenceController::setModelPath(const QString& path) {
  if (path.isEmpty() || !panel_) return;
  panel_->setModelText(tr("Loading %1…").arg(QFileInfo(path).fileName()), false);
  const int generation = ++generation_;
  runInPool(
      this, [path] { return InferenceModel::load(path.toStdString()); },
      [this, path, generation](const InferenceModelLoad& load) {
        if (generation != generation_ || !panel_) return;
        model_ = load.model;
        if (!model_) {
          panel_->setModelText(
              tr("Cannot use %1: %2")
                  .arg(QFileInfo(path).fileName(), QString::fromStdString(load.error)),
              false);
          return;
        }
        const PreprocessingContract& contract = model_->contract();
        panel_->setModelText(
            tr("%1 (%2): input %3, %4 classes")
                .arg(QFileInfo(path).fileName(), QString::fromStdString(model_->kind()),
                     QString::fromStdString(contract.input.to_string()))
                .arg(contract.class_names.size()),
            true);
      });
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
      });
}

void InferenceController::predictFolder(const QString& folder, const QString& csv, int topK,
                                        double temperature) {
  if (!model_) return;
  runInPool(
      this,
      [model = model_, folder, csv, topK, temperature] {
        return model->predict_folder(folder.toStdString(), csv.toStdString(), topK, temperature);
      },
      [this, csv](const FolderPrediction& result) {
        if (!panel_) return;
        if (result.error) {
          panel_->showMessage(
              tr("Folder prediction failed: %1").arg(QString::fromStdString(*result.error)));
          return;
        }
        panel_->showMessage(tr("Wrote %1: %2 images, %3 unreadable")
                                .arg(csv)
                                .arg(result.images)
                                .arg(result.failed));
      });
}

}  // namespace convstudio
