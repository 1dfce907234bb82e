#include "explain_controller.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include "convstudio/explain/heat_map_colours.h"
#include "convstudio/explain/model_explainer.h"
#include "engine_text.h"
#include "inference/explain_section.h"
#include "run_in_pool.h"

namespace convstudio {
namespace {

QImage imageOf(const std::vector<std::uint8_t>& bytes, std::int64_t width, std::int64_t height,
               std::int64_t channels) {
  if (bytes.empty()) return {};
  const QImage view(bytes.data(), static_cast<int>(width), static_cast<int>(height),
                    static_cast<qsizetype>(width * channels),
                    channels == 1 ? QImage::Format_Grayscale8 : QImage::Format_RGB888);
  return view.copy();  // the bytes go when the explanation does
}

QImage colourImage(const HeatMap& map) {
  return imageOf(heat_map_colours(map), map.width, map.height, 3);
}

struct ExplainOutcome {
  std::shared_ptr<const Explanation> explanation;  // null when it failed
  QString problem;
  qint64 milliseconds = 0;
};

}  // namespace

ExplanationPicture explanationPicture(const Explanation& explanation, const ExplainRequest& request,
                                      const std::vector<std::string>& classNames,
                                      qint64 milliseconds) {
  ExplanationPicture picture;
  picture.image = imageOf(explanation.image_pixels, explanation.image_width,
                          explanation.image_height, explanation.image_channels);
  const HeatMap& map = explanation.heat_map;
  if (!map.values.empty()) {
    picture.heatMap = colourImage(map);
    const std::vector<std::uint8_t> scale = heat_map_colour_scale();
    picture.colourScale = imageOf(scale, static_cast<std::int64_t>(scale.size() / 3), 1, 3);
    const auto [low, high] = std::minmax_element(map.values.begin(), map.values.end());
    picture.low = *low;
    picture.high = *high;
  }
  for (const FeatureMap& feature : explanation.feature_maps) {
    picture.featureMaps << imageOf(heat_map_grey(feature.values), feature.values.width,
                                   feature.values.height, 1);
    picture.channels << feature.channel;
  }
  const QString top = QString::fromStdString(explanation.top_name);
  const QString topPercent = QString::number(explanation.top_probability * 100.0, 'f', 1);
  const auto index = static_cast<std::size_t>(explanation.target_class);
  const QString target = index < classNames.size() ? QString::fromStdString(classNames[index])
                                                   : QString::number(explanation.target_class);
  const QString targetPercent = QString::number(explanation.target_probability * 100.0, 'f', 1);
  const QString block = QString::fromStdString(request.block_id);
  if (milliseconds < 0) {
    picture.summary =
        explain_method_needs_block(request.method)
            ? ExplainController::tr("Prediction: %1 (%2 %). Explained: %3 (%4 %) at block %5.")
                  .arg(top, topPercent)
                  .arg(target, targetPercent, block)
            : ExplainController::tr("Prediction: %1 (%2 %). Explained: %3 (%4 %).")
                  .arg(top, topPercent)
                  .arg(target, targetPercent);
    return picture;
  }
  picture.summary =
      explain_method_needs_block(request.method)
          ? ExplainController::tr(
                "Prediction: %1 (%2 %). Explained: %3 (%4 %) at block "
                "%5, in %6 ms.")
                .arg(top, topPercent)
                .arg(target, targetPercent, block)
                .arg(milliseconds)
          : ExplainController::tr("Prediction: %1 (%2 %). Explained: %3 (%4 %), in %5 ms.")
                .arg(top, topPercent)
                .arg(target, targetPercent)
                .arg(milliseconds);
  return picture;
}

ExplainController::ExplainController(ExplainSection* section, QObject* parent)
    : QObject(parent), section_(section) {
  connect(section, &ExplainSection::explainRequested, this, &ExplainController::explain);
  connect(section, &ExplainSection::explainCancelled, this, &ExplainController::cancelRunning);
  connect(section, &ExplainSection::overlaySaveRequested, this, &ExplainController::saveOverlay);
}

ExplainController::~ExplainController() {
  cancelRunning();
}

void ExplainController::cancelRunning() {
  if (cancel_) *cancel_ = true;
}

void ExplainController::setModelPath(const QString& path) {
  cancelRunning();
  explainer_.reset();
  shown_.reset();
  path_ = path;
  emit modelChanged();
  const int generation = ++generation_;
  if (section_) section_->clearModel(tr("Loading the model for explaining…"));
  runInPool(
      this, [path] { return ModelExplainer::load(QFile::encodeName(path).toStdString()); },
      [this, generation](const Result<std::shared_ptr<ModelExplainer>>& loaded) {
        if (generation != generation_ || !section_) return;
        if (!loaded) {
          section_->clearModel(
              tr("This model cannot be explained: %1").arg(errorText(loaded.error())));
          return;
        }
        explainer_ = loaded.value();
        QStringList classes;
        QStringList blocks;
        for (const std::string& block : explainer_->spatial_blocks())
          blocks << QString::fromStdString(block);
        for (const std::string& name : explainer_->class_names())
          classes << QString::fromStdString(name);
        section_->setModel(classes, blocks, QString::fromStdString(explainer_->default_block()));
      },
      [this, generation](const QString& problem) {
        if (generation != generation_ || !section_) return;
        section_->clearModel(tr("This model cannot be explained: %1").arg(problem));
      });
}

void ExplainController::clearModel() {
  cancelRunning();
  ++generation_;
  explainer_.reset();
  shown_.reset();
  path_.clear();
  emit modelChanged();
  if (section_) section_->clearModel(tr("No model to explain yet."));
}

void ExplainController::explain(const QString& image, int method, const QString& block,
                                int targetClass) {
  if (!explainer_) return;
  cancelRunning();  // the older request is no longer wanted
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  cancel_ = cancel;
  const int generation = ++generation_;
  ExplainRequest request;
  request.method = static_cast<ExplainMethod>(method);
  request.block_id = block.toStdString();
  if (targetClass >= 0) request.target_class = targetClass;
  QPointer<ExplainSection> section = section_;
  const QPointer<ExplainController> self(this);
  // Progress reaches the section through the UI thread's event queue.
  ExplainProgress progress = [self, section, generation](double fraction) {
    QMetaObject::invokeMethod(
        qApp,
        [self, section, generation, fraction] {
          if (self && section && generation == self->generation_) section->showProgress(fraction);
        },
        Qt::QueuedConnection);
  };
  runInPool(
      this,
      [explainer = explainer_, file = QFile::encodeName(image).toStdString(), request, progress,
       cancel] {
        ExplainOutcome outcome;
        // A refusal is shown in the user's language: the engine gives its pattern too.
        if (auto refused = explainer->refusal(request)) {
          outcome.problem = errorText(refused->error, refused->text);
          return outcome;
        }
        QElapsedTimer timer;
        timer.start();
        Result<Explanation> result = explainer->explain(file, request, progress, cancel.get());
        outcome.milliseconds = timer.elapsed();
        if (result) {
          outcome.explanation = std::make_shared<const Explanation>(std::move(result).value());
        } else {
          outcome.problem = errorText(result.error());
        }
        return outcome;
      },
      [this, generation, request](const ExplainOutcome& outcome) {
        if (generation != generation_ || !section_) return;
        if (!outcome.explanation) {
          shown_.reset();
          section_->showFailure(tr("Cannot explain: %1").arg(outcome.problem));
          return;
        }
        shown_ = outcome.explanation;
        section_->showExplanation(
            explanationPicture(*shown_, request, explainer_->class_names(), outcome.milliseconds));
      },
      [this, generation](const QString& problem) {
        if (generation != generation_ || !section_) return;
        section_->showFailure(tr("Cannot explain: %1").arg(problem));
      });
}

ExplainRequest ExplainController::currentRequest() const {
  ExplainRequest request;
  if (!section_) return request;
  request.method = static_cast<ExplainMethod>(section_->method());
  request.block_id = section_->block().toStdString();
  if (section_->targetClass() >= 0) request.target_class = section_->targetClass();
  return request;
}

void ExplainController::showExplanation(std::shared_ptr<const Explanation> explanation,
                                        const ExplainRequest& request) {
  if (!section_ || !explanation || !explainer_) return;
  cancelRunning();
  ++generation_;  // a single image's run still going is no longer what is shown
  shown_ = std::move(explanation);
  section_->showExplanation(explanationPicture(*shown_, request, explainer_->class_names(), -1));
}

void ExplainController::saveOverlay(const QString& file, double opacity) {
  if (!shown_ || !section_) return;
  if (auto error = write_overlay_png(*shown_, opacity, QFile::encodeName(file).toStdString())) {
    section_->showMessage(tr("Cannot save the overlay: %1").arg(errorText(*error)));
    return;
  }
  section_->showMessage(tr("Saved %1").arg(QFileInfo(file).fileName()));
}

}  // namespace convstudio
