#pragma once
// Explains a whole set of images — a confusion-matrix cell's or the misclassified gallery's —
// with the Explain tab's method, block and class, for the Inference panel's Image set tab. A
// cell's images come from evaluating the model on its own validation split once (the engine
// keeps each sample's source; samples_in_cell picks the cell's). One pool task explains them in
// turn, each result queued to the UI thread as it comes; Cancel stops it at the next check.

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "convstudio/explain/explanation.h"
#include "convstudio/runs/evaluated_sample.h"

namespace convstudio {

class ExplainController;
class ExplainSetView;
struct CheckpointEvaluation;

class ExplainSetController : public QObject {
  Q_OBJECT

 public:
  ExplainSetController(ExplainSetView* view, ExplainController* explain, QObject* parent = nullptr);
  // A run still going stops at its next check and is dropped.
  ~ExplainSetController() override;

  // Lists the images of cell [trueClass][predictedClass] of the model's validation split; the
  // first call per model evaluates the split in the background.
  void listCell(int trueClass, int predictedClass);
  // Lists `samples` (the gallery's images, which carry their pixels) under `title`.
  void listSamples(const QString& title, std::vector<EvaluatedSample> samples,
                   std::vector<std::string> classNames);
  const std::vector<EvaluatedSample>& samples() const { return samples_; }

 signals:
  // The images of a set are listed (or why none could be).
  void setListed();
  // An Explain these run ended: all explained, cancelled, or failed.
  void runFinished();

 private:
  void showCell(int trueClass, int predictedClass);
  void explainAll();
  void cancelRunning();
  void saveAll(const QString& folder);
  void showItem(int index);
  void received(int generation, int index, std::shared_ptr<const Explanation> explanation);
  QString className(std::int64_t index) const;

  QPointer<ExplainSetView> view_;
  ExplainController* explain_ = nullptr;
  std::vector<EvaluatedSample> samples_;
  std::vector<std::string> classNames_;
  std::vector<std::shared_ptr<const Explanation>> results_;  // by sample; null until explained
  ExplainRequest request_;                                   // what results_ were explained with
  std::shared_ptr<const CheckpointEvaluation> evaluation_;   // of the model in use, when made
  int generation_ = 0;  // a newer set or run makes older results stale
  std::shared_ptr<std::atomic<bool>> cancel_;
};

}  // namespace convstudio
