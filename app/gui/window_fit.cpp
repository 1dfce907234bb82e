#include "window_fit.h"

#include <QAbstractScrollArea>
#include <QChildEvent>
#include <QMainWindow>
#include <QScreen>
#include <QScrollArea>
#include <QTabBar>

#include <algorithm>

namespace convstudio {
namespace {

void showWholeTitles(QTabBar* bar) {
  bar->setElideMode(Qt::ElideNone);
  bar->setUsesScrollButtons(true);
}

// The main window creates a tab bar whenever docks are tabified; each is polished once it is
// fully made, which is when it can be set up.
class TabTitleKeeper : public QObject {
 public:
  using QObject::QObject;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::ChildPolished) {
      if (auto* bar = qobject_cast<QTabBar*>(static_cast<QChildEvent*>(event)->child())) {
        showWholeTitles(bar);
      }
    }
    return QObject::eventFilter(watched, event);
  }
};

}  // namespace

QWidget* scrollable(QWidget* panel) {
  if (qobject_cast<QAbstractScrollArea*>(panel) != nullptr) return panel;
  auto* scroll = new QScrollArea;
  scroll->setObjectName(panel->objectName() + QStringLiteral("Scroll"));
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(panel);
  return scroll;
}

void keepTabTitlesWhole(QMainWindow* window) {
  for (QTabBar* bar : window->findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
    showWholeTitles(bar);
  }
  window->installEventFilter(new TabTitleKeeper(window));
}

void clampToScreen(QWidget* window) {
  const QScreen* screen = window->screen();
  if (screen == nullptr) return;
  const QRect available = screen->availableGeometry();
  const QSize frame = window->frameGeometry().size() - window->geometry().size();
  const QSize fitting = window->size().boundedTo(available.size() - frame);
  if (fitting != window->size()) window->resize(fitting);
  const QRect outer = window->frameGeometry();
  const QPoint onScreen(
      std::clamp(outer.left(), available.left(),
                 std::max(available.left(), available.right() + 1 - outer.width())),
      std::clamp(outer.top(), available.top(),
                 std::max(available.top(), available.bottom() + 1 - outer.height())));
  if (onScreen != outer.topLeft()) window->move(onScreen);
}

}  // namespace convstudio
