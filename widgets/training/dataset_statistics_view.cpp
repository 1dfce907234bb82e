#include "dataset_statistics_view.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

// The training charts' colours (safe for the common colour-vision deficiencies).
const QColor kTrainColour(0, 114, 178);
const QColor kValidationColour(230, 159, 0);
constexpr int kBarRowPixels = 22;  // one class: its two bars and its name
constexpr int kChartMargin = 90;   // the axis, its numbers and the legend

QString sizeText(const ImageSizeCount& size) {
  return QStringLiteral("%1×%2").arg(size.width).arg(size.height);
}

QCPBars* addBars(QCustomPlot* chart, const QString& name, const QColor& colour) {
  // Classes down the left, counts along the bottom: long class names stay readable.
  auto* bars = new QCPBars(chart->yAxis, chart->xAxis);
  bars->setName(name);
  bars->setPen(Qt::NoPen);
  bars->setBrush(colour);
  bars->setWidth(0.4);
  return bars;
}

}  // namespace

DatasetStatisticsView::DatasetStatisticsView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("datasetStatistics"));
  warning_ = new QLabel(this);
  warning_->setObjectName(QStringLiteral("imbalanceWarning"));
  warning_->setWordWrap(true);
  warning_->setStyleSheet(QStringLiteral(
      "QLabel { background: #fff4e0; color: #6b3d00; border: 1px solid #d08000; padding: 4px; }"));
  chart_ = new QCustomPlot(this);
  chart_->setObjectName(QStringLiteral("classCountsChart"));
  // The legend in a row of its own above the bars, which may reach any corner.
  chart_->legend->setVisible(true);
  chart_->legend->setFont(font());
  chart_->legend->setBorderPen(Qt::NoPen);
  chart_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  chart_->plotLayout()->insertRow(0);
  chart_->plotLayout()->addElement(0, 0, chart_->legend);
  chart_->plotLayout()->setRowStretchFactor(0, 0.001);
  chart_->xAxis->setLabel(tr("images"));  // segmentation: images that show the class
  chart_->yAxis->setRangeReversed(true);  // the first class on top, as the lists read
  chart_->yAxis->setTickLabelFont(font());
  chart_->xAxis->setTickLabelFont(font());
  sizes_ = new QLabel(this);
  sizes_->setObjectName(QStringLiteral("imageSizes"));
  sizes_->setWordWrap(true);
  pixelShares_ = new QLabel(this);
  pixelShares_->setObjectName(QStringLiteral("pixelShares"));
  pixelShares_->setWordWrap(true);
  pixelShares_->setTextFormat(Qt::RichText);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(warning_);
  layout->addWidget(chart_);
  layout->addWidget(pixelShares_);
  layout->addWidget(sizes_);
  clear();
}

void DatasetStatisticsView::clear() {
  warning_->hide();
  chart_->clearPlottables();
  delete barsGroup_;  // its bars went with the plottables
  barsGroup_ = nullptr;
  chart_->hide();
  sizes_->clear();
  sizes_->hide();
  pixelShares_->clear();
  pixelShares_->hide();
}

void DatasetStatisticsView::showStatistics(const DatasetStatistics& statistics) {
  clear();
  if (statistics.class_names.empty()) return;
  if (statistics.imbalance) {
    warning_->setText(imbalanceText(statistics));
    warning_->show();
  }
  drawCounts(statistics);
  if (!statistics.train_pixels.empty()) {
    pixelShares_->setText(describePixelShares(statistics));
    pixelShares_->show();
  }
  sizes_->setText(describeSizes(statistics.sizes));
  sizes_->show();
}

QString DatasetStatisticsView::describePixelShares(const DatasetStatistics& statistics) const {
  const QLocale locale;
  QStringList rows;
  for (std::size_t c = 0; c < statistics.class_names.size(); ++c) {
    const ClassColour colour = c < statistics.class_colours.size()
                                   ? statistics.class_colours[c]
                                   : default_class_colour(static_cast<std::int64_t>(c));
    const QString patch = QStringLiteral("<span style=\"color:%1\">\u25A0</span>")
                              .arg(QColor(colour[0], colour[1], colour[2]).name());
    rows << tr("%1 %2: %3 % · %4 %")
                .arg(patch, QString::fromStdString(statistics.class_names[c]).toHtmlEscaped(),
                     locale.toString(100.0 * pixel_share(statistics.train_pixels, c), 'f', 1),
                     locale.toString(100.0 * pixel_share(statistics.validation_pixels, c), 'f', 1));
  }
  return tr("Share of the labelled pixels per class (training · validation):") +
         QStringLiteral("<br>") + rows.join(QStringLiteral("<br>"));
}

QString DatasetStatisticsView::pixelSharesText() const {
  return pixelShares_->isHidden() ? QString() : pixelShares_->text();
}

void DatasetStatisticsView::drawCounts(const DatasetStatistics& statistics) {
  const int classes = static_cast<int>(statistics.class_names.size());
  const int charted = std::min(classes, kClassesCharted);
  QCPBars* train = addBars(chart_, tr("training"), kTrainColour);
  QCPBars* validation = addBars(chart_, tr("validation"), kValidationColour);
  barsGroup_ = new QCPBarsGroup(chart_);
  barsGroup_->append(train);
  barsGroup_->append(validation);
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  double most = 1;
  for (int c = 0; c < charted; ++c) {
    const auto k = static_cast<std::size_t>(c);
    train->addData(c, static_cast<double>(statistics.train_counts[k]));
    validation->addData(c, static_cast<double>(statistics.validation_counts[k]));
    most = std::max({most, static_cast<double>(statistics.train_counts[k]),
                     static_cast<double>(statistics.validation_counts[k])});
    ticker->addTick(c, QString::fromStdString(statistics.class_names[k]));
  }
  chart_->yAxis->setTicker(ticker);
  chart_->yAxis->setRange(-0.6, charted - 0.4);
  chart_->xAxis->setRange(0, most * 1.08);
  chart_->setFixedHeight(charted * kBarRowPixels + kChartMargin);
  chart_->replot();
  chart_->show();
  if (classes > charted) {
    sizes_->setText(tr("The chart shows the first %1 of %2 classes.").arg(charted).arg(classes));
  }
}

QString DatasetStatisticsView::imbalanceText(const DatasetStatistics& statistics) const {
  const ClassImbalance& imbalance = *statistics.imbalance;
  const QLocale locale;
  const QString largest = QString::fromStdString(statistics.class_names[imbalance.largest]);
  const QString smallest = QString::fromStdString(statistics.class_names[imbalance.smallest]);
  const QString facts =
      std::isfinite(imbalance.ratio)
          ? tr("Imbalanced classes: \"%1\" has %2 training images, %3 times the %4 of \"%5\" "
               "(more than %6:1).")
                .arg(largest, locale.toString(imbalance.largest_images),
                     locale.toString(imbalance.ratio, 'f', 1),
                     locale.toString(imbalance.smallest_images), smallest)
                .arg(static_cast<int>(kImbalanceRatio))
          : tr("Imbalanced classes: \"%1\" has %2 training images and \"%3\" has none.")
                .arg(largest, locale.toString(imbalance.largest_images), smallest);
  // True whichever remedy the project has: both are training settings.
  return facts + QLatin1Char(' ') +
         tr("Accuracy will hide the rare classes; weight the classes (class weights: balanced) "
            "or draw them equally with the balanced sampler.");
}

QString DatasetStatisticsView::describeSizes(const ImageSizeStatistics& sizes) const {
  const QLocale locale;
  QString text = sizes_->text();  // the chart's note, when it has one
  if (!text.isEmpty()) text += QLatin1Char('\n');
  if (sizes.most_common.empty()) return text + tr("The image sizes could not be read.");
  if (sizes.smallest.width == sizes.largest.width &&
      sizes.smallest.height == sizes.largest.height) {
    text += tr("Every image is %1.").arg(sizeText(sizes.smallest));
  } else {
    QStringList common;
    for (const ImageSizeCount& size : sizes.most_common) {
      common << tr("%1 (%2)").arg(sizeText(size), locale.toString(size.images));
    }
    text += tr("Image sizes from %1 to %2, median %3; most common: %4.")
                .arg(sizeText(sizes.smallest), sizeText(sizes.largest), sizeText(sizes.median),
                     common.join(QStringLiteral(", ")));
  }
  text +=
      QLatin1Char(' ') +
      tr("Grey: %1, colour: %2.").arg(locale.toString(sizes.grey), locale.toString(sizes.colour));
  if (sizes.examined < sizes.images) {
    text +=
        QLatin1Char(' ') + tr("(From a sample of %1 of the %2 images.)")
                               .arg(locale.toString(sizes.examined), locale.toString(sizes.images));
  }
  return text;
}

bool DatasetStatisticsView::warningShown() const {
  return !warning_->isHidden();
}

QString DatasetStatisticsView::warningText() const {
  return warningShown() ? warning_->text() : QString();
}

QString DatasetStatisticsView::sizesText() const {
  return sizes_->isHidden() ? QString() : sizes_->text();
}

}  // namespace convstudio
