#include "profile_legend.h"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace convstudio {
namespace {

// Sequential, readable under black text at every step (a heat map's usual yellow–red ramp).
const QColor kLegendCool(0xff, 0xf4, 0xc2);
const QColor kLegendWarm(0xf7, 0xa0, 0x45);
const QColor kLegendHot(0xd7, 0x30, 0x27);

QColor legendBetween(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                          static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                          static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

constexpr int kLegendBarWidth = 140;
constexpr int kLegendBarHeight = 10;
constexpr int kLegendMargin = 6;

}  // namespace

ProfileLegend::ProfileLegend(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("profileLegend"));
  setAttribute(Qt::WA_TransparentForMouseEvents);
}

QColor ProfileLegend::colourFor(double fraction) {
  const double t = std::clamp(fraction, 0.0, 1.0);
  return t < 0.5 ? legendBetween(kLegendCool, kLegendWarm, t * 2)
                 : legendBetween(kLegendWarm, kLegendHot, (t - 0.5) * 2);
}

void ProfileLegend::setLargestShare(double share) {
  largest_ = share;
  update();
}

QSize ProfileLegend::sizeHint() const {
  const QFontMetrics fm(font());
  return {kLegendBarWidth + 2 * kLegendMargin,
          2 * fm.height() + kLegendBarHeight + 3 * kLegendMargin};
}

void ProfileLegend::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(QColor(0, 0, 0, 60));
  painter.setBrush(QColor(255, 255, 255, 230));
  painter.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 4, 4);
  const QFontMetrics fm(font());
  painter.setPen(QColor(0x20, 0x20, 0x20));
  painter.drawText(QRect(kLegendMargin, kLegendMargin, kLegendBarWidth, fm.height()), Qt::AlignLeft,
                   tr("Share of a training step"));
  const QRect bar(kLegendMargin, kLegendMargin * 2 + fm.height(), kLegendBarWidth,
                  kLegendBarHeight);
  QLinearGradient gradient(bar.topLeft(), bar.topRight());
  for (double t : {0.0, 0.25, 0.5, 0.75, 1.0}) gradient.setColorAt(t, colourFor(t));
  painter.setPen(Qt::NoPen);
  painter.setBrush(gradient);
  painter.drawRect(bar);
  painter.setPen(QColor(0x20, 0x20, 0x20));
  const QRect labels(kLegendMargin, bar.bottom() + 2, kLegendBarWidth, fm.height());
  painter.drawText(labels, Qt::AlignLeft, QStringLiteral("0%"));
  painter.drawText(labels, Qt::AlignRight, QString::number(100 * largest_, 'f', 1) + u'%');
}

}  // namespace convstudio
