#include "export_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <array>

#include "convstudio/export/int8_report.h"
#include "convstudio/export/model_export.h"
#include "convstudio/model/units.h"
#include "convstudio/runs/trained_models.h"
#include "engine_text.h"
#include "int8_export_form.h"
#include "run_in_pool.h"

namespace convstudio {
namespace {

// The format list's entry for int8 ONNX, beside the ExportFormat values.
constexpr int kOnnxInt8Choice = 100;

QString formatTitle(ExportFormat format) {
  switch (format) {
    case ExportFormat::TorchScript:
      return ExportDialog::tr("TorchScript (.pt), deprecated upstream");
    case ExportFormat::Onnx:
      return ExportDialog::tr("ONNX (.onnx)");
    case ExportFormat::Safetensors:
      return ExportDialog::tr("Native: graph JSON + safetensors");
    case ExportFormat::Python:
      return ExportDialog::tr("PyTorch source (.py) + safetensors");
    case ExportFormat::Pt2:
      return ExportDialog::tr("ExportedProgram (.pt2), for Python");
    case ExportFormat::Pt2Aoti:
      return ExportDialog::tr("AOTInductor package (.pt2), for C++");
  }
  return {};
}

QString formatHelp(ExportFormat format) {
  switch (format) {
    case ExportFormat::TorchScript:
      return ExportDialog::tr(
          "Deprecated upstream (torch 2.14 warns on torch.jit.load; prefer a .pt2 format). A "
          "scripted module for torch.jit.load in Python and torch::jit::load in C++, in eval "
          "mode; the preprocessing travels inside it.");
    case ExportFormat::Onnx:
      return ExportDialog::tr(
          "Opset 13 with a dynamic batch, for onnxruntime, OpenCV DNN and other runtimes; the "
          "preprocessing is in its metadata.");
    case ExportFormat::Safetensors:
      return ExportDialog::tr(
          "The graph as JSON beside the weights in safetensors: ConvStudio reopens it, and it "
          "loads without running any code.");
    case ExportFormat::Python:
      return ExportDialog::tr(
          "An nn.Module that rebuilds the network, with a loader for the weights in the "
          ".safetensors file written beside it.");
    case ExportFormat::Pt2:
      return ExportDialog::tr(
          "torch.export of the generated PyTorch code with a dynamic batch, for "
          "torch.export.load in Python. Needs a Python with torch 2.6 or newer when exporting "
          "($CONVSTUDIO_PYTHON, else python3).");
    case ExportFormat::Pt2Aoti:
      return ExportDialog::tr(
          "Compiled ahead of time for the CPU by AOTInductor: LibTorch loads it in C++ without "
          "Python, as the Inference panel does. Needs a Python with torch 2.14 and a C++ "
          "compiler when exporting; compiling takes minutes.");
  }
  return {};
}

QString int8Help() {
  return ExportDialog::tr(
      "ONNX with int8 weights and activations (QuantizeLinear/DequantizeLinear), calibrated on "
      "the training images, for onnxruntime, OpenVINO and TensorRT; after writing it, both files "
      "are run on the validation set and compared.");
}

// The Export dialog's list: PyTorch's current format first, TorchScript last.
constexpr std::array<ExportFormat, 6> kListedFormats = {
    ExportFormat::Pt2Aoti,     ExportFormat::Pt2,    ExportFormat::Onnx,
    ExportFormat::Safetensors, ExportFormat::Python, ExportFormat::TorchScript};

// The format whose extension `path` ends with, if any.
bool hasExportExtension(const QString& path) {
  for (ExportFormat format : kListedFormats) {
    if (path.endsWith(QString::fromLatin1(export_format_extension(format).data()))) return true;
  }
  return false;
}

QString withExtension(const QString& path, ExportFormat format) {
  const QString extension = QString::fromLatin1(export_format_extension(format).data());
  if (path.isEmpty()) return path;
  if (!hasExportExtension(path)) return path + extension;
  const QFileInfo info(path);
  return QDir(info.path()).filePath(info.completeBaseName() + extension);
}

}  // namespace

ExportDialog::ExportDialog(const QString& checkpoint, const QString& folder,
                           const QString& baseName, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Export Trained Model"));
  setObjectName(QStringLiteral("exportDialog"));

  checkpoint_ = new QLineEdit(QDir::toNativeSeparators(checkpoint), this);
  checkpoint_->setObjectName(QStringLiteral("exportCheckpoint"));
  checkpoint_->setPlaceholderText(tr("A checkpoint folder (*.ckpt) of a run"));
  choices_ = new QComboBox(this);
  choices_->setObjectName(QStringLiteral("exportModelChoice"));
  choices_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  choices_->setMinimumContentsLength(24);
  choices_->hide();  // until setChoices
  auto* browseCheckpoint = new QPushButton(tr("Browse…"), this);
  auto* checkpointRow = new QHBoxLayout;
  checkpointRow->addWidget(checkpoint_, 1);
  checkpointRow->addWidget(browseCheckpoint);

  format_ = new QComboBox(this);
  format_->setObjectName(QStringLiteral("exportFormat"));
  for (ExportFormat format : kListedFormats) {
    format_->addItem(formatTitle(format), static_cast<int>(format));
    if (format == ExportFormat::Onnx) format_->addItem(tr("ONNX int8 (.onnx)"), kOnnxInt8Choice);
  }
  formatHelp_ = new QLabel(this);
  formatHelp_->setWordWrap(true);
  int8Form_ = new Int8ExportForm(this);
  connect(int8Form_, &Int8ExportForm::measuring, this, [this] {
    showStatus(tr("Measuring fp32 and int8 on the validation images in onnxruntime…"), false);
  });
  connect(int8Form_, &Int8ExportForm::cancelRequested, this,
          [this] { showStatus(tr("Cancelling…"), false); });

  // ONNX first: it needs nothing more at export time, and most runtimes read it.
  format_->setCurrentIndex(format_->findData(static_cast<int>(ExportFormat::Onnx)));
  const QString firstFormat =
      QString::fromLatin1(export_format_extension(ExportFormat::Onnx).data());
  output_ = new QLineEdit(QDir(folder).filePath(baseName + firstFormat), this);
  output_->setObjectName(QStringLiteral("exportPath"));
  auto* browseOutput = new QPushButton(tr("Browse…"), this);
  auto* outputRow = new QHBoxLayout;
  outputRow->addWidget(output_, 1);
  outputRow->addWidget(browseOutput);

  createReport();

  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("exportStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* form = new QFormLayout;
  form->addRow(tr("Trained model:"), choices_);
  form->addRow(QString(), checkpointRow);
  form->addRow(tr("Format:"), format_);
  form->addRow(QString(), formatHelp_);
  form->addRow(QString(), int8Form_);
  form->addRow(tr("Save as:"), outputRow);

  QDialogButtonBox* buttons = createButtons();

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(reportTitle_);
  layout->addWidget(report_, 1);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  resize(760, 580);  // the int8 report and the block mapping fit without scrolling sideways

  connect(browseCheckpoint, &QPushButton::clicked, this, &ExportDialog::chooseCheckpoint);
  connect(choices_, &QComboBox::activated, this, [this](int index) {
    const QString path = choices_->itemData(index).toString();
    if (!path.isEmpty()) setCheckpoint(path);
  });
  connect(browseOutput, &QPushButton::clicked, this, &ExportDialog::chooseOutput);
  connect(checkpoint_, &QLineEdit::editingFinished, this, &ExportDialog::runCheck);
  connect(format_, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
  formatChanged();
}

QDialogButtonBox* ExportDialog::createButtons() {
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  // Named here, not by Qt's own catalogue, which a system may lack for the user's language.
  buttons->button(QDialogButtonBox::Close)->setText(tr("Close"));
  export_ = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
  export_->setObjectName(QStringLiteral("exportButton"));
  export_->setDefault(true);
  tryIt_ = buttons->addButton(tr("Try in Inference Panel"), QDialogButtonBox::ActionRole);
  tryIt_->setToolTip(tr("Load the exported file in the Inference panel and predict with it"));
  tryIt_->setEnabled(false);
  openVersion_ = buttons->addButton(tr("Open That Version…"), QDialogButtonBox::ActionRole);
  openVersion_->setObjectName(QStringLiteral("openTrainedVersion"));
  openVersion_->setToolTip(
      tr("Open the network and settings this run was trained with as a project (you are asked "
         "first about unsaved changes)"));
  openVersion_->hide();
  connect(openVersion_, &QPushButton::clicked, this,
          [this] { emit openVersionRequested(versionShown_); });
  connect(export_, &QPushButton::clicked, this, &ExportDialog::startExport);
  connect(tryIt_, &QPushButton::clicked, this, [this] {
    if (!written_.isEmpty()) emit openInInference(written_.first());
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  return buttons;
}

void ExportDialog::createReport() {
  reportTitle_ = new QLabel(this);
  report_ = new QPlainTextEdit(this);
  report_->setObjectName(QStringLiteral("exportReport"));
  report_->setReadOnly(true);
  report_->setLineWrapMode(QPlainTextEdit::WidgetWidth);  // long report lines stay readable
  report_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  report_->setMinimumHeight(160);
}

void ExportDialog::setCheckpoint(const QString& folder) {
  checkpoint_->setText(QDir::toNativeSeparators(folder));
  runCheck();
}

void ExportDialog::setNetwork(const Graph& network) {
  network_ = network;
  runCheck();
}

void ExportDialog::setRunsFolder(const QString& folder) {
  runsFolder_ = QDir::cleanPath(folder);
  runCheck();
}

void ExportDialog::setEarlierVersion(const QString& checkpoint) {
  earlierVersion_ = checkpoint;
  runCheck();
}

bool ExportDialog::showEarlierVersion(const QString& checkpoint, const QString& framing) {
  if (!network_ || runsFolder_.isEmpty() ||
      !QDir::cleanPath(checkpoint).startsWith(runsFolder_ + QLatin1Char('/'))) {
    return false;
  }
  const auto difference =
      earlier_version_difference(QFile::encodeName(checkpoint).toStdString(), *network_);
  if (!difference) return false;
  const QString run = QFileInfo(QFileInfo(checkpoint).absolutePath()).fileName();
  showStatus(framing.arg(run, engineText(*difference)), true);
  versionShown_ = checkpoint;
  openVersion_->show();
  return true;
}

void ExportDialog::setChoices(const QList<TrainedModelChoice>& choices) {
  choices_->clear();
  for (const TrainedModelChoice& choice : choices) {
    choices_->addItem(choice.text, choice.path);
    choices_->setItemData(choices_->count() - 1, QDir::toNativeSeparators(choice.path),
                          Qt::ToolTipRole);
  }
  choices_->setVisible(!choices.isEmpty());
  const QString current = QDir::fromNativeSeparators(checkpoint_->text().trimmed());
  const int index = choices_->findData(current);
  if (index >= 0) {
    choices_->setCurrentIndex(index);
  } else if (current.isEmpty() && !choices.isEmpty()) {
    setCheckpoint(choices.front().path);
  }
}

void ExportDialog::setFormat(ExportFormat format) {
  format_->setCurrentIndex(format_->findData(static_cast<int>(format)));
}

void ExportDialog::setOutputPath(const QString& path) {
  output_->setText(QDir::toNativeSeparators(path));
}

void ExportDialog::setInt8(bool int8) {
  format_->setCurrentIndex(
      format_->findData(int8 ? kOnnxInt8Choice : static_cast<int>(ExportFormat::Onnx)));
}

bool ExportDialog::int8() const {
  return format_->currentData().toInt() == kOnnxInt8Choice;
}

ExportFormat ExportDialog::format() const {
  if (int8()) return ExportFormat::Onnx;
  return static_cast<ExportFormat>(format_->currentData().toInt());
}

QString ExportDialog::outputPath() const {
  return QDir::fromNativeSeparators(output_->text().trimmed());
}

void ExportDialog::chooseCheckpoint() {
  const QString folder =
      QFileDialog::getExistingDirectory(this, tr("Choose a checkpoint folder (*.ckpt)"),
                                        QDir::fromNativeSeparators(checkpoint_->text()));
  if (!folder.isEmpty()) setCheckpoint(folder);
}

void ExportDialog::chooseOutput() {
  const QString extension = QString::fromLatin1(export_format_extension(format()).data());
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export as"), outputPath(),
      format_->currentText() + QStringLiteral(" (*") + extension + QStringLiteral(")"));
  if (!path.isEmpty()) setOutputPath(withExtension(path, format()));
}

void ExportDialog::formatChanged() {
  formatHelp_->setText(int8() ? int8Help() : formatHelp(format()));
  int8Form_->setVisible(int8());
  setOutputPath(withExtension(outputPath(), format()));
  // The Inference panel reads every format but the Python-only ones.
  tryIt_->setVisible(format() != ExportFormat::Python && format() != ExportFormat::Pt2);
  runCheck();
}

void ExportDialog::runCheck() {
  const QString checkpoint = QDir::fromNativeSeparators(checkpoint_->text().trimmed());
  checkPassed_ = false;
  export_->setEnabled(false);
  tryIt_->setEnabled(false);
  report_->clear();
  reportTitle_->setText(tr("What each block becomes:"));
  openVersion_->hide();
  if (checkpoint.isEmpty()) {
    // Runs there are, of the network before its last edits: say so rather than "none yet".
    if (earlierVersion_.isEmpty() ||
        !showEarlierVersion(earlierVersion_, tr("No trained model of the network as it is now: "
                                                "run %1 was %2. Train again, or open that "
                                                "version to export its model."))) {
      showStatus(tr("No trained model yet: train the network, or choose a checkpoint folder."),
                 true);
    }
    emit checked(false);
    return;
  }
  if (network_ && showEarlierVersion(checkpoint, tr("This checkpoint of run %1 was %2."))) {
    emit checked(false);
    return;
  }
  if (network_) {
    // Never export a model of another network under this project's name.
    if (auto mismatch =
            checkpoint_mismatch(QFile::encodeName(checkpoint).toStdString(), *network_)) {
      showStatus(
          tr("This checkpoint does not belong to this project: %1").arg(engineText(*mismatch)),
          true);
      emit checked(false);
      return;
    }
  }
  if (const int index = choices_->findData(checkpoint); index >= 0) {
    choices_->setCurrentIndex(index);
  }
  showStatus(tr("Checking %1…").arg(QFileInfo(checkpoint).fileName()), false);
  const int generation = ++generation_;
  const ExportFormat chosen = format();
  runInPool(
      this,
      [checkpoint, chosen] { return check_checkpoint_export(checkpoint.toStdString(), chosen); },
      [this, generation](const ExportResult& result) {
        if (generation != generation_) return;
        report_->setPlainText(QString::fromStdString(result.report.describe()));
        checkPassed_ = !result.error.has_value();
        export_->setEnabled(checkPassed_ && !busy_);
        if (result.error) {
          showStatus(QString::fromStdString(result.error->describe()), true);
        } else {
          showStatus(tr("Every block can be exported."), false);
        }
        emit checked(checkPassed_);
      },
      [this, generation](const QString& problem) {
        if (generation != generation_) return;
        checkPassed_ = false;
        export_->setEnabled(false);
        showStatus(tr("Cannot check the checkpoint: %1").arg(problem), true);
        emit checked(false);
      });
}

bool ExportDialog::startExport() {
  if (!checkPassed_ || busy_) return false;
  const QString out = outputPath();
  if (out.isEmpty()) {
    showStatus(tr("Choose where to save the export."), true);
    return false;
  }
  QStringList existing;
  const std::filesystem::path companion =
      export_companion_file(QFile::encodeName(out).toStdString(), format());
  for (const QString& file : {out, QFile::decodeName(companion.string().c_str())}) {
    if (!file.isEmpty() && QFileInfo::exists(file)) existing << QDir::toNativeSeparators(file);
  }
  if (!existing.isEmpty() &&
      QMessageBox::question(this, tr("Replace Files?"),
                            tr("These files exist and will be replaced:\n%1")
                                .arg(existing.join(QLatin1Char('\n')))) != QMessageBox::Yes) {
    return false;
  }
  if (int8()) return startInt8Export(out);
  setBusy(true);
  showStatus(tr("Exporting to %1…").arg(QDir::toNativeSeparators(out)), false);
  const QString checkpoint = QDir::fromNativeSeparators(checkpoint_->text().trimmed());
  const ExportFormat chosen = format();
  runInPool(
      this,
      [checkpoint, chosen, out] {
        return export_checkpoint(checkpoint.toStdString(), chosen, out.toStdString());
      },
      [this](const ExportResult& result) {
        setBusy(false);
        if (result.error) {
          const QString message = QString::fromStdString(result.error->describe());
          showStatus(tr("Export failed: %1").arg(message), true);
          emit exportFailed(message);
          return;
        }
        QStringList files;
        for (const std::string& file : result.files) files << QString::fromStdString(file);
        exportWritten(files);
      },
      [this](const QString& problem) {
        setBusy(false);
        showStatus(tr("Export failed: %1").arg(problem), true);
        emit exportFailed(problem);
      });
  return true;
}

bool ExportDialog::startInt8Export(const QString& out) {
  setBusy(true);
  showStatus(tr("Calibrating on the training images for %1…").arg(QDir::toNativeSeparators(out)),
             false);
  const QString checkpoint = QDir::fromNativeSeparators(checkpoint_->text().trimmed());
  const Int8ExportOptions options = int8Form_->startRun();
  runInPool(
      this,
      [checkpoint, out, options] {
        return export_and_measure_int8(checkpoint.toStdString(), out.toStdString(), options, {});
      },
      [this](const Int8Report& report) {
        setBusy(false);
        if (report.result.cancelled) {
          showStatus(tr("Export cancelled; nothing was written."), false);
          emit exportCancelled();
          return;
        }
        if (report.result.error) {
          const QString message = QString::fromStdString(report.result.error->describe());
          showStatus(tr("Export failed: %1").arg(message), true);
          emit exportFailed(message);
          return;
        }
        showInt8Report(report);
        exportWritten({QString::fromStdString(report.result.file)});
      },
      [this](const QString& problem) {
        setBusy(false);
        showStatus(tr("Export failed: %1").arg(problem), true);
        emit exportFailed(problem);
      });
  return true;
}

void ExportDialog::cancelExport() {
  if (busy_) int8Form_->cancel();
}

void ExportDialog::showInt8Report(const Int8Report& report) {
  reportTitle_->setText(tr("int8 report:"));
  report_->setPlainText(Int8ExportForm::reportText(report));
}

void ExportDialog::exportWritten(const QStringList& files) {
  written_.clear();
  QStringList lines;
  for (const QString& path : files) {
    written_ << path;
    lines << tr("%1 (%2)").arg(
        QDir::toNativeSeparators(path),
        QString::fromStdString(format_bytes(static_cast<std::uint64_t>(QFileInfo(path).size()))));
  }
  showStatus(tr("Wrote %1").arg(lines.join(QStringLiteral(", "))), false);
  tryIt_->setEnabled(true);
  emit exported(written_);
}

void ExportDialog::setBusy(bool busy) {
  busy_ = busy;
  export_->setEnabled(!busy && checkPassed_);
  checkpoint_->setEnabled(!busy);
  format_->setEnabled(!busy);
  output_->setEnabled(!busy);
  if (!busy) int8Form_->finishRun();
  if (busy) tryIt_->setEnabled(false);
}

void ExportDialog::showStatus(const QString& text, bool error) {
  status_->setText(text);
  status_->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

}  // namespace convstudio
