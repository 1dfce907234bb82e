// The right-hand column's tabs answer a click however the project came in (issue 32: a project
// opened from the command line, as a file manager's double-click does, left the Training and
// Queue tabs dead at 1280×720: an empty dock tab bar lay over them and took the clicks).
#include <QApplication>
#include <QDockWidget>
#include <QStandardPaths>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include "app_settings.h"
#include "main_window.h"
#include "project_controller.h"
#include "training_cockpit.h"

using convstudio::MainWindow;

namespace {

// The window's visible tab bar that holds a tab titled TITLE, and that tab's index.
std::pair<QTabBar*, int> tabTitled(const MainWindow& window, const QString& title) {
  for (QTabBar* bar : window.findChildren<QTabBar*>()) {
    if (!bar->isVisible()) continue;
    for (int i = 0; i < bar->count(); ++i) {
      if (bar->tabText(i) == title) return {bar, i};
    }
  }
  return {nullptr, -1};
}

// A click where the user sees the tab: delivered to whichever widget is on top at that point,
// as the window system does (QTest::mouseClick on the bar itself would skip what covers it).
void clickWhereShown(QTabBar* bar, int index) {
  const QPoint global = bar->mapToGlobal(bar->tabRect(index).center());
  QWidget* onTop = QApplication::widgetAt(global);
  QVERIFY(onTop);
  QTest::mouseClick(onTop, Qt::LeftButton, {}, onTop->mapFromGlobal(global));
}

bool inFront(const QDockWidget* dock) {
  return !dock->visibleRegion().isEmpty();
}

}  // namespace

class DockTabsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QApplication::setOrganizationName(QStringLiteral("ConvStudioTest"));
    QApplication::setApplicationName(QStringLiteral("DockTabsTest"));
  }

  void rightColumnTabsAnswerAClickOnAProjectOpenedAtStart() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("lenet.convstudio"));
    {
      MainWindow first;
      QVERIFY(first.projects()->newFromTemplate(QStringLiteral("lenet5")));
      QVERIFY(first.projects()->saveTo(path));
    }
    // The stray bar came with the timing of the first layout, in about one start of three: a
    // few starts make a miss unlikely.
    for (int start = 0; start < kStarts && !QTest::currentTestFailed(); ++start) {
      opensOnClickableTabs(path);
    }
  }

 private:
  static constexpr int kStarts = 6;

  // A fresh home, and the order main.cpp keeps: shown, then the file opened before the window
  // is laid out.
  static void opensOnClickableTabs(const QString& path) {
    convstudio::settings::kMainWindowGeometry.clear();
    convstudio::settings::kMainWindowState.clear();
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(window.projects()->openFile(path).empty());
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();

    for (const QTabBar* bar : window.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
      QVERIFY2(!bar->isVisible() || bar->count() > 0,
               qPrintable(QStringLiteral("an empty tab bar is shown at x %1, width %2")
                              .arg(bar->x())
                              .arg(bar->width())));
    }
    const QList<std::pair<QString, QDockWidget*>> tabs = {
        {QStringLiteral("Training"), window.training()->settingsDock()},
        {QStringLiteral("Queue"), window.training()->queueDock()},
        {QStringLiteral("Properties"), window.propertiesDock()}};
    for (const auto& [title, dock] : tabs) {
      auto [bar, index] = tabTitled(window, title);
      QVERIFY2(bar, qPrintable(title));
      clickWhereShown(bar, index);
      QTRY_VERIFY2(inFront(dock), qPrintable(title));
    }
  }
};

QTEST_MAIN(DockTabsTest)
#include "dock_tabs_test.moc"
