#pragma once
// The note that follows the pointer while a wire is dragged over a block that would refuse it:
// the document's reason, readable at any zoom (it ignores the view's scale).

#include <QGraphicsItem>
#include <QString>

namespace convstudio {

class WireHintItem : public QGraphicsItem {
 public:
  static constexpr int kMaxWidth = 320;  // pixels; longer reasons wrap

  WireHintItem();
  void setText(const QString& text);
  const QString& text() const { return text_; }

  QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

 private:
  QString text_;
  QRectF box_;
};

}  // namespace convstudio
