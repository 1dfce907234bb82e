#include "batch_size_finder_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "convstudio/model/units.h"

namespace convstudio {
namespace {

QString bytesText(std::uint64_t bytes) {
  return QString::fromStdString(format_bytes(bytes));
}

}  // namespace

BatchSizeFinderDialog::BatchSizeFinderDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("batchSizeFinderDialog"));
  setWindowTitle(tr("Find Batch Size"));
  auto* intro = new QLabel(
      tr("Trial steps (forward, backward and optimizer step on made-up batches of the model's "
         "input size) at doubling batch sizes find the largest batch that fits the device with a "
         "safety margin, and the one that trains fastest. The project's weights are not used "
         "or changed."),
      this);
  intro->setWordWrap(true);
  table_ = new QTableWidget(0, 4, this);
  table_->setObjectName(QStringLiteral("batchTrials"));
  table_->setHorizontalHeaderLabels(
      {tr("Batch size"), tr("Peak memory"), tr("Samples/s"), tr("Result")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("batchFinderStatus"));
  status_->setWordWrap(true);

  auto* buttons = new QDialogButtonBox(this);
  stop_ = buttons->addButton(tr("Stop"), QDialogButtonBox::RejectRole);
  largest_ = buttons->addButton(tr("Use the Largest"), QDialogButtonBox::AcceptRole);
  largest_->setObjectName(QStringLiteral("useLargestBatch"));
  fastest_ = buttons->addButton(tr("Use the Fastest"), QDialogButtonBox::AcceptRole);
  fastest_->setObjectName(QStringLiteral("useFastestBatch"));
  close_ = buttons->addButton(QDialogButtonBox::Close);
  disconnect(buttons, nullptr, this, nullptr);
  connect(stop_, &QPushButton::clicked, this, &BatchSizeFinderDialog::cancelRequested);
  connect(largest_, &QPushButton::clicked, this, [this] {
    emit applyRequested(result_.largest_batch);
    accept();
  });
  connect(fastest_, &QPushButton::clicked, this, [this] {
    emit applyRequested(result_.fastest_batch);
    accept();
  });
  connect(close_, &QPushButton::clicked, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(table_, 1);
  layout->addWidget(status_);
  layout->addWidget(buttons);
  resize(560, 440);
  setRunning(false);
}

void BatchSizeFinderDialog::setRunning(bool running) {
  stop_->setVisible(running);
  close_->setVisible(!running);
  largest_->setVisible(!running && result_.largest_batch > 0);
  fastest_->setVisible(!running && result_.fastest_batch > 0);
}

void BatchSizeFinderDialog::begin(std::int64_t currentBatch, const QString& device) {
  currentBatch_ = currentBatch;
  result_ = {};
  table_->setRowCount(0);
  status_->setText(tr("Trying batch sizes on %1…").arg(device));
  setRunning(true);
}

void BatchSizeFinderDialog::showTrial(const BatchSizeTrial& trial) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  QString result;
  if (trial.out_of_memory) {
    result = tr("out of memory");
  } else if (trial.predicted) {
    result = tr("not tried: would pass the memory limit");
  } else if (trial.fits) {
    result = tr("fits");
  } else {
    result = tr("over the memory limit");
  }
  const QString memory = trial.out_of_memory ? QString()
                         : trial.predicted   ? tr("about %1").arg(bytesText(trial.peak_bytes))
                                             : bytesText(trial.peak_bytes);
  const QString speed = trial.fits ? QString::number(trial.samples_per_second, 'f', 0) : QString();
  const QStringList cells{QString::number(trial.batch_size), memory, speed, result};
  for (int column = 0; column < cells.size(); ++column) {
    auto* item = new QTableWidgetItem(cells[column]);
    if (column < 3) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table_->setItem(row, column, item);
  }
  table_->scrollToBottom();
}

void BatchSizeFinderDialog::showResult(const BatchSizeResult& result) {
  if (result.error) {
    showFailure(QString::fromStdString(result.error->describe()));
    return;
  }
  result_ = result;
  QString text = tr("Memory limit on %1: %2 (%3 less the safety margin).")
                     .arg(QString::fromStdString(result.device), bytesText(result.limit_bytes),
                          bytesText(result.capacity_bytes));
  if (result.largest_batch > 0) {
    const QLocale locale;
    // At the search's own upper limit the device may well hold more: say that it was not tried.
    const QString largest =
        result.reached_limit
            ? tr("%1 fits (the finder's upper limit; larger was not tried)")
                  .arg(locale.toString(result.largest_batch))
            : tr("Largest batch that fits: %1").arg(locale.toString(result.largest_batch));
    text += QLatin1Char(' ') + tr("%1; fastest: %2 (%3 samples/s); the project uses %4.")
                                   .arg(largest)
                                   .arg(result.fastest_batch)
                                   .arg(result.fastest_samples_per_second, 0, 'f', 0)
                                   .arg(currentBatch_);
    largest_->setText(tr("Use %1 (Largest)").arg(result.largest_batch));
    fastest_->setText(tr("Use %1 (Fastest)").arg(result.fastest_batch));
  } else {
    text += QLatin1Char(' ') + tr("Not even the smallest batch tried fits.");
  }
  if (result.cancelled) text += QLatin1Char(' ') + tr("Stopped early.");
  status_->setText(text);
  setRunning(false);
}

void BatchSizeFinderDialog::showFailure(const QString& message) {
  result_ = {};
  status_->setText(tr("The batch-size finder failed: %1").arg(message));
  setRunning(false);
}

QString BatchSizeFinderDialog::statusText() const {
  return status_->text();
}

}  // namespace convstudio
