#pragma once
// A block on the canvas: type, id, key parameters and output shape, with its ports. It holds
// only what it draws; the GraphDocument owns the block itself.

#include <QGraphicsItem>
#include <QString>

#include <QColor>

#include <functional>
#include <optional>

namespace convstudio {

class BlockItem : public QGraphicsItem {
 public:
  static constexpr qreal kWidth = 200;
  static constexpr qreal kHeight = 64;
  static constexpr qreal kGrid = 10;
  // Below this height on screen a block's text cannot be read: a plain box says where it is (a
  // 1,000-block network fitted to the window repaints in a few milliseconds), and the view
  // names it beside the box (block_id_labels.h).
  static constexpr qreal kTinyBlockPixels = 14;
  enum { Type = UserType + 1 };

  struct Content {
    QString type;
    QString category;
    QString params;  // key parameters, e.g. "16 · k3 · p1"
    QString shape;   // output shape, e.g. "16×28×28"; empty when not inferred
    QString cost;    // e.g. "448 params"
    QString errors;  // one per line; empty when the block is fine
    int inputPorts = 1;
    bool hasOutput = true;
    bool frozen = false;  // not trainable: fine-tuning leaves its weights alone

    bool operator==(const Content&) const = default;
  };

  explicit BlockItem(QString id);
  int type() const override { return Type; }
  const QString& id() const { return id_; }

  void setContent(const Content& content);
  // The profiler's figures on the block: its body filled in the colour of its share of a
  // training step and `label` (e.g. "31.2% · 4.10 ms") in place of its cost; nullopt: none.
  struct Heat {
    QColor colour;
    QString label;
    bool operator==(const Heat&) const = default;
  };
  void setHeat(const std::optional<Heat>& heat);
  const std::optional<Heat>& heat() const { return heat_; }
  // Called after a drag moved the item (the scene refreshes the attached wires).
  void setMovedCallback(std::function<void(const QString&)> callback);
  void setSnapToGrid(bool snap) { snap_ = snap; }

  QPointF inputPortPos(int port) const;  // scene coordinates
  QPointF outputPortPos() const;
  // Input port under `scenePos` (generous hit area), or -1.
  int inputPortAt(QPointF scenePos) const;
  bool isOnOutputPort(QPointF scenePos) const;
  int inputPortCount() const { return content_.inputPorts; }
  // While a wire is dragged over the block: the port it would go to (-1: none), green when the
  // wire would be accepted, red when refused.
  void setHighlightedPort(int port, bool accepted = true);

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 protected:
  QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

 private:
  QPointF inputPortLocal(int port) const;
  // paint's parts: the header, the far-out overview, and the ports.
  void paintHeader(QPainter* painter, const QColor& accent, qreal scale) const;
  void paintOverview(QPainter* painter, const QColor& accent, bool invalid, qreal scale) const;
  void paintPorts(QPainter* painter, const QColor& accent) const;

  QString id_;
  Content content_;
  bool hasContent_ = false;
  std::function<void(const QString&)> moved_;
  bool snap_ = true;
  int highlightedPort_ = -1;
  bool highlightAccepted_ = true;
  std::optional<Heat> heat_;
};

}  // namespace convstudio
