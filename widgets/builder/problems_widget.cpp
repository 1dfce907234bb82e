#include "problems_widget.h"

#include <QHeaderView>

#include "graph_document.h"

namespace convstudio {
namespace {

constexpr int kSettingRole = Qt::UserRole + 1;  // a setting's place, on a setting's row

}  // namespace

ProblemsWidget::ProblemsWidget(GraphDocument* document, QWidget* parent)
    : QTreeWidget(parent), document_(document) {
  setColumnCount(2);
  setHeaderLabels({tr("Block"), tr("Problem")});
  setRootIsDecorated(false);
  setAlternatingRowColors(true);
  setWordWrap(true);
  header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  header()->setStretchLastSection(true);
  connect(document_, &GraphDocument::analysisChanged, this, [this] {
    const QString ended = refusal_;
    refusal_.clear();
    refresh();
    if (!ended.isEmpty()) emit refusalEnded(ended);
  });
  auto activate = [this](QTreeWidgetItem* item) {
    const QString id = item->data(0, Qt::UserRole).toString();
    const QString setting = item->data(0, kSettingRole).toString();
    if (!setting.isEmpty()) {
      emit settingActivated(setting);
    } else if (!id.isEmpty()) {
      emit blockActivated(id);
    }
  };
  connect(this, &QTreeWidget::itemClicked, this, activate);
  connect(this, &QTreeWidget::itemActivated, this, activate);
  refresh();
}

void ProblemsWidget::showRefusedWire(const QString& blockId, const QString& reason) {
  refusedAt_ = blockId;
  refusal_ = reason;
  refresh();
}

void ProblemsWidget::setSettingsProblems(const std::vector<SettingsProblem>& problems) {
  settingErrors_.clear();
  for (const SettingsProblem& p : problems) {
    // Warnings stay under their fields: only what keeps Train disabled is a problem here.
    if (p.severity != SettingsProblem::Severity::Error) continue;
    settingErrors_.emplace_back(QString::fromStdString(p.setting), p.message);
  }
  refresh();
}

void ProblemsWidget::refresh() {
  const auto& errors = document_->analysis().errors;
  const QString refusal =
      refusal_.isEmpty() ? QString() : refusedAt_ + QLatin1Char('\n') + refusal_;
  if (shownErrors_ == errors && shownRefusal_ == refusal && shownSettingErrors_ == settingErrors_) {
    return;
  }
  shownErrors_ = errors;
  shownRefusal_ = refusal;
  shownSettingErrors_ = settingErrors_;
  clear();
  if (!refusal_.isEmpty()) {
    auto* item = new QTreeWidgetItem(this, {refusedAt_, tr("Wire refused: %1").arg(refusal_)});
    item->setData(0, Qt::UserRole, refusedAt_);
    item->setToolTip(1, refusal_);
    item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxInformation));
  }
  for (const Error& e : errors) {
    const QString id = QString::fromStdString(e.block_id);
    // The messages come from the engine (English), naming the block type first.
    auto* item = new QTreeWidgetItem(
        this, {id.isEmpty() ? tr("(model)") : id, QString::fromStdString(e.message)});
    item->setData(0, Qt::UserRole, id);
    item->setToolTip(1, QString::fromStdString(e.message));
    item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
  }
  for (const auto& [setting, message] : settingErrors_) {
    auto* item = new QTreeWidgetItem(this, {tr("Training settings"), message});
    item->setData(0, kSettingRole, setting);
    item->setToolTip(0, setting);
    item->setToolTip(1, message);
    item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
  }
  // The count is the rows just listed, so the dock's title and its list always agree.
  const int count = topLevelItemCount();
  if (count == 0) {
    auto* item =
        new QTreeWidgetItem(this, {QString(), tr("No problems: every block has a shape.")});
    item->setIcon(0, style()->standardIcon(QStyle::SP_DialogApplyButton));
    item->setForeground(1, palette().brush(QPalette::PlaceholderText));
  }
  emit problemCountChanged(count);
}

}  // namespace convstudio
