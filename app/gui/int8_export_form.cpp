#include "int8_export_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QMetaObject>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStringList>

#include <cmath>

#include "convstudio/model/units.h"

namespace convstudio {
namespace {

QString percent(double share) {
  return QString::number(100 * share, 'f', 2) + QStringLiteral(" %");
}

QString bytes(std::int64_t count) {
  return QString::fromStdString(format_bytes(static_cast<std::uint64_t>(count)));
}

QString methodTitle(CalibrationMethod method) {
  switch (method) {
    case CalibrationMethod::MinMax:
      return Int8ExportForm::tr("Min/max");
    case CalibrationMethod::Percentile:
      return Int8ExportForm::tr("Percentile (99.99 %)");
    case CalibrationMethod::Entropy:
      return Int8ExportForm::tr("Entropy (KL divergence)");
  }
  return {};
}

// The measured lines, or why there are none.
QStringList measuredLines(const Int8Report& report) {
  const Int8Measurement& m = report.measurement;
  if (!m.measured) {
    return {Int8ExportForm::tr("Not measured: %1").arg(QString::fromStdString(m.why_not))};
  }
  return {
      Int8ExportForm::tr("Measured with the exported file in onnxruntime on %1 validation images.")
          .arg(m.samples),
      // int8 can score higher on a validation set: then it gained points, not lost negative ones.
      (report.accuracy_loss_points() >= 0
           ? Int8ExportForm::tr("Validation accuracy: fp32 %1, int8 %2 (%3 points lost)")
           : Int8ExportForm::tr("Validation accuracy: fp32 %1, int8 %2 (%3 points gained)"))
          .arg(percent(m.fp32_accuracy), percent(m.int8_accuracy),
               QString::number(std::abs(report.accuracy_loss_points()), 'f', 2)),
      Int8ExportForm::tr("Top-1 agreement with fp32: %1").arg(percent(m.top1_agreement)),
      Int8ExportForm::tr("Latency fp32 / int8: %1× (from %2× to %3× over %4 paired runs, batch "
                         "64, one thread)")
          .arg(QString::number(m.latency_ratio, 'f', 2),
               QString::number(m.latency_ratio_min, 'f', 2),
               QString::number(m.latency_ratio_max, 'f', 2), QString::number(m.latency_runs)),
  };
}

}  // namespace

Int8ExportForm::Int8ExportForm(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("int8ExportForm"));
  calibration_ = new QSpinBox(this);
  calibration_->setObjectName(QStringLiteral("int8Calibration"));
  calibration_->setRange(1, 1'000'000);
  calibration_->setSuffix(tr(" images"));
  calibration_->setToolTip(
      tr("Training images run through the model to choose each activation's int8 range, with "
         "the preprocessing used in training"));
  method_ = new QComboBox(this);
  method_->setObjectName(QStringLiteral("int8Method"));
  for (CalibrationMethod method :
       {CalibrationMethod::MinMax, CalibrationMethod::Percentile, CalibrationMethod::Entropy}) {
    method_->addItem(methodTitle(method), static_cast<int>(method));
  }
  method_->setToolTip(tr("How an activation's range is chosen from what calibration saw"));
  perChannel_ = new QCheckBox(tr("Weights per output channel"), this);
  perChannel_->setObjectName(QStringLiteral("int8PerChannel"));
  perChannel_->setToolTip(
      tr("One weight scale per output channel (more accurate) instead of one "
         "per weight tensor"));
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("int8Progress"));
  progress_->setRange(0, 100);
  cancel_ = new QPushButton(tr("Cancel Export"), this);
  cancel_->setObjectName(QStringLiteral("cancelExport"));
  auto* running = new QHBoxLayout;
  running->addWidget(progress_, 1);
  running->addWidget(cancel_);
  auto* form = new QFormLayout(this);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Calibration:"), calibration_);
  form->addRow(tr("Method:"), method_);
  form->addRow(QString(), perChannel_);
  form->addRow(QString(), running);
  connect(cancel_, &QPushButton::clicked, this, &Int8ExportForm::cancel);
  setOptions(Int8ExportOptions{});
  finishRun();
}

Int8ExportOptions Int8ExportForm::startRun() {
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  cancelled_ = cancelled;
  for (QWidget* setting : {static_cast<QWidget*>(calibration_), static_cast<QWidget*>(method_),
                           static_cast<QWidget*>(perChannel_)}) {
    setting->setEnabled(false);
  }
  progress_->setValue(0);
  progress_->show();
  cancel_->show();
  cancel_->setEnabled(true);
  Int8ExportOptions run = options();
  QPointer<Int8ExportForm> self(this);
  // Queued to this thread; the last calibration step (1.0) starts the measurement.
  run.progress = [self, cancelled](double done) {
    if (!self) return false;
    QMetaObject::invokeMethod(
        self,
        [self, done] {
          if (!self || self->cancel_->isHidden()) return;
          self->progress_->setValue(static_cast<int>(100 * done));
          if (done >= 1.0 && self->cancel_->isEnabled()) {
            self->cancel_->setEnabled(false);
            emit self->measuring();
          }
        },
        Qt::QueuedConnection);
    return !cancelled->load();
  };
  return run;
}

void Int8ExportForm::finishRun() {
  calibration_->setEnabled(true);
  method_->setEnabled(true);
  perChannel_->setEnabled(true);
  progress_->hide();
  cancel_->hide();
}

void Int8ExportForm::cancel() {
  if (!cancelled_ || !cancel_->isEnabled()) return;
  cancelled_->store(true);
  cancel_->setEnabled(false);
  emit cancelRequested();
}

Int8ExportOptions Int8ExportForm::options() const {
  Int8ExportOptions options;
  options.calibration_images = calibration_->value();
  options.method = static_cast<CalibrationMethod>(method_->currentData().toInt());
  options.per_channel = perChannel_->isChecked();
  return options;
}

void Int8ExportForm::setOptions(const Int8ExportOptions& options) {
  calibration_->setValue(static_cast<int>(options.calibration_images));
  method_->setCurrentIndex(method_->findData(static_cast<int>(options.method)));
  perChannel_->setChecked(options.per_channel);
}

QString Int8ExportForm::reportText(const Int8Report& report) {
  const Int8ExportResult& result = report.result;
  QStringList lines = measuredLines(report);
  lines << tr("File size: int8 %1, fp32 %2 (%3 of fp32)")
               .arg(bytes(result.int8_bytes), bytes(result.fp32_bytes),
                    percent(report.size_ratio()));
  lines << tr("Calibrated on %1 training images, %2, %3; weights in [-%4, %4]")
               .arg(result.calibration_images)
               .arg(methodTitle(report.options.method), report.options.per_channel
                                                            ? tr("weights per output channel")
                                                            : tr("one scale per weight tensor"))
               .arg(report.weight_range());
  if (result.float_blocks.empty()) {
    lines << tr("Stayed float: none, every block runs in int8 or is folded.");
  } else {
    lines << tr("Stayed float:");
    for (const FloatBlock& block : result.float_blocks) {
      lines << tr("  %1: %2")
                   .arg(QString::fromStdString(block.block_id),
                        QString::fromStdString(block.reason));
    }
  }
  for (const auto& [norm, conv] : result.folded_blocks) {
    lines
        << tr("Folded into %1: %2").arg(QString::fromStdString(conv), QString::fromStdString(norm));
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace convstudio
