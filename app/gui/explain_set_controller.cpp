#include "explain_set_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QRegularExpression>

#include "convstudio/explain/heat_map_colours.h"
#include "convstudio/explain/model_explainer.h"
#include "convstudio/train/checkpoint_evaluation.h"
#include "engine_text.h"
#include "explain_controller.h"
#include "inference/explain_set_view.h"
#include "run_in_pool.h"
#include "training/planar_image.h"

namespace convstudio {
namespace {

constexpr double kOverlayOpacity = 0.5;  // the Explain tab's slider starts here too

QImage imageOf(const EvaluatedSample& sample) {
  if (!sample.image.empty()) {
    return planarImage(sample.image.channels, sample.image.height, sample.image.width,
                       sample.image.pixels.data());
  }
  return QImage(QFile::decodeName(sample.file.c_str()));
}

// The heat map over the image, as the grid shows it (feature maps: the image alone).
QImage overlayOf(const ExplanationPicture& picture) {
  QImage canvas = picture.image.convertToFormat(QImage::Format_RGB32);
  if (picture.heatMap.isNull() || canvas.isNull()) return canvas;
  QPainter painter(&canvas);
  painter.setOpacity(kOverlayOpacity);
  painter.drawImage(canvas.rect(), picture.heatMap);
  return canvas;
}

// A class name that is safe in a file name.
QString fileNamePart(const QString& name) {
  static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9_-]+"));
  QString part = name;
  part.replace(unsafe, QStringLiteral("_"));
  return part.isEmpty() ? QStringLiteral("_") : part;
}

struct SetOutcome {
  int explained = 0;
  bool cancelled = false;
  QString problem;  // the first failure, in the user's language
};

}  // namespace

ExplainSetController::ExplainSetController(ExplainSetView* view, ExplainController* explain,
                                           QObject* parent)
    : QObject(parent), view_(view), explain_(explain) {
  connect(view, &ExplainSetView::explainRequested, this, &ExplainSetController::explainAll);
  connect(view, &ExplainSetView::cancelRequested, this, &ExplainSetController::cancelRunning);
  connect(view, &ExplainSetView::saveAllRequested, this, &ExplainSetController::saveAll);
  connect(view, &ExplainSetView::itemChosen, this, &ExplainSetController::showItem);
  connect(explain, &ExplainController::modelChanged, this, [this] {
    cancelRunning();
    ++generation_;
    evaluation_.reset();
  });
}

ExplainSetController::~ExplainSetController() {
  cancelRunning();
}

void ExplainSetController::cancelRunning() {
  if (cancel_) *cancel_ = true;
}

QString ExplainSetController::className(std::int64_t index) const {
  return index >= 0 && index < static_cast<std::int64_t>(classNames_.size())
             ? QString::fromStdString(classNames_[static_cast<std::size_t>(index)])
             : QString::number(index);
}

void ExplainSetController::listSamples(const QString& title, std::vector<EvaluatedSample> samples,
                                       std::vector<std::string> classNames) {
  cancelRunning();
  ++generation_;
  samples_ = std::move(samples);
  classNames_ = std::move(classNames);
  results_.assign(samples_.size(), nullptr);
  QList<ExplainSetItem> items;
  for (const EvaluatedSample& sample : samples_) {
    items.append({imageOf(sample),
                  tr("true: %1\npredicted: %2")
                      .arg(className(sample.true_class), className(sample.predicted_class))});
  }
  if (view_) view_->showSet(title, items);
  emit setListed();
}

void ExplainSetController::listCell(int trueClass, int predictedClass) {
  if (!view_) return;
  const QString path = explain_->modelPath();
  if (path.isEmpty() || !QFileInfo(path).isDir()) {
    view_->clearSet(
        tr("A cell's images come from evaluating a checkpoint of a run: choose one "
           "in the Inference panel."));
    emit setListed();
    return;
  }
  if (evaluation_) {
    showCell(trueClass, predictedClass);
    return;
  }
  cancelRunning();
  const int generation = ++generation_;
  view_->clearSet(tr("Evaluating the model on its validation data…"));
  runInPool(
      this,
      [path = QFile::encodeName(path).toStdString()] {
        // The CPU, as the explainer: a run training on the GPU keeps it.
        return std::make_shared<const CheckpointEvaluation>(evaluate_checkpoint(path, {}, "cpu"));
      },
      [this, generation, trueClass,
       predictedClass](const std::shared_ptr<const CheckpointEvaluation>& evaluation) {
        if (generation != generation_ || !view_) return;
        if (evaluation->error) {
          view_->clearSet(
              tr("The cell's images cannot be listed: %1").arg(errorText(*evaluation->error)));
          emit setListed();
          return;
        }
        evaluation_ = evaluation;
        showCell(trueClass, predictedClass);
      },
      [this, generation](const QString& problem) {
        if (generation != generation_ || !view_) return;
        view_->clearSet(tr("The cell's images cannot be listed: %1").arg(problem));
        emit setListed();
      });
}

void ExplainSetController::showCell(int trueClass, int predictedClass) {
  classNames_ = evaluation_->class_names;
  std::vector<EvaluatedSample> cell =
      samples_in_cell(evaluation_->sample_list, trueClass, predictedClass);
  const QString title = tr("True %1, predicted %2: %3 images of the validation data")
                            .arg(className(trueClass), className(predictedClass))
                            .arg(cell.size());
  listSamples(title, std::move(cell), evaluation_->class_names);
}

void ExplainSetController::explainAll() {
  std::shared_ptr<const ModelExplainer> explainer = explain_->explainer();
  if (!view_) return;
  if (!explainer) {
    view_->finish(tr("No model to explain yet."));
    emit runFinished();
    return;
  }
  cancelRunning();
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  cancel_ = cancel;
  const int generation = ++generation_;
  request_ = explain_->currentRequest();
  results_.assign(samples_.size(), nullptr);
  const QPointer<ExplainSetController> self(this);
  runInPool(
      this,
      [self, explainer, samples = samples_, request = request_, cancel, generation,
       classNames = classNames_] {
        SetOutcome outcome;
        // A refusal (a block without a spatial output) is one sentence, in the user's language.
        if (auto refused = explainer->refusal(request)) {
          outcome.problem = errorText(refused->error, refused->text);
          return outcome;
        }
        for (std::size_t i = 0; i < samples.size(); ++i) {
          if (cancel->load()) {
            outcome.cancelled = true;
            return outcome;
          }
          const EvaluatedSample& sample = samples[i];
          Result<Explanation> result =
              sample.image.empty() ? explainer->explain(sample.file, request, {}, cancel.get())
                                   : explainer->explain(sample.image, request, {}, cancel.get());
          if (!result) {
            outcome.cancelled = cancel->load();
            if (!outcome.cancelled) outcome.problem = errorText(result.error());
            return outcome;
          }
          auto explanation = std::make_shared<const Explanation>(std::move(result).value());
          const QImage overlay =
              overlayOf(explanationPicture(*explanation, request, classNames, -1));
          const int index = static_cast<int>(i);
          // Queued to the UI thread before the outcome, so they arrive first.
          QMetaObject::invokeMethod(
              qApp,
              [self, generation, index, explanation, overlay] {
                if (!self) return;
                self->received(generation, index, explanation);
                if (generation == self->generation_ && self->view_) {
                  self->view_->showOverlay(index, overlay);
                }
              },
              Qt::QueuedConnection);
          ++outcome.explained;
        }
        return outcome;
      },
      [this, generation](const SetOutcome& outcome) {
        if (generation != generation_ || !view_) return;
        const int total = static_cast<int>(samples_.size());
        if (!outcome.problem.isEmpty()) {
          view_->finish(tr("Cannot explain: %1").arg(outcome.problem));
        } else if (outcome.cancelled) {
          view_->finish(tr("Explaining was cancelled after %1 of %2 images.")
                            .arg(outcome.explained)
                            .arg(total));
        } else {
          view_->finish(tr("Explained %1 images.").arg(outcome.explained));
        }
        emit runFinished();
      },
      [this, generation](const QString& problem) {
        if (generation != generation_ || !view_) return;
        view_->finish(tr("Cannot explain: %1").arg(problem));
        emit runFinished();
      });
}

void ExplainSetController::received(int generation, int index,
                                    std::shared_ptr<const Explanation> explanation) {
  if (generation != generation_) return;
  const auto slot = static_cast<std::size_t>(index);
  if (slot >= results_.size()) return;
  results_[slot] = std::move(explanation);
  int done = 0;
  for (const auto& result : results_) done += result != nullptr;
  if (view_) view_->showProgress(done, static_cast<int>(results_.size()));
}

void ExplainSetController::showItem(int index) {
  const auto slot = static_cast<std::size_t>(index);
  if (slot >= results_.size() || !results_[slot]) return;
  explain_->showExplanation(results_[slot], request_);
}

void ExplainSetController::saveAll(const QString& folder) {
  if (!view_) return;
  int saved = 0;
  for (std::size_t i = 0; i < results_.size(); ++i) {
    if (!results_[i]) continue;
    const EvaluatedSample& sample = samples_[i];
    const QString name = QStringLiteral("%1_true-%2_predicted-%3.png")
                             .arg(i + 1, 3, 10, QLatin1Char('0'))
                             .arg(fileNamePart(className(sample.true_class)),
                                  fileNamePart(className(sample.predicted_class)));
    const QString file = QDir(folder).filePath(name);
    if (auto error = write_overlay_png(*results_[i], kOverlayOpacity,
                                       QFile::encodeName(file).toStdString())) {
      view_->showMessage(tr("Cannot save the overlays: %1").arg(errorText(*error)));
      return;
    }
    ++saved;
  }
  view_->showMessage(
      tr("Saved %1 overlays in %2").arg(saved).arg(QDir::toNativeSeparators(folder)));
}

}  // namespace convstudio
