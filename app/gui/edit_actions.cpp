#include "edit_actions.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QUndoStack>

#include "builder_canvas.h"
#include "graph_document.h"

namespace convstudio {

EditActions::EditActions(BuilderCanvas* canvas, QMenu* menu) : QObject(menu), canvas_(canvas) {
  QUndoStack* stack = canvas->document()->undoStack();
  undo_ = stack->createUndoAction(this, tr("&Undo"));
  undo_->setShortcut(QKeySequence::Undo);
  redo_ = stack->createRedoAction(this, tr("&Redo"));
  redo_->setShortcut(QKeySequence::Redo);
  menu->addAction(undo_);
  menu->addAction(redo_);
  menu->addSeparator();
  add(menu, tr("Cu&t"), QKeySequence::Cut, &BuilderCanvas::cut);
  add(menu, tr("&Copy"), QKeySequence::Copy, &BuilderCanvas::copy);
  add(menu, tr("&Paste"), QKeySequence::Paste, &BuilderCanvas::paste);
  add(menu, tr("D&uplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), &BuilderCanvas::duplicate);
  QAction* remove = add(menu, tr("&Delete"), QKeySequence::Delete, &BuilderCanvas::deleteSelection);
  remove->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
  menu->addSeparator();
  add(menu, tr("Select &All"), QKeySequence::SelectAll, &BuilderCanvas::selectAll);
  menu->addSeparator();
  add(menu, tr("A&rrange Blocks"), QKeySequence(Qt::CTRL | Qt::Key_L), &BuilderCanvas::autoLayout);
}

QAction* EditActions::add(QMenu* menu, const QString& text, QKeySequence shortcut,
                          void (BuilderCanvas::*slot)()) {
  QAction* action = menu->addAction(text, canvas_, slot);
  action->setShortcut(shortcut);
  // Only while the canvas has focus, so Delete and Ctrl+C keep working in the docks' editors.
  action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  canvas_->addAction(action);
  selectionActions_ << action;
  return action;
}

void EditActions::setEnabled(bool enabled) {
  for (QAction* action : std::as_const(selectionActions_)) action->setEnabled(enabled);
}

}  // namespace convstudio
