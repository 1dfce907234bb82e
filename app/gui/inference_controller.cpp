#include "inference_controller.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPointer>

#include "convstudio/export/inference_model.h"
#include "convstudio/export/segmentation_masks.h"
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

// The fitted image as a QImage (grey or RGB; planar bytes interleaved), deep-copied.
QImage pictureOf(const PlanarImage& image) {
  const int plane = image.height * image.width;
  if (image.channels == 1) {
    return QImage(image.pixels.data(), image.width, image.height, image.width,
                  QImage::Format_Grayscale8)
        .copy();
  }
  QImage picture(image.width, image.height, QImage::Format_RGB888);
  for (int y = 0; y < image.height; ++y) {
    uchar* line = picture.scanLine(y);
    for (int x = 0; x < image.width; ++x) {
      for (int c = 0; c < 3; ++c) {
        line[3 * x + c] = image.pixels[static_cast<std::size_t>(c * plane + y * image.width + x)];
      }
    }
  }
  return picture;
}

QList<SegmentationRow> toSegmentationRows(const std::vector<SegmentationPrediction>& predictions,
                                          const PreprocessingContract& contract) {
  QList<SegmentationRow> rows;
  for (const SegmentationPrediction& prediction : predictions) {
    SegmentationRow row;
    row.image = QString::fromStdString(prediction.image);
    if (prediction.error) {
      row.error = QString::fromStdString(*prediction.error);
      rows << row;
      continue;
    }
    row.picture = pictureOf(prediction.fitted);
    const std::vector<std::uint8_t> colours = colour_mask(prediction, contract);
    row.mask = QImage(colours.data(), prediction.width(), prediction.height(),
                      3 * prediction.width(), QImage::Format_RGB888)
                   .copy();
    for (std::size_t index = 0; index < prediction.pixel_counts.size(); ++index) {
      const ClassColour colour = contract.colour_of(static_cast<std::int64_t>(index));
      row.classes << SegmentationClassRow{
          index < contract.class_names.size() ? QString::fromStdString(contract.class_names[index])
                                              : QString::number(index),
          QColor(colour[0], colour[1], colour[2]), prediction.pixel_counts[index]};
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
        panel_->setSegmentation(contract.segments());
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
    panel_->setSegmentation(false);
    panel_->setModelText(tr("No model: train one or open a checkpoint or export."), false);
  }
}

void InferenceController::predict(const QStringList& images, int topK, double temperature) {
  if (!model_) return;
  std::vector<std::filesystem::path> files;
  for (const QString& image : images) files.emplace_back(image.toStdString());
  const int generation = ++generation_;
  if (model_->contract().segments()) {
    runInPool(
        this,
        [model = model_, files] {
          return toSegmentationRows(model->segment(files), model->contract());
        },
        [this, generation](const QList<SegmentationRow>& rows) {
          if (generation == generation_ && panel_) panel_->showSegmentation(rows);
        },
        [this, generation](const QString& problem) {
          if (generation != generation_ || !panel_) return;
          panel_->showSegmentation({});
          panel_->showMessage(tr("Prediction failed: %1").arg(problem));
        });
    return;
  }
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
