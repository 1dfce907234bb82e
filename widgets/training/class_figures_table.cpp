#include "class_figures_table.h"

#include <QHeaderView>

#include "convstudio/runs/class_report.h"

namespace convstudio {
namespace {

// Sorts by the number in Qt::UserRole rather than by the text ("100.0%" after "99.0%").
class FigureItem : public QTableWidgetItem {
 public:
  FigureItem(double value, const QString& text) : QTableWidgetItem(text) {
    setData(Qt::UserRole, value);
  }
  bool operator<(const QTableWidgetItem& other) const override {
    return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
  }
};

QTableWidgetItem* figureItem(double value, const QString& text) {
  auto* item = new FigureItem(value, text);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return item;
}

QString percent(double share) {
  return QStringLiteral("%1%").arg(share * 100, 0, 'f', 1);
}

}  // namespace

ClassFiguresTable::ClassFiguresTable(QWidget* parent) : QTableWidget(0, kColumns, parent) {
  setObjectName(QStringLiteral("classFigures"));
  setHorizontalHeaderLabels({tr("Class"), tr("Precision"), tr("Recall"), tr("F1"), tr("Images")});
  horizontalHeaderItem(kPrecision)
      ->setToolTip(tr("Of the images predicted as this class, the share that are"));
  horizontalHeaderItem(kRecall)->setToolTip(tr("Of this class's images, the share found"));
  horizontalHeaderItem(kF1)->setToolTip(tr("The harmonic mean of precision and recall"));
  horizontalHeaderItem(kSupport)->setToolTip(tr("This class's images in the validation split"));
  verticalHeader()->setVisible(false);
  // Fitted once per epoch (showEpoch), not per cell: with ResizeToContents every setItem
  // measured the whole column's text again, a third of the UI thread's time while training.
  horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  horizontalHeader()->setSortIndicator(kClass, Qt::AscendingOrder);  // class order at first
  setSortingEnabled(true);
  setMinimumWidth(220);
}

void ClassFiguresTable::clear() {
  setRowCount(0);
  averages_.clear();
  setToolTip(QString());
}

void ClassFiguresTable::showEpoch(const EpochMetrics& epoch) {
  const ClassReport report = class_report(epoch.confusion);
  setSortingEnabled(false);  // rows filled in class order, then sorted as the user asked
  setUpdatesEnabled(false);
  setRowCount(static_cast<int>(report.classes.size()));
  for (int c = 0; c < rowCount(); ++c) {
    const ClassFigures& f = report.classes[static_cast<std::size_t>(c)];
    const QString name =
        c < static_cast<int>(epoch.class_names.size())
            ? QString::fromStdString(epoch.class_names[static_cast<std::size_t>(c)])
            : QString::number(c);
    setItem(c, kClass, new FigureItem(c, name));  // sorted in class order, as the matrix lists
    setItem(c, kPrecision, figureItem(f.precision, percent(f.precision)));
    setItem(c, kRecall, figureItem(f.recall, percent(f.recall)));
    setItem(c, kF1, figureItem(f.f1, QString::number(f.f1, 'f', 3)));
    setItem(c, kSupport, figureItem(static_cast<double>(f.support), QString::number(f.support)));
  }
  setSortingEnabled(true);
  resizeColumnsToContents();
  setUpdatesEnabled(true);
  averages_ = tr("Macro-F1 %1 · balanced accuracy %2")
                  .arg(QString::number(report.macro_f1, 'f', 3), percent(report.balanced_accuracy));
  setToolTip(averages_);
}

}  // namespace convstudio
