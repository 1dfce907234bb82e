#pragma once
// The canvas scene: a mirror of a GraphDocument. It keeps one BlockItem per block and one
// WireItem per connection, keyed by id, changes them only in answer to the document's signals,
// and turns mouse gestures (drag a wire, move blocks, drop a palette block) into document edits.

#include <QGraphicsScene>
#include <QHash>

#include <map>
#include <optional>

#include "convstudio/model/connection.h"

class QGraphicsPathItem;

namespace convstudio {

class BlockItem;
class GraphDocument;
class WireHintItem;
class WireItem;

class BuilderScene : public QGraphicsScene {
  Q_OBJECT

 public:
  explicit BuilderScene(GraphDocument* document, QObject* parent = nullptr);
  // Quiet while its items go: a selection emptied by destruction is no edit, and whoever
  // listens (the Properties dock, the document) may already be gone.
  ~BuilderScene() override;

  // The MIME type of a palette drag: the block type as UTF-8.
  static QString blockMimeType();

  GraphDocument* document() const { return document_; }
  BlockItem* blockItem(const QString& id) const { return blocks_.value(id); }
  WireItem* wireItem(const Connection& connection) const;
  QStringList selectedBlockIds() const;  // in graph order
  std::vector<Connection> selectedConnections() const;
  void selectBlocks(const QStringList& ids);

  void setSnapToGrid(bool snap);
  bool snapToGrid() const { return snap_; }
  // While a wire is dragged over a block that would refuse it: why (empty otherwise).
  QString wireHint() const;

 signals:
  // A wire drop that the document refused at block `blockId`, with the reason in the user's
  // words.
  void connectionRefused(const QString& blockId, const QString& reason);
  void blockSelectionChanged(const QStringList& ids);

 protected:
  void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
  void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
  void dragEnterEvent(QGraphicsSceneDragDropEvent* event) override;
  void dragMoveEvent(QGraphicsSceneDragDropEvent* event) override;
  void dropEvent(QGraphicsSceneDragDropEvent* event) override;
  void drawBackground(QPainter* painter, const QRectF& rect) override;

 private:
  void rebuild();
  void addBlockItem(const QString& id);
  void removeBlockItem(const QString& id);
  void addWireItem(const Connection& connection);
  void removeWireItem(const Connection& connection);
  void refreshAllBlocks();
  void placeBlock(const QString& id);
  void updateWiresOf(const QString& id);
  void updateWire(WireItem* wire);
  BlockItem* blockAt(QPointF scenePos) const;
  void finishWireDrag(QPointF scenePos);
  // The wire a drop at `scenePos` on `target` makes: the port under the pointer, else the
  // first free one.
  Connection wireTo(BlockItem* target, QPointF scenePos) const;
  void showWireHint(QPointF scenePos, BlockItem* target);
  void commitMoves();

  GraphDocument* document_;
  QHash<QString, BlockItem*> blocks_;
  std::map<Connection, WireItem*> wires_;
  // The wires at each block, so that moving or adding one block touches only its own wires.
  QHash<QString, QList<WireItem*>> wiresAt_;
  bool snap_ = true;

  // The wire being dragged out of an output port.
  QString dragFrom_;
  QGraphicsPathItem* dragWire_ = nullptr;
  BlockItem* dragTarget_ = nullptr;
  WireHintItem* hint_ = nullptr;
  // The last wire checked while dragging, and why it would be refused (checks cost an
  // analysis, so each candidate is checked once).
  std::optional<Connection> checkedWire_;
  QString checkedRefusal_;
};

}  // namespace convstudio
