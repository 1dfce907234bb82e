#pragma once
// A card on the start page: a title and a few lines about a recent project or a template;
// clicking it (or Enter/Space when it has the keyboard) opens it.

#include <QFrame>

namespace convstudio {

class StartCard : public QFrame {
  Q_OBJECT

 public:
  StartCard(const QString& title, const QString& detail, QWidget* parent = nullptr);

  static constexpr int kWidth = 250;

 signals:
  void clicked();

 protected:
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void enterEvent(QEnterEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void focusInEvent(QFocusEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;

 private:
  void setHighlighted(bool on);
};

}  // namespace convstudio
