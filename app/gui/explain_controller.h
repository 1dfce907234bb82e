#pragma once
// Connects the Inference panel's Explain tab to the engine's torch-free ModelExplainer: loads
// the model the panel uses and explains one image at a time on the thread pool, with progress
// and Cancel; a newer request cancels the older one. What comes back is drawn from plain
// ExplanationPicture values; the overlay is saved by the engine's writer.

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "convstudio/explain/explanation.h"
#include "inference/explanation_picture.h"

namespace convstudio {

class ExplainSection;
class ModelExplainer;

// What the section draws for `explanation`: the engine's colours as images, and one line saying
// what was explained (`milliseconds` < 0 leaves the time out).
ExplanationPicture explanationPicture(const Explanation& explanation, const ExplainRequest& request,
                                      const std::vector<std::string>& classNames,
                                      qint64 milliseconds);

class ExplainController : public QObject {
  Q_OBJECT

 public:
  ExplainController(ExplainSection* section, QObject* parent = nullptr);
  // An explanation still running stops at its next check and is dropped.
  ~ExplainController() override;

  // The model the Inference panel loaded (a checkpoint folder, .safetensors or project).
  void setModelPath(const QString& path);
  void clearModel();

  // The model loaded for explaining (null while none is) and its path.
  std::shared_ptr<const ModelExplainer> explainer() const { return explainer_; }
  QString modelPath() const { return path_; }
  // What the Explain tab asks for now: its method, block and class.
  ExplainRequest currentRequest() const;
  // Shows an explanation made elsewhere (an image of a set) large in the Explain tab, where Save
  // overlay saves it.
  void showExplanation(std::shared_ptr<const Explanation> explanation,
                       const ExplainRequest& request);

 signals:
  // Another model (or none) is in use: what was computed with the old one is stale.
  void modelChanged();

 private:
  void explain(const QString& image, int method, const QString& block, int targetClass);
  void cancelRunning();
  void saveOverlay(const QString& file, double opacity);

  QPointer<ExplainSection> section_;
  QString path_;
  std::shared_ptr<const ModelExplainer> explainer_;
  std::shared_ptr<const Explanation> shown_;  // what the section shows, for Save overlay
  int generation_ = 0;                        // newer requests make older results stale
  std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace convstudio
