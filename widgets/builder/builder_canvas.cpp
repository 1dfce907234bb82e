#include "builder_canvas.h"

#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QVBoxLayout>

#include <cmath>

#include "block_item.h"
#include "builder_scene.h"
#include "builder_view.h"
#include "convstudio/model/layer_catalog.h"
#include "graph_document.h"
#include "graph_fragment.h"
#include "summary_bar.h"

namespace convstudio {
namespace {

// Room kept around a block: its ports and selection outline stay clear of its neighbours'
// (BlockItem::boundingRect reaches 8 px past the block), and a row keeps the template's 90 px
// pitch free for a block below.
constexpr qreal kClearanceX = 40;
constexpr qreal kClearanceY = 20;

bool covers(const Block& block, QPointF at) {
  return std::abs(block.x - at.x()) < BlockItem::kWidth + kClearanceX &&
         std::abs(block.y - at.y()) < BlockItem::kHeight + kClearanceY;
}

// `wanted` when no block is there, else the nearest free place to its right in the same row:
// a block appended below one whose next row is taken (by the Output block, say) starts a column
// beside it instead of hiding what is there.
QPointF freeSpot(const Graph& graph, QPointF wanted) {
  const auto taken = [&](QPointF at) {
    return std::any_of(graph.blocks().begin(), graph.blocks().end(),
                       [&](const Block& block) { return covers(block, at); });
  };
  while (taken(wanted)) wanted.rx() += BlockItem::kWidth + kClearanceX;
  return wanted;
}

}  // namespace

BuilderCanvas::BuilderCanvas(GraphDocument* document, QWidget* parent)
    : QWidget(parent),
      document_(document),
      scene_(new BuilderScene(document, this)),
      view_(new BuilderView(scene_, this)),
      summary_(new SummaryBar(document, this)) {
  setObjectName(QStringLiteral("builderCanvas"));
  view_->setObjectName(QStringLiteral("builderView"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(view_, 1);
  layout->addWidget(summary_);
}

void BuilderCanvas::cut() {
  copy();
  deleteSelection();
}

void BuilderCanvas::copy() {
  const QStringList ids = scene_->selectedBlockIds();
  if (ids.isEmpty()) return;
  auto* data = new QMimeData;
  data->setData(GraphFragment::mimeType(),
                GraphFragment::toJson(GraphFragment::extract(document_->graph(), ids)));
  QApplication::clipboard()->setMimeData(data);
  pasteCount_ = 0;
}

void BuilderCanvas::paste() {
  const QMimeData* data = QApplication::clipboard()->mimeData();
  if (data == nullptr || !data->hasFormat(GraphFragment::mimeType())) return;
  ++pasteCount_;
  const QStringList ids =
      document_->paste(data->data(GraphFragment::mimeType()), QPointF(30, 30) * pasteCount_);
  scene_->selectBlocks(ids);
}

void BuilderCanvas::duplicate() {
  const QStringList ids = scene_->selectedBlockIds();
  if (ids.isEmpty()) return;
  const QStringList copies = document_->paste(
      GraphFragment::toJson(GraphFragment::extract(document_->graph(), ids)), QPointF(30, 30));
  scene_->selectBlocks(copies);
}

void BuilderCanvas::deleteSelection() {
  const QStringList ids = scene_->selectedBlockIds();
  const std::vector<Connection> wires = scene_->selectedConnections();
  if (ids.isEmpty() && wires.empty()) return;
  document_->deleteSelection(ids, wires);
}

void BuilderCanvas::selectAll() {
  for (QGraphicsItem* item : scene_->items()) item->setSelected(true);
}

void BuilderCanvas::freezeBeforeSelection() {
  const QStringList ids = scene_->selectedBlockIds();
  if (ids.size() == 1) document_->freezeBefore(ids.front());
}

void BuilderCanvas::toggleTrainable() {
  const QStringList ids = scene_->selectedBlockIds();
  if (ids.isEmpty()) return;
  const Block* first = document_->graph().find_block(ids.front().toStdString());
  document_->setTrainable(ids, first != nullptr && !first->trainable);
}

void BuilderCanvas::toggleRecomputeAsOneSegment() {
  QStringList ids;
  for (const QString& id : scene_->selectedBlockIds()) {
    // The Input block is the batch itself: nothing to recompute it from.
    const BlockAnalysis* analysis = document_->analysis().find(id.toStdString());
    if (analysis == nullptr || !analysis->input_shapes.empty()) ids << id;
  }
  if (ids.isEmpty()) return;
  const Block* first = document_->graph().find_block(ids.front().toStdString());
  if (first == nullptr) return;
  const std::string group = first->recompute ? first->recompute_group : std::string();
  const bool together =
      !group.empty() && std::all_of(ids.begin(), ids.end(), [&](const QString& id) {
        const Block* block = document_->graph().find_block(id.toStdString());
        return block != nullptr && block->recompute && block->recompute_group == group;
      });
  if (together) {
    document_->setRecompute(ids, false);
  } else {
    document_->setRecompute(ids, true,
                            QString::fromStdString(document_->graph().unused_recompute_group()));
  }
}

void BuilderCanvas::autoLayout() {
  document_->autoLayout();
  view_->fitToView();
}

void BuilderCanvas::addBlock(const QString& type) {
  const QStringList selected = scene_->selectedBlockIds();
  const Block* anchor = selected.size() == 1
                            ? document_->graph().find_block(selected.front().toStdString())
                            : nullptr;
  QPointF at = view_->mapToScene(view_->viewport()->rect().center()) -
               QPointF(BlockItem::kWidth / 2, BlockItem::kHeight / 2);
  // Copied: adding a block may move the graph's block list.
  const std::string anchorId = anchor ? anchor->id : std::string();
  if (anchor != nullptr) at = QPointF(anchor->x, anchor->y + 90);
  at = QPointF(std::round(at.x() / BlockItem::kGrid) * BlockItem::kGrid,
               std::round(at.y() / BlockItem::kGrid) * BlockItem::kGrid);
  at = freeSpot(document_->graph(), at);
  // The add and the wire are two undo steps, like doing it by hand.
  const QString id = document_->addBlock(type, at);
  if (id.isEmpty()) return;
  if (!anchorId.empty()) {
    const BlockSpec* spec = LayerCatalog::instance().find(type.toStdString());
    if (spec != nullptr && spec->max_inputs > 0) {
      document_->connectBlocks({anchorId, id.toStdString(), 0});
    }
  }
  scene_->selectBlocks({id});
  view_->centerOnBlock(id);
}

void BuilderCanvas::focusBlock(const QString& id) {
  view_->centerOnBlock(id);
}

}  // namespace convstudio
