#include "follow_badge.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace convstudio {
namespace {

constexpr int kMaxTextWidth = 260;  // pixels

}  // namespace

FollowBadge::FollowBadge(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("followBadge"));
  label_ = new QLabel(this);
  label_->setObjectName(QStringLiteral("followBadgeText"));
  label_->setTextFormat(Qt::PlainText);
  stop_ = new QToolButton(this);
  stop_->setObjectName(QStringLiteral("stopFollowing"));
  stop_->setText(tr("Stop Following"));
  stop_->setToolTip(tr("Stop reading this run folder; the charts keep what they show"));
  stop_->setAutoRaise(true);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  // The button first: a long run name may run past the dock's edge, the button never does.
  layout->addWidget(stop_);
  layout->addWidget(label_);
  layout->addStretch();
  connect(stop_, &QToolButton::clicked, this, &FollowBadge::stopRequested);
  setLook(Look::Live);
}

QString FollowBadge::lagText(double seconds) {
  if (seconds < 10) return tr("%1 s").arg(std::max(0.0, seconds), 0, 'f', 1);
  if (seconds < 120) return tr("%1 s").arg(std::lround(seconds));
  return tr("%1 min").arg(std::lround(seconds / 60));
}

void FollowBadge::showFollowing(const QString& run, std::optional<double> lagSeconds) {
  setLook(Look::Live);
  setText(lagSeconds ? tr("Following %1 · last line %2 ago").arg(run, lagText(*lagSeconds))
                     : tr("Following %1 · no metrics yet").arg(run));
  setToolTip(
      tr("The charts follow this run folder as its run writes it; the lag is the time "
         "since its metrics file was last written"));
}

void FollowBadge::showEnded(const QString& run, const QString& outcome, const QDateTime& when) {
  setLook(Look::Ended);
  setText(tr("Followed %1 · %2 at %3")
              .arg(run, outcome, QLocale().toString(when.time(), QLocale::ShortFormat)));
}

void FollowBadge::showUnreachable(const QString& run, const QString& problem) {
  setLook(Look::Trouble);
  setText(tr("Following %1 · cannot read the folder").arg(run));
  setToolTip(problem);
}

void FollowBadge::showReconnecting(const QString& run, const QString& problem) {
  setLook(Look::Trouble);
  setText(tr("Following %1 · reconnecting…").arg(run));
  setToolTip(problem);
}

void FollowBadge::setText(const QString& text) {
  text_ = text;
  // With its button, the badge fits the Charts dock of a 1280-pixel screen (issue 32): a long
  // run name ends in "…", the whole text on hover.
  label_->ensurePolished();  // the style sheet's bold font measures the text
  const QString shown = label_->fontMetrics().elidedText(text, Qt::ElideRight, kMaxTextWidth);
  label_->setText(shown);
  label_->setToolTip(shown == text ? QString() : text);
}

QString FollowBadge::text() const {
  return text_;
}

void FollowBadge::setLook(Look look) {
  // A pill in the colour of the state: live green, ended grey, trouble amber.
  const char* colour = look == Look::Live ? "#2e7d32" : look == Look::Ended ? "#616161" : "#b26a00";
  label_->setStyleSheet(QStringLiteral("QLabel { color: white; background: %1; border-radius: 8px; "
                                       "padding: 1px 8px; font-weight: bold; }")
                            .arg(QLatin1String(colour)));
}

}  // namespace convstudio
