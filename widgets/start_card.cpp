#include "start_card.h"

#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

namespace convstudio {

StartCard::StartCard(const QString& title, const QString& detail, QWidget* parent)
    : QFrame(parent) {
  setFrameShape(QFrame::StyledPanel);
  setFocusPolicy(Qt::StrongFocus);
  setCursor(Qt::PointingHandCursor);
  setFixedWidth(kWidth);
  setAutoFillBackground(true);
  auto* heading = new QLabel(title, this);
  QFont font = heading->font();
  font.setBold(true);
  heading->setFont(font);
  heading->setWordWrap(true);
  auto* text = new QLabel(detail, this);
  text->setWordWrap(true);
  text->setForegroundRole(QPalette::PlaceholderText);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(10, 8, 10, 8);
  layout->addWidget(heading);
  layout->addWidget(text);
  layout->addStretch(1);
  setToolTip(title);
  setHighlighted(false);
}

void StartCard::setHighlighted(bool on) {
  QPalette p = palette();
  p.setColor(QPalette::Window, on ? palette().color(QPalette::AlternateBase).darker(104)
                                  : palette().color(QPalette::Base));
  setPalette(p);
}

void StartCard::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) {
    emit clicked();
  }
  QFrame::mouseReleaseEvent(event);
}

void StartCard::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter ||
      event->key() == Qt::Key_Space) {
    emit clicked();
    return;
  }
  QFrame::keyPressEvent(event);
}

void StartCard::enterEvent(QEnterEvent* event) {
  setHighlighted(true);
  QFrame::enterEvent(event);
}

void StartCard::leaveEvent(QEvent* event) {
  setHighlighted(hasFocus());
  QFrame::leaveEvent(event);
}

void StartCard::focusInEvent(QFocusEvent* event) {
  setHighlighted(true);
  QFrame::focusInEvent(event);
}

void StartCard::focusOutEvent(QFocusEvent* event) {
  setHighlighted(underMouse());
  QFrame::focusOutEvent(event);
}

}  // namespace convstudio
