#include "rank_load_view.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include "convstudio/model/units.h"

namespace convstudio {
namespace {

enum RankLoadColumn { kRankCell, kDeviceCell, kSpeedCell, kMemoryCell, kRankCells };

}  // namespace

RankLoadView::RankLoadView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("rankLoad"));
  table_ = new QTableWidget(0, kRankCells, this);
  table_->setHorizontalHeaderLabels({tr("Rank"), tr("Device"), tr("Samples/s"), tr("Memory")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  table_->setFocusPolicy(Qt::NoFocus);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setToolTip(
      tr("Each process of the data-parallel run: its own training speed over the recent steps "
         "and its memory (CPU: the process's resident memory; GPU: memory allocated on it)"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(table_);
  hide();
}

void RankLoadView::beginRun(const QStringList& rankDevices) {
  devices_ = rankDevices;
  table_->setRowCount(0);
  ensureRows(static_cast<int>(rankDevices.size()));
  setVisible(rankDevices.size() > 1);
}

void RankLoadView::ensureRows(int ranks) {
  if (table_->rowCount() == ranks) return;
  table_->setRowCount(ranks);
  for (int rank = 0; rank < ranks; ++rank) {
    const QString device = rank < devices_.size() ? devices_.at(rank) : QString();
    const QStringList cells{QString::number(rank), device, QString(), QString()};
    for (int column = 0; column < kRankCells; ++column) {
      table_->setItem(rank, column, new QTableWidgetItem(cells.at(column)));
    }
  }
  // Tall enough for every rank without scrolling up to eight, then it scrolls.
  const int rows = std::min(ranks, 8);
  table_->setFixedHeight(table_->horizontalHeader()->sizeHint().height() +
                         rows * table_->verticalHeader()->defaultSectionSize() +
                         2 * table_->frameWidth());
}

void RankLoadView::showStep(const StepMetrics& step) {
  const auto ranks = static_cast<int>(
      std::max(step.rank_samples_per_second.size(), step.rank_memory_bytes.size()));
  if (ranks == 0) return;
  ensureRows(ranks);
  setVisible(ranks > 1);
  for (int rank = 0; rank < ranks; ++rank) {
    const auto index = static_cast<std::size_t>(rank);
    if (index < step.rank_samples_per_second.size()) {
      table_->item(rank, kSpeedCell)
          ->setText(QString::number(step.rank_samples_per_second[index], 'f', 0));
    }
    if (index < step.rank_memory_bytes.size()) {
      table_->item(rank, kMemoryCell)
          ->setText(QString::fromStdString(format_bytes(step.rank_memory_bytes[index])));
    }
  }
}

int RankLoadView::rankCount() const {
  return table_->rowCount();
}

QString RankLoadView::speedText(int rank) const {
  return table_->item(rank, kSpeedCell)->text();
}

QString RankLoadView::memoryText(int rank) const {
  return table_->item(rank, kMemoryCell)->text();
}

}  // namespace convstudio
