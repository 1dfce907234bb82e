#include "profile_panel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace convstudio {
namespace {

// Each cell shows formatted text and sorts by its number (the proxy's sort role).
constexpr int kProfileSortRole = Qt::UserRole + 1;
constexpr int kProfileBlockIdRole = Qt::UserRole + 2;

QString profileStageName(StageKind kind) {
  switch (kind) {
    case StageKind::DataLoading:
      return ProfilePanel::tr("(data loading)");
    case StageKind::Loss:
      return ProfilePanel::tr("(loss)");
    case StageKind::Optimizer:
      return ProfilePanel::tr("(optimizer step)");
    case StageKind::Bookkeeping:
      return ProfilePanel::tr("(bookkeeping)");
  }
  return {};
}

double profileMib(std::int64_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

}  // namespace

ProfilePanel::ProfilePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("profilePanel"));
  auto* layout = new QVBoxLayout(this);
  auto* buttons = new QHBoxLayout;
  start_ = new QPushButton(tr("Profile"), this);
  start_->setObjectName(QStringLiteral("profileButton"));
  start_->setToolTip(
      tr("Measure a few training steps of this project block by block: forward "
         "and backward time, activation memory kept for backward, FLOP/s"));
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName(QStringLiteral("profileCancelButton"));
  colour_ = new QCheckBox(tr("Colour blocks by time"), this);
  colour_->setObjectName(QStringLiteral("profileColourCheck"));
  colour_->setChecked(true);
  buttons->addWidget(start_);
  buttons->addWidget(cancel_);
  buttons->addStretch(1);
  buttons->addWidget(colour_);
  layout->addLayout(buttons);
  progress_ = new QProgressBar(this);
  progress_->setObjectName(QStringLiteral("profileProgress"));
  layout->addWidget(progress_);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("profileStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);

  model_ = new QStandardItemModel(0, ColumnCount, this);
  model_->setHorizontalHeaderLabels({tr("Block"), tr("Type"), tr("Forward ms"), tr("Backward ms"),
                                     tr("Kept MiB"), tr("Estimated MiB"), tr("GFLOP/s"),
                                     tr("Share %")});
  model_->horizontalHeaderItem(Kept)->setToolTip(
      tr("Activation memory the block's forward keeps for backward, measured"));
  model_->horizontalHeaderItem(Estimated)->setToolTip(
      tr("The builder's estimate of the same memory"));
  sorted_ = new QSortFilterProxyModel(this);
  sorted_->setSourceModel(model_);
  sorted_->setSortRole(kProfileSortRole);
  table_ = new QTableView(this);
  table_->setObjectName(QStringLiteral("profileTable"));
  table_->setModel(sorted_);
  table_->setSortingEnabled(true);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  layout->addWidget(table_, 1);

  connect(start_, &QPushButton::clicked, this, &ProfilePanel::profileRequested);
  connect(cancel_, &QPushButton::clicked, this, &ProfilePanel::cancelRequested);
  connect(colour_, &QCheckBox::toggled, this, &ProfilePanel::colouringChanged);
  connect(table_, &QTableView::activated, this, [this](const QModelIndex& index) {
    const QString id = index.siblingAtColumn(Block).data(kProfileBlockIdRole).toString();
    if (!id.isEmpty()) emit blockActivated(id);
  });
  clear(
      tr("Not profiled yet: Profile measures a few training steps of the project on its "
         "training data."));
}

bool ProfilePanel::colouring() const {
  return colour_->isChecked();
}

void ProfilePanel::setRunning(bool running) {
  running_ = running;
  progress_->setVisible(running);
  cancel_->setVisible(running);
  start_->setEnabled(!running && canStart_);
}

void ProfilePanel::setCanStart(bool can) {
  canStart_ = can;
  start_->setEnabled(!running_ && canStart_);
}

void ProfilePanel::begin() {
  setRunning(true);
  progress_->setRange(0, 0);
  status_->setStyleSheet({});
  status_->setText(tr("Profiling: loading the data…"));
}

void ProfilePanel::showProgress(qint64 step, qint64 steps) {
  progress_->setRange(0, static_cast<int>(steps));
  progress_->setValue(static_cast<int>(step));
  status_->setText(tr("Profiling: step %1 of %2").arg(step).arg(steps));
}

void ProfilePanel::clear(const QString& why) {
  setRunning(false);
  model_->removeRows(0, model_->rowCount());
  status_->setStyleSheet({});
  status_->setText(why);
}

void ProfilePanel::addRow(const QList<QVariant>& values, const QString& blockId) {
  QList<QStandardItem*> row;
  for (int column = 0; column < ColumnCount; ++column) {
    const QVariant& value = values.value(column);
    auto* item = new QStandardItem;
    if (value.typeId() == QMetaType::Double) {
      const double number = value.toDouble();
      const int decimals = column == Kept || column == Estimated || column == Share ? 2 : 3;
      item->setText(column == Throughput && number <= 0 ? QStringLiteral("–")
                    : column == Throughput              ? QString::number(number, 'f', 1)
                                                        : QString::number(number, 'f', decimals));
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    } else {
      item->setText(value.toString());
    }
    item->setData(value, kProfileSortRole);
    row << item;
  }
  row[Block]->setData(blockId, kProfileBlockIdRole);
  model_->appendRow(row);
}

void ProfilePanel::showProfile(const StepProfile& profile) {
  setRunning(false);
  model_->removeRows(0, model_->rowCount());
  if (profile.error) {
    status_->setStyleSheet(QStringLiteral("QLabel { color: #b00020; }"));
    status_->setText(
        tr("The profiler stopped: %1").arg(QString::fromStdString(profile.error->describe())));
    return;
  }
  status_->setStyleSheet({});
  if (profile.cancelled) {
    status_->setText(tr("Profiling cancelled."));
    return;
  }
  table_->setSortingEnabled(false);
  for (const BlockProfile& b : profile.blocks) {
    const QString id = QString::fromStdString(b.block_id);
    addRow(
        {id, QString::fromStdString(b.type), b.forward_ms, b.backward_ms, profileMib(b.kept_bytes),
         profileMib(b.estimated_kept_bytes), b.flops_per_second / 1e9, 100 * b.share},
        id);
  }
  for (const StageProfile& s : profile.stages) {
    addRow({profileStageName(s.kind), QStringLiteral("—"), s.ms, 0.0, 0.0, 0.0, 0.0, 100 * s.share},
           {});
  }
  table_->setSortingEnabled(true);
  table_->sortByColumn(Share, Qt::DescendingOrder);
  const BlockProfile* hottest = profile.hottest();
  status_->setText(
      tr("A step takes %1 ms (batch %2 on %3, %4; mean of %5 steps, %6). Hottest block: %7, "
         "%8% of the step.")
          .arg(profile.step_ms, 0, 'f', 2)
          .arg(profile.batch_size)
          .arg(QString::fromStdString(profile.device), QString::fromStdString(profile.precision))
          .arg(profile.steps)
          .arg(profile.timer == "CUDA events" ? tr("CUDA events") : tr("host clock"))
          .arg(hottest ? QString::fromStdString(hottest->block_id) : QStringLiteral("–"))
          .arg(hottest ? 100 * hottest->share : 0.0, 0, 'f', 1));
}

}  // namespace convstudio
