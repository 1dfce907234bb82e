#include "eliding_style.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHelpEvent>
#include <QPainter>
#include <QStyleOption>
#include <QToolTip>

namespace convstudio {
namespace {

// The room a widget's text has and the text, as its style lays it out.
struct TextRoom {
  QString text;
  int width = 0;
};

TextRoom roomOf(const QWidget* widget) {
  const QStyle* style = widget->style();
  if (const auto* combo = qobject_cast<const QComboBox*>(widget)) {
    if (combo->isEditable()) return {};
    QStyleOptionComboBox option;
    option.initFrom(combo);
    option.editable = false;
    option.currentText = combo->currentText();
    option.currentIcon = combo->itemIcon(combo->currentIndex());
    option.iconSize = combo->iconSize();
    QRect field =
        style->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
    if (!option.currentIcon.isNull()) field.setLeft(field.left() + option.iconSize.width() + 4);
    return {option.currentText, field.width() - 2};
  }
  if (const auto* box = qobject_cast<const QCheckBox*>(widget)) {
    QStyleOptionButton option;
    option.initFrom(box);
    option.text = box->text();
    const QRect contents = style->subElementRect(QStyle::SE_CheckBoxContents, &option, box);
    return {box->text(), contents.width()};
  }
  return {};
}

QString elided(const QString& text, const QFontMetrics& metrics, int width) {
  // Mnemonic ampersands are not drawn; "&&" stays a literal one.
  return metrics.horizontalAdvance(QString(text).remove(QLatin1Char('&'))) <= width
             ? text
             : metrics.elidedText(text, Qt::ElideRight, width, Qt::TextShowMnemonic);
}

}  // namespace

ElidingStyle::ElidingStyle() : QProxyStyle() {}

bool ElidingStyle::isElided(const QWidget* widget) {
  const TextRoom room = roomOf(widget);
  if (room.text.isEmpty()) return false;
  const QString drawn = QString(room.text).remove(QLatin1Char('&'));
  return widget->fontMetrics().horizontalAdvance(drawn) > room.width;
}

QString ElidingStyle::toolTipOf(const QWidget* widget) {
  if (!isElided(widget)) return widget->toolTip();
  QString whole = roomOf(widget).text.remove(QLatin1Char('&'));
  if (!widget->toolTip().isEmpty()) whole += QStringLiteral("\n\n") + widget->toolTip();
  return whole;
}

void ElidingStyle::drawControl(ControlElement element, const QStyleOption* option,
                               QPainter* painter, const QWidget* widget) const {
  if (element == CE_ComboBoxLabel) {
    if (const auto* combo = qstyleoption_cast<const QStyleOptionComboBox*>(option);
        combo && !combo->editable) {
      QStyleOptionComboBox fitted = *combo;
      QRect field = subControlRect(CC_ComboBox, combo, SC_ComboBoxEditField, widget);
      if (!combo->currentIcon.isNull()) field.setLeft(field.left() + combo->iconSize.width() + 4);
      fitted.currentText = elided(combo->currentText, combo->fontMetrics, field.width() - 2);
      QProxyStyle::drawControl(element, &fitted, painter, widget);
      return;
    }
  }
  if (element == CE_CheckBoxLabel) {
    if (const auto* button = qstyleoption_cast<const QStyleOptionButton*>(option)) {
      QStyleOptionButton fitted = *button;
      int room = button->rect.width();
      if (!button->icon.isNull()) room -= button->iconSize.width() + 4;
      fitted.text = elided(button->text, button->fontMetrics, room);
      QProxyStyle::drawControl(element, &fitted, painter, widget);
      return;
    }
  }
  QProxyStyle::drawControl(element, option, painter, widget);
}

void ElidingStyle::polish(QWidget* widget) {
  QProxyStyle::polish(widget);
  if (qobject_cast<QComboBox*>(widget) || qobject_cast<QCheckBox*>(widget)) {
    widget->installEventFilter(this);
  }
}

void ElidingStyle::unpolish(QWidget* widget) {
  widget->removeEventFilter(this);
  QProxyStyle::unpolish(widget);
}

bool ElidingStyle::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::ToolTip && watched->isWidgetType()) {
    const auto* widget = static_cast<QWidget*>(watched);
    if (isElided(widget)) {
      QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), toolTipOf(widget),
                         const_cast<QWidget*>(widget));
      return true;
    }
  }
  return QProxyStyle::eventFilter(watched, event);
}

}  // namespace convstudio
