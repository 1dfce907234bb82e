// Issue 32 item 7, on a 1280×720 screen (the offscreen platform is given one), in English and in
// Chinese: no label, button, check box or drop-down of the Training, Runs, Queue and Charts docks
// or the status bar shows part of its text ("Fashion-MNIST (built ir", "Mirror left-right at
// rand", a half "Stop Following"): each fits, or ends in "…" and shows its whole text on hover;
// and the Device list opens on the screen, beside the canvas.

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLabel>
#include <QScreen>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QTextDocument>
#include <QToolButton>
#include <QToolTip>

#include "app_settings.h"
#include "eliding_style.h"
#include "language.h"
#include "main_window.h"
#include "project_controller.h"
#include "training/follow_badge.h"
#include "training_cockpit.h"

using namespace convstudio;

namespace {

QString where(const QWidget* widget) {
  QStringList path;
  for (const QWidget* w = widget; w != nullptr && !w->isWindow(); w = w->parentWidget()) {
    if (!w->objectName().isEmpty()) path.prepend(w->objectName());
  }
  return path.join(QLatin1Char('/'));
}

// The text `widget` shows on one line, when it is a kind this test reads; empty otherwise.
QString oneLineText(const QWidget* widget) {
  if (const auto* label = qobject_cast<const QLabel*>(widget)) {
    const bool rich = label->textFormat() == Qt::RichText ||
                      (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text()));
    return label->wordWrap() || rich ? QString() : label->text();
  }
  if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) {
    const auto* tool = qobject_cast<const QToolButton*>(widget);
    if (tool && tool->toolButtonStyle() == Qt::ToolButtonIconOnly) return {};
    return button->text();
  }
  if (const auto* combo = qobject_cast<const QComboBox*>(widget)) return combo->currentText();
  return {};
}

// Whether hovering `widget` shows `text` whole, as the user sees it: a tooltip event.
bool hoverShowsWhole(const QWidget* widget, const QString& text) {
  auto* target = const_cast<QWidget*>(widget);
  const QPoint at = widget->rect().center();
  QHelpEvent hover(QEvent::ToolTip, at, widget->mapToGlobal(at));
  QCoreApplication::sendEvent(target, &hover);
  const bool whole = QToolTip::text().contains(QString(text).remove(QLatin1Char('&')));
  QToolTip::hideText();
  return whole;
}

// What of `root`'s text the user cannot read, one line per widget.
QStringList cutTexts(const QWidget* root) {
  QStringList cut;
  for (const QWidget* widget : root->findChildren<QWidget*>()) {
    const QString text = oneLineText(widget);
    if (text.isEmpty() || !widget->isVisible()) continue;
    const QRect shown = widget->visibleRegion().boundingRect();
    if (shown.isEmpty()) continue;  // scrolled out of sight, or a tab behind another
    // Drawn elided with its whole text on hover (ElidingStyle), or given the room it needs.
    const bool elided = ElidingStyle::isElided(widget);
    const bool narrow = !elided && !qobject_cast<const QComboBox*>(widget) &&
                        widget->width() < widget->sizeHint().width();
    const bool covered = shown.width() < widget->width();  // its own parent cuts it off
    if (elided && !hoverShowsWhole(widget, text)) {
      cut << QStringLiteral("%1 \"%2\": elided without its whole text on hover")
                 .arg(where(widget), text);
    } else if (narrow || covered) {
      cut << QStringLiteral("%1 \"%2\": %3 px of %4 shown, needs %5")
                 .arg(where(widget), text)
                 .arg(shown.width())
                 .arg(widget->width())
                 .arg(widget->sizeHint().width());
    }
  }
  return cut;
}

}  // namespace

class LegibleTextTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("LegibleTextTest"));
    QApplication::setStyle(new ElidingStyle);  // as main() does
  }

  void init() {
    settings::kMainWindowGeometry.clear();
    settings::kMainWindowState.clear();
  }

  void everyDockTextIsWholeOrElidedWithATooltip() { checkEveryDock(); }

  void theDeviceListOpensOnTheScreenBesideTheCanvas() {
    MainWindow window;
    openAt1280x720(window);
    window.training()->settingsDock()->raise();
    auto* device =
        window.training()->settingsDock()->findChild<QComboBox*>(QStringLiteral("device"));
    QVERIFY(device);
    device->showPopup();
    QWidget* popup = device->view()->window();
    QVERIFY(QTest::qWaitForWindowExposed(popup));
    const QRect screen = device->screen()->availableGeometry();
    const QRect list = popup->frameGeometry();
    device->hidePopup();
    QVERIFY2(screen.contains(list), qPrintable(QStringLiteral("list at %1,%2 %3×%4")
                                                   .arg(list.x())
                                                   .arg(list.y())
                                                   .arg(list.width())
                                                   .arg(list.height())));
    // Not across the canvas: a third of the screen at most.
    QVERIFY2(list.width() <= screen.width() / 3, qPrintable(QString::number(list.width())));
    // Every entry's whole text is a hover away.
    for (int i = 0; i < device->count(); ++i) {
      QVERIFY(device->itemData(i, Qt::ToolTipRole).toString().contains(device->itemText(i)));
    }
  }

  // Last: it installs a translator for the rest of the process.
  void inChineseToo() {
    QVERIFY(installTranslations(*qApp, QLocale(QStringLiteral("zh_CN"))));
    checkEveryDock();
  }

 private:
  static void openAt1280x720(MainWindow& window) {
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.projects()->openExample();
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
  }

  static void checkEveryDock() {
    MainWindow window;
    openAt1280x720(window);
    QCOMPARE(window.screen()->geometry().size(), QSize(1280, 720));
    // The Following badge of a run another process writes, as File > Open Run… shows it.
    auto* badge = window.findChild<FollowBadge*>();
    QVERIFY(badge);
    badge->showFollowing(QStringLiteral("20261126-201500"), 1.5);
    badge->show();
    QStringList cut;
    TrainingCockpit* training = window.training();
    for (QDockWidget* dock : {training->settingsDock(), training->runsDock(), training->queueDock(),
                              training->chartsDock()}) {
      dock->raise();
      QCoreApplication::processEvents();
      for (const QString& line : cutTexts(dock)) {
        if (!cut.contains(line)) cut << line;
      }
    }
    cut << cutTexts(window.statusBar());
    QVERIFY2(cut.isEmpty(), qPrintable(QLatin1Char('\n') + cut.join(QLatin1Char('\n'))));
    // The bar's message is not a label: one longer than the bar shows whole on hover.
    const QString message(300, QLatin1Char('x'));
    window.statusBar()->showMessage(message);
    QCOMPARE(window.statusBar()->toolTip(), message);
  }
};

QTEST_MAIN(LegibleTextTest)
#include "legible_text_test.moc"
