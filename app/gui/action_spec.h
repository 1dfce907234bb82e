#pragma once
// One row of a window's action table: what the user sees (text, shortcut, icon, tip) and what
// the action does when triggered or toggled, so a menu is declared as data and a new action is
// one more row. makeAction turns a row into a QAction; a row may also be a separator.

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QString>

#include <functional>

class QMenu;

namespace convstudio {

struct ActionSpec {
  QString text;  // tr()'d by the table; empty for a separator
  QKeySequence shortcut = {};
  const char* objectName = nullptr;
  QString toolTip = {};
  QString iconText = {};
  QIcon icon = {};
  std::function<void()> triggered = {};
  // A checkable action: its state at start and what a toggle does.
  std::function<void(bool)> toggled = {};
  bool checked = false;
  // Enabled only while a project is open (the window enables and disables these together).
  bool needsProject = false;
  QAction::MenuRole role = QAction::TextHeuristicRole;  // QAction's own default
  // A row that is only a line between groups.
  bool separator = false;
  // A row that opens a submenu (filled elsewhere), kept here; objectName names the menu.
  QMenu** submenu = nullptr;
};

// A separator row.
inline ActionSpec separatorSpec() {
  ActionSpec spec;
  spec.separator = true;
  return spec;
}

// The action for `spec`, owned by `parent`, its handlers connected with `parent` as context.
QAction* makeAction(const ActionSpec& spec, QObject* parent);

}  // namespace convstudio
