#include "builder_scene.h"

#include <QGraphicsPathItem>
#include <QGraphicsSceneDragDropEvent>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QMimeData>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "block_item.h"
#include "block_text.h"
#include "graph_document.h"
#include "wire_hint_item.h"
#include "wire_item.h"

namespace convstudio {

BuilderScene::BuilderScene(GraphDocument* document, QObject* parent)
    : QGraphicsScene(parent), document_(document) {
  setItemIndexMethod(NoIndex);  // a few hundred items that move often
  connect(document_, &GraphDocument::modelReset, this, &BuilderScene::rebuild);
  connect(document_, &GraphDocument::blockAdded, this, &BuilderScene::addBlockItem);
  connect(document_, &GraphDocument::blockRemoved, this, &BuilderScene::removeBlockItem);
  connect(document_, &GraphDocument::blockMoved, this, &BuilderScene::placeBlock);
  connect(document_, &GraphDocument::connectionAdded, this, &BuilderScene::addWireItem);
  connect(document_, &GraphDocument::connectionRemoved, this, &BuilderScene::removeWireItem);
  // Parameters and wires change shapes downstream, so every block is refreshed per analysis.
  connect(document_, &GraphDocument::analysisChanged, this, &BuilderScene::refreshAllBlocks);
  connect(this, &QGraphicsScene::selectionChanged, this,
          [this] { emit blockSelectionChanged(selectedBlockIds()); });
  rebuild();
  refreshAllBlocks();
}

BuilderScene::~BuilderScene() {
  blockSignals(true);
}

QString BuilderScene::blockMimeType() {
  return QStringLiteral("application/x-convstudio-block-type");
}

WireItem* BuilderScene::wireItem(const Connection& connection) const {
  auto it = wires_.find(connection);
  return it == wires_.end() ? nullptr : it->second;
}

QStringList BuilderScene::selectedBlockIds() const {
  // From the selected items, not from every block: the selection is reported on each change,
  // and selecting the 500 blocks of a paste one by one must not scan the whole graph each time.
  const Graph& graph = document_->graph();
  std::vector<std::pair<std::size_t, QString>> placed;
  for (QGraphicsItem* item : selectedItems()) {
    if (item->type() != BlockItem::Type) continue;
    const QString& id = static_cast<BlockItem*>(item)->id();
    if (const Block* block = graph.find_block(id.toStdString())) {
      placed.emplace_back(static_cast<std::size_t>(block - graph.blocks().data()), id);
    }
  }
  std::sort(placed.begin(), placed.end());
  QStringList ids;
  ids.reserve(static_cast<qsizetype>(placed.size()));
  for (const auto& [position, id] : placed) ids << id;
  return ids;
}

std::vector<Connection> BuilderScene::selectedConnections() const {
  std::vector<Connection> result;
  for (const auto& [connection, item] : wires_) {
    if (item->isSelected()) result.push_back(connection);
  }
  return result;
}

void BuilderScene::selectBlocks(const QStringList& ids) {
  clearSelection();
  for (const QString& id : ids) {
    if (BlockItem* item = blocks_.value(id)) item->setSelected(true);
  }
}

QString BuilderScene::wireHint() const {
  return hint_ != nullptr && hint_->isVisible() ? hint_->text() : QString();
}

void BuilderScene::setSnapToGrid(bool snap) {
  snap_ = snap;
  for (BlockItem* item : std::as_const(blocks_)) item->setSnapToGrid(snap);
}

void BuilderScene::rebuild() {
  clearSelection();
  for (const auto& [connection, item] : wires_) delete item;
  wires_.clear();
  wiresAt_.clear();
  qDeleteAll(blocks_);
  blocks_.clear();
  for (const Block& block : document_->graph().blocks()) {
    addBlockItem(QString::fromStdString(block.id));
  }
  for (const Connection& c : document_->graph().connections()) addWireItem(c);
}

void BuilderScene::addBlockItem(const QString& id) {
  if (blocks_.contains(id)) return;
  auto* item = new BlockItem(id);
  item->setSnapToGrid(snap_);
  blocks_.insert(id, item);
  addItem(item);
  placeBlock(id);
  // No content yet: every added block is followed by an analysis (refreshAllBlocks), and
  // computing one block's content here would cost a scan of the graph per block of a paste.
  item->setMovedCallback([this](const QString& moved) { updateWiresOf(moved); });
}

void BuilderScene::removeBlockItem(const QString& id) {
  if (dragTarget_ == blocks_.value(id)) dragTarget_ = nullptr;
  checkedWire_.reset();
  delete blocks_.take(id);
}

void BuilderScene::addWireItem(const Connection& connection) {
  if (wires_.contains(connection)) return;
  auto* item = new WireItem(connection);
  wires_[connection] = item;
  const QString from = QString::fromStdString(connection.from);
  const QString to = QString::fromStdString(connection.to);
  wiresAt_[from].append(item);
  if (to != from) wiresAt_[to].append(item);
  addItem(item);
  updateWire(item);
}

void BuilderScene::removeWireItem(const Connection& connection) {
  auto it = wires_.find(connection);
  if (it == wires_.end()) return;
  for (const std::string& end : {connection.from, connection.to}) {
    auto at = wiresAt_.find(QString::fromStdString(end));
    if (at == wiresAt_.end()) continue;
    at->removeOne(it->second);
    if (at->isEmpty()) wiresAt_.erase(at);
  }
  delete it->second;
  wires_.erase(it);
}

void BuilderScene::refreshAllBlocks() {
  checkedWire_.reset();  // the model changed: a wire may be accepted or refused now
  const QHash<QString, BlockItem::Content> contents = BlockText::contents(*document_);
  for (auto it = blocks_.cbegin(); it != blocks_.cend(); ++it) {
    if (auto content = contents.constFind(it.key()); content != contents.cend()) {
      it.value()->setContent(*content);
    }
  }
  // Port counts of Add/Concat follow their wires, so wire ends may move.
  for (const auto& [connection, item] : wires_) updateWire(item);
}

void BuilderScene::placeBlock(const QString& id) {
  BlockItem* item = blocks_.value(id);
  const Block* block = document_->graph().find_block(id.toStdString());
  if (item == nullptr || block == nullptr) return;
  item->setSnapToGrid(false);  // the document's position is the truth, even off the grid
  item->setPos(block->x, block->y);
  item->setSnapToGrid(snap_);
  updateWiresOf(id);
}

void BuilderScene::updateWiresOf(const QString& id) {
  for (WireItem* wire : wiresAt_.value(id)) updateWire(wire);
}

void BuilderScene::updateWire(WireItem* wire) {
  const Connection& c = wire->connection();
  BlockItem* from = blocks_.value(QString::fromStdString(c.from));
  BlockItem* to = blocks_.value(QString::fromStdString(c.to));
  if (from == nullptr || to == nullptr) return;
  wire->setEnds(from->outputPortPos(), to->inputPortPos(c.to_port));
}

BlockItem* BuilderScene::blockAt(QPointF scenePos) const {
  for (QGraphicsItem* item : items(scenePos)) {
    if (item->type() == BlockItem::Type) return static_cast<BlockItem*>(item);
  }
  // Ports stick out of the block's body; look a little around the point too.
  for (QGraphicsItem* item : items(QRectF(scenePos - QPointF(12, 12), QSizeF(24, 24)))) {
    if (item->type() == BlockItem::Type) return static_cast<BlockItem*>(item);
  }
  return nullptr;
}

void BuilderScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    BlockItem* block = blockAt(event->scenePos());
    if (block != nullptr && block->isOnOutputPort(event->scenePos())) {
      dragFrom_ = block->id();
      dragWire_ = new QGraphicsPathItem;
      dragWire_->setPen(QPen(QColor(0x2a, 0x7a, 0xe2), 2, Qt::DashLine));
      dragWire_->setZValue(2);
      addItem(dragWire_);
      event->accept();
      return;
    }
  }
  QGraphicsScene::mousePressEvent(event);
}

void BuilderScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
  if (dragWire_ == nullptr) {
    QGraphicsScene::mouseMoveEvent(event);
    return;
  }
  BlockItem* from = blocks_.value(dragFrom_);
  if (from == nullptr) return;
  const QPointF start = from->outputPortPos();
  const QPointF end = event->scenePos();
  QPainterPath path(start);
  const qreal bend = std::max(30.0, std::abs(end.y() - start.y()) / 2);
  path.cubicTo(start + QPointF(0, bend), end - QPointF(0, bend), end);
  dragWire_->setPath(path);
  BlockItem* target = blockAt(end);
  if (target != nullptr && target->id() == dragFrom_) target = nullptr;
  if (dragTarget_ != nullptr && dragTarget_ != target) dragTarget_->setHighlightedPort(-1);
  dragTarget_ = target;
  showWireHint(end, target);
}

void BuilderScene::showWireHint(QPointF scenePos, BlockItem* target) {
  if (hint_ == nullptr) {
    hint_ = new WireHintItem;
    addItem(hint_);
  }
  QString refusal;
  int port = -1;
  if (target != nullptr) {
    const Connection wire = wireTo(target, scenePos);
    port = wire.to_port;
    if (!checkedWire_ || *checkedWire_ != wire) {
      checkedWire_ = wire;
      const auto problem = document_->checkConnection(wire);
      checkedRefusal_ = problem ? QString::fromStdString(problem->message) : QString();
    }
    refusal = checkedRefusal_;
    target->setHighlightedPort(port, refusal.isEmpty());
  }
  hint_->setText(refusal);
  hint_->setPos(scenePos);
  hint_->setVisible(!refusal.isEmpty());
}

void BuilderScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
  if (dragWire_ != nullptr) {
    delete dragWire_;
    dragWire_ = nullptr;
    if (dragTarget_ != nullptr) dragTarget_->setHighlightedPort(-1);
    dragTarget_ = nullptr;
    if (hint_ != nullptr) hint_->hide();
    checkedWire_.reset();
    finishWireDrag(event->scenePos());
    dragFrom_.clear();
    return;
  }
  QGraphicsScene::mouseReleaseEvent(event);
  if (event->button() == Qt::LeftButton) commitMoves();
}

Connection BuilderScene::wireTo(BlockItem* target, QPointF scenePos) const {
  int port = target->inputPortAt(scenePos);
  if (port < 0) {
    // Dropped on the body: take the first free input.
    port = 0;
    for (const Connection& c : document_->graph().inputs_of(target->id().toStdString())) {
      if (c.to_port == port) ++port;
    }
    port = std::min(port, std::max(0, target->inputPortCount() - 1));
  }
  return {dragFrom_.toStdString(), target->id().toStdString(), port};
}

void BuilderScene::finishWireDrag(QPointF scenePos) {
  BlockItem* target = blockAt(scenePos);
  if (target == nullptr || target->id() == dragFrom_) return;
  const Connection connection = wireTo(target, scenePos);
  if (auto refusal = document_->connectBlocks(connection)) {
    const QString reason = QString::fromStdString(refusal->message);
    emit connectionRefused(target->id(), reason);
    if (!views().isEmpty()) {
      QGraphicsView* view = views().front();
      QToolTip::showText(view->viewport()->mapToGlobal(view->mapFromScene(scenePos)), reason,
                         view->viewport());
    }
  }
}

void BuilderScene::commitMoves() {
  std::vector<std::pair<QString, QPointF>> moves;
  for (auto it = blocks_.cbegin(); it != blocks_.cend(); ++it) {
    const Block* block = document_->graph().find_block(it.key().toStdString());
    if (block != nullptr && it.value()->pos() != QPointF(block->x, block->y)) {
      moves.emplace_back(it.key(), it.value()->pos());
    }
  }
  if (!moves.empty()) document_->moveBlocks(moves);
}

void BuilderScene::dragEnterEvent(QGraphicsSceneDragDropEvent* event) {
  event->setAccepted(event->mimeData()->hasFormat(blockMimeType()));
}

void BuilderScene::dragMoveEvent(QGraphicsSceneDragDropEvent* event) {
  event->setAccepted(event->mimeData()->hasFormat(blockMimeType()));
}

void BuilderScene::dropEvent(QGraphicsSceneDragDropEvent* event) {
  const QString type = QString::fromUtf8(event->mimeData()->data(blockMimeType()));
  QPointF at = event->scenePos() - QPointF(BlockItem::kWidth / 2, BlockItem::kHeight / 2);
  if (snap_) {
    at = QPointF(std::round(at.x() / BlockItem::kGrid) * BlockItem::kGrid,
                 std::round(at.y() / BlockItem::kGrid) * BlockItem::kGrid);
  }
  const QString id = document_->addBlock(type, at);
  if (!id.isEmpty()) selectBlocks({id});
  event->acceptProposedAction();
}

void BuilderScene::drawBackground(QPainter* painter, const QRectF& rect) {
  painter->fillRect(rect, QColor(0xf4, 0xf5, 0xf7));
  if (!snap_) return;
  // A dot every second grid step: enough to show the snapping without noise.
  const qreal step = BlockItem::kGrid * 2;
  // Zoomed out until the dots would be closer than a few pixels, they are noise (and millions).
  if (step * painter->worldTransform().m11() < 6) return;
  painter->setPen(QPen(QColor(0xc8, 0xcc, 0xd2), 1.5));
  const qreal left = std::floor(rect.left() / step) * step;
  const qreal top = std::floor(rect.top() / step) * step;
  QVector<QPointF> dots;
  for (qreal x = left; x < rect.right(); x += step) {
    for (qreal y = top; y < rect.bottom(); y += step) dots.append(QPointF(x, y));
  }
  painter->drawPoints(dots.data(), static_cast<int>(dots.size()));
}

}  // namespace convstudio
