#pragma once
// The inference panel: drop or open images and see their top-k classes with probabilities,
// adjust the softmax temperature, or predict a whole folder into a CSV file; for a segmentation
// model, each image's classes by pixels and its Mask tab the predicted mask over the image
// (SegmentationView); its Explain tab
// shows why (ExplainSection) for the image chosen among the results, its Image set tab a whole
// set of images (ExplainSetView). It only shows and asks;
// whoever owns it (the app's InferenceController and ExplainController) runs the model.

#include <QList>
#include <QStringList>
#include <QWidget>

#include "image_prediction_row.h"
#include "segmentation_row.h"
#include "trained_model_choice.h"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTreeWidget;

namespace convstudio {

class ExplainSection;
class ExplainSetView;
class SegmentationView;

class InferencePanel : public QWidget {
  Q_OBJECT

 public:
  explicit InferencePanel(QWidget* parent = nullptr);

  QStringList images() const { return images_; }
  int topK() const;
  double temperature() const;
  ExplainSection* explainSection() const { return explain_; }
  // The Image set tab: a confusion-matrix cell's or the gallery's images, explained together.
  ExplainSetView* explainSet() const { return explainSet_; }
  SegmentationView* maskView() const { return mask_; }
  bool segmentation() const { return segmentation_; }
  // Brings the Explain tab to the front.
  void showExplainTab();
  void showExplainSetTab();

 public slots:
  // What model predictions come from (a file name and what it is), or why none is loaded.
  void setModelText(const QString& text, bool ready);
  // The project's trained models to choose from; `current` (a path) is shown as chosen.
  void setModelChoices(const QList<TrainedModelChoice>& choices, const QString& current);
  // The model now in use (empty: none), whichever way it came: the list shows it as chosen, a
  // file from outside the project as an entry of its own.
  void showModelInUse(const QString& path);
  void setImages(const QStringList& images);
  void showPredictions(const QList<convstudio::ImagePredictionRow>& rows);
  // The loaded model segments: the Mask tab shows, top-k, temperature and the folder CSV (a
  // classifier's) are off. Set before setModelText(…, true) asks for predictions.
  void setSegmentation(bool segmentation);
  // Each image's classes by pixels in the list; the chosen image's mask in the Mask tab.
  void showSegmentation(const QList<convstudio::SegmentationRow>& rows);
  void showMessage(const QString& text);
  // A folder prediction in progress: the bar and its Cancel button show until it finishes.
  void showFolderProgress(qint64 done, qint64 total);
  void finishFolderPrediction(const QString& message);
  // Starts predicting `folder` into `csv` (what the folder button does after its dialogs).
  void predictFolder(const QString& folder, const QString& csv);

 signals:
  // The images, top-k or temperature changed: predictions for `images` are wanted.
  void predictionsRequested(const QStringList& images, int topK, double temperature);
  void folderPredictionRequested(const QString& folder, const QString& csvFile, int topK,
                                 double temperature);
  void modelFileChosen(const QString& path);
  void folderPredictionCancelled();

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  // Top classes and temperature, in a form.
  QFormLayout* createPredictionSettings();
  // Predictions, Mask (shown for a segmentation model), Explain and Image set.
  QTabWidget* createTabs();
  void chooseModel();
  void chooseImages();
  void chooseFolder();
  void requestPredictions();
  void fillModelChoice();
  // The image the Explain tab explains: the one chosen among the results, else the first.
  void updateExplainedImage();
  // The Mask tab follows the image chosen among the results.
  void updateMask();

  QLabel* modelLabel_ = nullptr;
  QComboBox* modelChoice_ = nullptr;
  QSpinBox* topK_ = nullptr;
  QDoubleSpinBox* temperature_ = nullptr;
  QPushButton* openImages_ = nullptr;
  QPushButton* predictFolder_ = nullptr;
  QTreeWidget* results_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  ExplainSection* explain_ = nullptr;
  ExplainSetView* explainSet_ = nullptr;
  SegmentationView* mask_ = nullptr;
  QList<SegmentationRow> segmentationRows_;
  bool segmentation_ = false;
  QLabel* message_ = nullptr;
  QProgressBar* folderProgress_ = nullptr;
  QPushButton* cancelFolder_ = nullptr;
  QStringList images_;
  QList<TrainedModelChoice> choices_;
  QString inUse_;  // the path of the model in use
  bool ready_ = false;
};

}  // namespace convstudio
