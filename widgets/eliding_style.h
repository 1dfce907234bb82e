#pragma once
// The studio's style: the platform's, except that a drop-down's or a check box's text too long
// for the room it has ends in "…" instead of being cut mid-letter, and hovering it shows the
// whole text (above the widget's own tooltip). Narrow docks at 1280×720 and longer translations
// then never show "Fashion-MNIST (built ir" (issue 32).

#include <QProxyStyle>

namespace convstudio {

class ElidingStyle : public QProxyStyle {
  Q_OBJECT

 public:
  ElidingStyle();

  // Whether `widget` (a QComboBox or QCheckBox) has more text than room: it is drawn elided and
  // its whole text comes up on hover. False for other widgets.
  static bool isElided(const QWidget* widget);
  // What hovering `widget` shows: its whole text when elided, then its own tooltip.
  static QString toolTipOf(const QWidget* widget);

  void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
                   const QWidget* widget = nullptr) const override;
  void polish(QWidget* widget) override;
  using QProxyStyle::polish;
  void unpolish(QWidget* widget) override;
  using QProxyStyle::unpolish;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace convstudio
