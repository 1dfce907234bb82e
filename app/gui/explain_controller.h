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

namespace convstudio {

class ExplainSection;
class ModelExplainer;
struct Explanation;

class ExplainController : public QObject {
  Q_OBJECT

 public:
  ExplainController(ExplainSection* section, QObject* parent = nullptr);
  // An explanation still running stops at its next check and is dropped.
  ~ExplainController() override;

  // The model the Inference panel loaded (a checkpoint folder, .safetensors or project).
  void setModelPath(const QString& path);
  void clearModel();

 private:
  void explain(const QString& image, int method, const QString& block, int targetClass);
  void cancelRunning();
  void saveOverlay(const QString& file, double opacity);

  QPointer<ExplainSection> section_;
  std::shared_ptr<const ModelExplainer> explainer_;
  std::shared_ptr<const Explanation> shown_;  // what the section shows, for Save overlay
  int generation_ = 0;                        // newer requests make older results stale
  std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace convstudio
