#include "study_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "convstudio/runs/study_trials.h"
#include "setting_text.h"

namespace convstudio {
namespace {

const QColor kPrunedGrey(150, 150, 150);
const QColor kStudyBlue(0, 114, 178);

QString studyScoreText(double score) {
  return QStringLiteral("%1%").arg(score * 100, 0, 'f', 1);
}

// The text of an axis's end: a choice's value, a number as the project file would take it.
QString spaceEndText(const StudySpace& space, double value) {
  return QString::fromStdString(study_value_text(space, value));
}

}  // namespace

StudyView::StudyView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("studyView"));
  summary_ = new QLabel(this);
  summary_->setObjectName(QStringLiteral("studySummary"));
  summary_->setWordWrap(true);
  applyBest_ = new QPushButton(tr("Apply Best Settings"), this);
  applyBest_->setObjectName(QStringLiteral("applyBestSettingsButton"));
  applyBest_->setToolTip(
      tr("Set the project's settings to the best trial's values (Edit > Undo restores them)"));
  connect(applyBest_, &QPushButton::clicked, this, &StudyView::applyBestRequested);

  coordinates_ = new QCustomPlot(this);
  coordinates_->setObjectName(QStringLiteral("studyCoordinates"));
  coordinates_->setMinimumSize(260, 160);
  coordinates_->yAxis->setRange(-0.14, 1.14);  // room for the axes' end values
  coordinates_->yAxis->setTicks(false);
  coordinates_->yAxis->setTickLabels(false);
  coordinates_->xAxis->grid()->setVisible(false);
  coordinates_->yAxis->grid()->setVisible(false);

  best_ = new QCustomPlot(this);
  best_->setObjectName(QStringLiteral("studyBestSoFar"));
  best_->setMinimumSize(200, 160);
  best_->xAxis->setLabel(tr("trial"));
  best_->yAxis->setLabel(tr("best val. accuracy (%)"));

  auto* splitter = new QSplitter(Qt::Horizontal, this);
  splitter->addWidget(coordinates_);
  splitter->addWidget(best_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  auto* top = new QHBoxLayout;
  top->addWidget(summary_, 1);
  top->addWidget(applyBest_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addLayout(top);
  layout->addWidget(splitter, 1);
  setStudy(std::nullopt);
}

double StudyView::axisPosition(const StudySpace& space, double value) {
  if (space.is_choice()) {
    const auto count = static_cast<double>(space.choices.size());
    return count > 1 ? value / (count - 1) : 0.5;
  }
  double low = space.low, high = space.high;
  if (space.is_log() && low > 0 && value > 0) {
    low = std::log(low);
    high = std::log(high);
    value = std::log(value);
  }
  return high > low ? std::clamp((value - low) / (high - low), 0.0, 1.0) : 0.5;
}

void StudyView::setStudy(const std::optional<StudyPlan>& study) {
  study_ = study;
  if (!study_) {
    summary_->setText(tr("No study yet: start one from Training > Sweep…, tab Search."));
  } else {
    int ended = 0, pruned = 0, refused = 0;
    for (const StudyTrial& trial : study_->drawn) {
      if (trial.state != StudyTrialState::Queued) ++ended;
      if (trial.state == StudyTrialState::Pruned) ++pruned;
      if (trial.state == StudyTrialState::Refused) ++refused;
    }
    QString text = tr("%1: %2 of %n trial(s) ended, %3 pruned, %4 refused", nullptr,
                      static_cast<int>(study_->trials))
                       .arg(QString::fromStdString(study_->id))
                       .arg(ended)
                       .arg(pruned)
                       .arg(refused);
    if (const auto best = best_study_trial(*study_)) {
      const StudyTrial& trial = study_->drawn[*best];
      text += QLatin1Char('\n') + tr("Best: trial %1 (%2), %3")
                                      .arg(*best + 1)
                                      .arg(QString::fromStdString(trial.label))
                                      .arg(studyScoreText(*trial.score));
    }
    summary_->setText(text);
  }
  applyBest_->setEnabled(study_ && best_study_trial(*study_).has_value());
  drawCoordinates();
  drawBestSoFar();
}

void StudyView::drawCoordinates() {
  QCustomPlot* plot = coordinates_;
  plot->clearPlottables();
  plot->clearItems();
  lines_ = 0;
  if (!study_) {
    plot->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const std::vector<StudySpace>& spaces = study_->spaces;
  const auto scoreAxis = static_cast<double>(spaces.size());
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  for (std::size_t i = 0; i < spaces.size(); ++i) {
    const QString name = settingLabel(spaces[i].setting);
    ticker->addTick(static_cast<double>(i), spaces[i].is_log() ? tr("%1 (log)").arg(name) : name);
  }
  ticker->addTick(scoreAxis, tr("best val. accuracy"));
  plot->xAxis->setTicker(ticker);
  plot->xAxis->setRange(-0.3, scoreAxis + 0.3);

  double low = 1, high = 0;
  for (const StudyTrial& trial : study_->drawn) {
    if (!trial.score) continue;
    low = std::min(low, *trial.score);
    high = std::max(high, *trial.score);
  }
  const auto scorePosition = [&](double score) {
    return high > low ? (score - low) / (high - low) : 0.5;
  };
  // The axes: a vertical line each, with the ends of its space written at its ends.
  const auto addText = [plot](double x, double y, const QString& text, Qt::Alignment align) {
    auto* label = new QCPItemText(plot);
    label->position->setCoords(x, y);
    label->setPositionAlignment(align | Qt::AlignHCenter);
    label->setText(text);
    label->setColor(QColor(90, 90, 90));
  };
  for (std::size_t i = 0; i <= spaces.size(); ++i) {
    auto* axis = new QCPItemLine(plot);
    axis->start->setCoords(static_cast<double>(i), 0);
    axis->end->setCoords(static_cast<double>(i), 1);
    axis->setPen(QPen(QColor(60, 60, 60)));
    if (i == spaces.size()) {
      if (high >= low) {
        addText(scoreAxis, 0, studyScoreText(low), Qt::AlignTop);
        addText(scoreAxis, 1, studyScoreText(high), Qt::AlignBottom);
      }
    } else {
      const StudySpace& space = spaces[i];
      const double first = space.is_choice() ? 0 : space.low;
      const double last =
          space.is_choice() ? static_cast<double>(space.choices.size()) - 1 : space.high;
      addText(static_cast<double>(i), 0, spaceEndText(space, first), Qt::AlignTop);
      addText(static_cast<double>(i), 1, spaceEndText(space, last), Qt::AlignBottom);
    }
  }
  QCPColorGradient gradient(QCPColorGradient::gpJet);  // color() is not const
  for (const StudyTrial& trial : study_->drawn) {
    if (!trial.score || trial.values.size() != spaces.size()) continue;  // refused, failed, queued
    auto* line = new QCPCurve(plot->xAxis, plot->yAxis);
    QVector<double> keys, values;
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      keys << static_cast<double>(i);
      values << axisPosition(spaces[i], trial.values[i]);
    }
    keys << scoreAxis;
    values << scorePosition(*trial.score);
    line->setData(keys, values);
    if (trial.state == StudyTrialState::Pruned) {
      line->setPen(QPen(kPrunedGrey, 1, Qt::DashLine));
    } else {
      const QCPRange range(low, std::max(high, low + 1e-9));
      line->setPen(QPen(QColor::fromRgb(gradient.color(*trial.score, range)), 2));
    }
    ++lines_;
  }
  plot->replot(QCustomPlot::rpQueuedReplot);
}

void StudyView::drawBestSoFar() {
  QCustomPlot* plot = best_;
  plot->clearGraphs();
  if (!study_) {
    plot->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  QCPGraph* best = plot->addGraph();
  best->setName(tr("best so far"));
  best->setPen(QPen(kStudyBlue, 2));
  best->setLineStyle(QCPGraph::lsStepLeft);
  QCPGraph* trained = plot->addGraph();
  trained->setName(tr("trial"));
  trained->setLineStyle(QCPGraph::lsNone);
  trained->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, kStudyBlue, 6));
  QCPGraph* pruned = plot->addGraph();
  pruned->setName(tr("pruned trial"));
  pruned->setLineStyle(QCPGraph::lsNone);
  pruned->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kPrunedGrey, 6));
  std::optional<double> sofar;
  for (std::size_t i = 0; i < study_->drawn.size(); ++i) {
    const StudyTrial& trial = study_->drawn[i];
    const auto number = static_cast<double>(i + 1);
    if (trial.score) {
      (trial.state == StudyTrialState::Pruned ? pruned : trained)
          ->addData(number, *trial.score * 100);
      sofar = std::max(sofar.value_or(*trial.score), *trial.score);
    }
    if (sofar && trial.state != StudyTrialState::Queued) best->addData(number, *sofar * 100);
  }
  plot->xAxis->setRange(0.5, std::max<double>(static_cast<double>(study_->trials), 1) + 0.5);
  plot->yAxis->rescale();
  const QCPRange range = plot->yAxis->range();
  plot->yAxis->setRange(range.lower - 2, range.upper + 2);
  plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace convstudio
