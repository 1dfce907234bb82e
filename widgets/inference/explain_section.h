#pragma once
// The Inference panel's Explain tab: why the model said what it said about one image. Method,
// class and block (the block follows the canvas selection), the heat map over the image with
// its opacity and colour bar, or the block's feature maps as a zoomable grid; progress and
// Cancel while it runs; the overlay saved as PNG. It only shows and asks; the app's
// ExplainController runs the engine's ModelExplainer.

#include <QStringList>
#include <QWidget>

#include "explanation_picture.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QStackedWidget;

namespace convstudio {

class FeatureMapGrid;
class HeatMapView;

class ExplainSection : public QWidget {
  Q_OBJECT

 public:
  explicit ExplainSection(QWidget* parent = nullptr);

  int method() const;  // an ExplainMethod
  QString block() const;
  int targetClass() const;  // -1: the top prediction
  QString image() const { return image_; }
  HeatMapView* heatMapView() const { return heatMap_; }
  FeatureMapGrid* featureMapGrid() const { return features_; }

 public slots:
  // A model that can be explained: its classes and the blocks with a C×H×W output, the first
  // one shown being `defaultBlock`.
  void setModel(const QStringList& classNames, const QStringList& spatialBlocks,
                const QString& defaultBlock);
  // No model to explain, and why.
  void clearModel(const QString& why);
  void setImage(const QString& path);
  // The block selected on the canvas; explained at once when a model and an image are there.
  void followBlock(const QString& blockId);
  void setMethod(int method);
  void showExplanation(const convstudio::ExplanationPicture& picture);
  void showProgress(double fraction);
  // The engine's refusal or failure; the previous picture goes.
  void showFailure(const QString& text);
  void showMessage(const QString& text);

 signals:
  void explainRequested(const QString& image, int method, const QString& block, int targetClass);
  void explainCancelled();
  void overlaySaveRequested(const QString& file, double opacity);
  // A request ended: its picture, the engine's refusal or failure, or its cancellation is shown.
  void explanationShown();

 private:
  QWidget* createChoices();
  QWidget* createRunRow();
  void requestExplanation();
  void finishRun();
  void saveOverlay();

  QComboBox* method_ = nullptr;
  QComboBox* class_ = nullptr;
  QComboBox* block_ = nullptr;
  QStackedWidget* views_ = nullptr;
  HeatMapView* heatMap_ = nullptr;
  FeatureMapGrid* features_ = nullptr;
  QSlider* opacity_ = nullptr;
  QPushButton* save_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QLabel* message_ = nullptr;
  QString image_;
  bool ready_ = false;
};

}  // namespace convstudio
