#pragma once
// Connects the inference panel to the engine's torch-free InferenceModel: loads models and runs
// predictions on the thread pool (stateless batch work), handing results back to the panel on
// the UI thread as plain rows.

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <memory>

#include "inference/inference_panel.h"

namespace convstudio {

class ExplainController;
class ExplainSetController;
class InferenceModel;

class InferenceController : public QObject {
  Q_OBJECT

 public:
  // The panel is created here; give it to MainWindow::addPanel.
  explicit InferenceController(QObject* parent = nullptr);
  ~InferenceController() override;

  InferencePanel* panel() const { return panel_; }
  // The panel's Explain tab's controller: it explains with the model loaded here.
  ExplainController* explainer() const { return explain_; }
  // The Image set tab's controller: a cell's or the gallery's images, explained together.
  ExplainSetController* explainSet() const { return explainSet_; }

 public slots:
  // A checkpoint folder or an export, named `name` in the panel (its file name when empty).
  void setModelPath(const QString& path, const QString& name = {});
  // No model (another project was opened): predictions wait for the next one.
  void clearModel();

 public:
  // The model loaded, or being loaded (empty when none).
  QString modelPath() const { return path_; }

 private:
  void predict(const QStringList& images, int topK, double temperature);
  void predictFolder(const QString& folder, const QString& csv, int topK, double temperature);

  QPointer<InferencePanel> panel_;
  ExplainController* explain_ = nullptr;
  ExplainSetController* explainSet_ = nullptr;
  std::shared_ptr<const InferenceModel> model_;
  QString path_;
  int generation_ = 0;  // newer requests make older results stale
  // Set to stop the running folder prediction (Cancel, or this controller going away).
  std::shared_ptr<std::atomic<bool>> cancelFolder_;
};

}  // namespace convstudio
