#pragma once
// Export a trained model from the studio: pick a checkpoint and a format, see what every block
// becomes in that format (and what is refused) before anything is written, then export on the
// thread pool. The same engine calls as `convstudio-cli export`.

#include <QDialog>
#include <QStringList>

#include <optional>

#include "convstudio/export/export_format.h"
#include "convstudio/model/graph.h"
#include "trained_model_choice.h"

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace convstudio {

class Int8ExportForm;
struct Int8Report;

class ExportDialog : public QDialog {
  Q_OBJECT

 public:
  // `checkpoint`: the model offered first (may be empty); the file is suggested in `folder`
  // as `baseName` with the format's extension.
  ExportDialog(const QString& checkpoint, const QString& folder, const QString& baseName,
               QWidget* parent = nullptr);

  void setCheckpoint(const QString& folder);
  // The open project's network: a checkpoint of another network is refused, with the reason.
  void setNetwork(const Graph& network);
  // The project's trained models to pick from (they all fit its network); the first is chosen
  // when no checkpoint is set yet.
  void setChoices(const QList<TrainedModelChoice>& choices);
  // The open project's runs folder: a checkpoint in it that does not fit was trained on an
  // earlier version of the network, and is said so, with a button to open that version.
  void setRunsFolder(const QString& folder);
  // The newest run's checkpoint when no run fits the network as it is now (empty: none): what
  // the dialog points at instead of "no trained model yet".
  void setEarlierVersion(const QString& checkpoint);
  void setFormat(ExportFormat format);
  // "ONNX int8": an ONNX file quantized after calibration, with its measured report.
  void setInt8(bool int8);
  bool int8() const;
  void setOutputPath(const QString& path);
  // The file format written (ONNX for int8 too).
  ExportFormat format() const;
  QString outputPath() const;
  // Whether the last check passed; Export is enabled only then.
  bool checkPassed() const { return checkPassed_; }

 public slots:
  // Writes the export; false when it cannot start (no check passed, export running, or the
  // user declined to replace an existing file).
  bool startExport();
  // Stops a running int8 export at its next calibration batch; nothing is written.
  void cancelExport();

 signals:
  void checked(bool ok);
  void exported(const QStringList& files);
  void exportFailed(const QString& message);
  // An int8 export was cancelled; no file was written.
  void exportCancelled();
  // The user asked to try the exported file in the inference panel.
  void openInInference(const QString& path);
  // "Open That Version…": open the project `checkpoint` was trained with, in place of this one.
  void openVersionRequested(const QString& checkpoint);

 private:
  // Close, Export and Try in Inference Panel, connected.
  QDialogButtonBox* createButtons();
  // The report's title and text, below the settings.
  void createReport();
  void chooseCheckpoint();
  void chooseOutput();
  void formatChanged();
  void runCheck();
  bool startInt8Export(const QString& out);
  void showInt8Report(const Int8Report& report);
  void exportWritten(const QStringList& files);
  void setBusy(bool busy);
  void showStatus(const QString& text, bool error);
  // `checkpoint`, one of this project's runs', is of an earlier network: says how, and offers
  // to open it. False when it is not this project's or fits.
  bool showEarlierVersion(const QString& checkpoint, const QString& framing);

  QComboBox* choices_ = nullptr;
  QLineEdit* checkpoint_ = nullptr;
  QComboBox* format_ = nullptr;
  QLabel* formatHelp_ = nullptr;
  QLineEdit* output_ = nullptr;
  QPlainTextEdit* report_ = nullptr;
  QLabel* status_ = nullptr;
  QPushButton* export_ = nullptr;
  QPushButton* tryIt_ = nullptr;
  QPushButton* openVersion_ = nullptr;
  Int8ExportForm* int8Form_ = nullptr;  // the int8 settings, progress and Cancel
  QLabel* reportTitle_ = nullptr;
  QString runsFolder_;
  QString earlierVersion_;  // see setEarlierVersion
  QString versionShown_;    // the checkpoint openVersion_ opens
  QStringList written_;
  std::optional<Graph> network_;
  bool checkPassed_ = false;
  bool busy_ = false;
  int generation_ = 0;  // a newer check makes an older result stale
};

}  // namespace convstudio
