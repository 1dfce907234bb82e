#pragma once
// A wire on the canvas: a curve from an output port down to an input port.

#include <QGraphicsPathItem>

#include <optional>
#include <utility>

#include "convstudio/model/connection.h"

namespace convstudio {

class WireItem : public QGraphicsPathItem {
 public:
  enum { Type = UserType + 2 };

  explicit WireItem(Connection connection);
  int type() const override { return Type; }
  const Connection& connection() const { return connection_; }

  void setEnds(QPointF from, QPointF to);
  QPainterPath shape() const override;  // wider than the pen, so wires are easy to click
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  Connection connection_;
  std::optional<std::pair<QPointF, QPointF>> ends_;  // unset until placed
};

}  // namespace convstudio
