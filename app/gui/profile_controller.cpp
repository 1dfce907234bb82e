#include "profile_controller.h"

#include <QEvent>

#include <algorithm>

#include "builder/block_item.h"
#include "builder/builder_canvas.h"
#include "builder/builder_scene.h"
#include "builder/builder_view.h"
#include "builder/graph_document.h"
#include "builder/profile_legend.h"
#include "builder/summary_bar.h"
#include "training/profile_panel.h"
#include "tuning_actions.h"

namespace convstudio {

ProfileController::ProfileController(GraphDocument* document, BuilderCanvas* canvas,
                                     TuningActions* tuning, QObject* parent)
    : QObject(parent), document_(document), canvas_(canvas), tuning_(tuning) {
  panel_ = new ProfilePanel;
  legend_ = new ProfileLegend(canvas_->view()->viewport());
  legend_->hide();
  canvas_->view()->viewport()->installEventFilter(this);

  connect(panel_, &ProfilePanel::profileRequested, tuning_->profileAction(), &QAction::trigger);
  connect(panel_, &ProfilePanel::cancelRequested, tuning_, &TuningActions::cancel);
  connect(panel_, &ProfilePanel::colouringChanged, this, &ProfileController::paintCanvas);
  connect(panel_, &ProfilePanel::blockActivated, canvas_, &BuilderCanvas::focusBlock);
  connect(tuning_->profileAction(), &QAction::changed, panel_,
          [this] { panel_->setCanStart(tuning_->profileAction()->isEnabled()); });
  panel_->setCanStart(tuning_->profileAction()->isEnabled());
  connect(tuning_, &TuningActions::profileStarted, this, [this] {
    running_ = true;
    changedWhileRunning_ = false;
    panel_->begin();
  });
  connect(tuning_, &TuningActions::profileStep, panel_, &ProfilePanel::showProgress);
  connect(tuning_, &TuningActions::profileFinished, this, [this](const StepProfile& profile) {
    running_ = false;
    if (changedWhileRunning_) {
      clear(tr("The graph changed while it was profiled: profile it again."));
      return;
    }
    showProfile(profile);
  });
  // What changes the network (not where its blocks sit) makes the figures stale.
  connect(document_, &GraphDocument::blockAdded, this, &ProfileController::graphChanged);
  connect(document_, &GraphDocument::blockRemoved, this, &ProfileController::graphChanged);
  connect(document_, &GraphDocument::blockChanged, this, &ProfileController::graphChanged);
  connect(document_, &GraphDocument::connectionAdded, this, &ProfileController::graphChanged);
  connect(document_, &GraphDocument::connectionRemoved, this, &ProfileController::graphChanged);
  connect(document_, &GraphDocument::modelReset, this, &ProfileController::graphChanged);
}

void ProfileController::graphChanged() {
  if (running_) changedWhileRunning_ = true;
  if (hasFigures()) clear(tr("The graph changed since it was profiled: profile it again."));
}

void ProfileController::showProfile(const StepProfile& profile) {
  panel_->showProfile(profile);
  shares_.clear();
  labels_.clear();
  const BlockProfile* hottest = profile.hottest();
  if (profile.error || profile.cancelled || hottest == nullptr) {
    paintCanvas();
    canvas_->summaryBar()->setProfileNote({});
    canvas_->summaryBar()->setMeasuredMemory(0, 0);
    return;
  }
  for (const BlockProfile& block : profile.blocks) {
    const QString id = QString::fromStdString(block.block_id);
    shares_.insert(id, block.share);
    labels_.insert(
        id, tr("%1% · %2 ms").arg(100 * block.share, 0, 'f', 1).arg(block.total_ms(), 0, 'f', 2));
  }
  canvas_->summaryBar()->setMeasuredMemory(profile.peak_bytes,
                                           profile.peak_bytes_without_recompute);
  canvas_->summaryBar()->setProfileNote(tr("Profiled: hottest block %1 (%2% of a %3 ms step)")
                                            .arg(QString::fromStdString(hottest->block_id))
                                            .arg(100 * hottest->share, 0, 'f', 1)
                                            .arg(profile.step_ms, 0, 'f', 1));
  paintCanvas();
}

void ProfileController::clear(const QString& why) {
  shares_.clear();
  labels_.clear();
  panel_->clear(why);
  canvas_->summaryBar()->setProfileNote({});
  canvas_->summaryBar()->setMeasuredMemory(0, 0);
  paintCanvas();
}

void ProfileController::paintCanvas() {
  const bool show = panel_->colouring() && hasFigures();
  double largest = 0;
  for (double share : std::as_const(shares_)) largest = std::max(largest, share);
  BuilderScene* scene = canvas_->scene();
  for (const Block& block : document_->graph().blocks()) {
    const QString id = QString::fromStdString(block.id);
    BlockItem* item = scene->blockItem(id);
    if (item == nullptr) continue;
    if (!show || !shares_.contains(id)) {
      item->setHeat(std::nullopt);
      continue;
    }
    const double fraction = largest > 0 ? shares_.value(id) / largest : 0;
    item->setHeat(BlockItem::Heat{ProfileLegend::colourFor(fraction), labels_.value(id)});
  }
  legend_->setLargestShare(largest);
  legend_->setVisible(show);
  placeLegend();
}

void ProfileController::placeLegend() {
  legend_->resize(legend_->sizeHint());
  const QWidget* viewport = canvas_->view()->viewport();
  legend_->move(8, viewport->height() - legend_->height() - 8);
  legend_->raise();
}

bool ProfileController::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::Resize && legend_->isVisible()) placeLegend();
  return QObject::eventFilter(watched, event);
}

}  // namespace convstudio
