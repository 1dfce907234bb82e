#include "edit_actions.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLineEdit>
#include <QMenu>
#include <QStyle>
#include <QUndoStack>

#include "builder_canvas.h"
#include "graph_document.h"

namespace convstudio {

EditActions::EditActions(BuilderCanvas* canvas, QMenu* menu, QWidget* window)
    : QObject(menu), canvas_(canvas), window_(window), stack_(canvas->document()->undoStack()) {
  undo_ = new QAction(tr("&Undo"), this);
  undo_->setObjectName(QStringLiteral("undoAction"));
  undo_->setShortcut(QKeySequence::Undo);
  undo_->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo"),
                                  window->style()->standardIcon(QStyle::SP_ArrowBack)));
  redo_ = new QAction(tr("&Redo"), this);
  redo_->setObjectName(QStringLiteral("redoAction"));
  redo_->setShortcut(QKeySequence::Redo);
  redo_->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo"),
                                  window->style()->standardIcon(QStyle::SP_ArrowForward)));
  undo_->setEnabled(stack_->canUndo());
  redo_->setEnabled(stack_->canRedo());
  connect(undo_, &QAction::triggered, this, [this] {
    commitFocusedField();
    stack_->undo();
  });
  connect(redo_, &QAction::triggered, this, [this] {
    commitFocusedField();
    stack_->redo();
  });
  connect(stack_, &QUndoStack::canUndoChanged, undo_, &QAction::setEnabled);
  connect(stack_, &QUndoStack::canRedoChanged, redo_, &QAction::setEnabled);
  connect(stack_, &QUndoStack::undoTextChanged, this, [this](const QString& text) {
    undo_->setText(text.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(text));
    undo_->setIconText(tr("Undo"));
  });
  connect(stack_, &QUndoStack::redoTextChanged, this, [this](const QString& text) {
    redo_->setText(text.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(text));
    redo_->setIconText(tr("Redo"));
  });
  undo_->setIconText(tr("Undo"));
  redo_->setIconText(tr("Redo"));
  qApp->installEventFilter(this);
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
  menu->addSeparator();
  add(menu, tr("&Freeze Everything Before This Block"), QKeySequence(),
      &BuilderCanvas::freezeBeforeSelection)
      ->setObjectName(QStringLiteral("freezeBeforeAction"));
  add(menu, tr("Toggle &Trainable"), QKeySequence(), &BuilderCanvas::toggleTrainable)
      ->setObjectName(QStringLiteral("toggleTrainableAction"));
  add(menu, tr("Recompute Selection in Backward as One &Segment"), QKeySequence(),
      &BuilderCanvas::toggleRecomputeAsOneSegment)
      ->setObjectName(QStringLiteral("recomputeSegmentAction"));
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

bool EditActions::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::ShortcutOverride) return false;
  auto* key = static_cast<QKeyEvent*>(event);
  QAction* action = key->matches(QKeySequence::Undo)   ? undo_
                    : key->matches(QKeySequence::Redo) ? redo_
                                                       : nullptr;
  auto* widget = qobject_cast<QWidget*>(watched);
  if (action == nullptr || widget == nullptr || widget->window() != window_) return false;
  // Left unaccepted, the override lets the window's shortcut have the key; a field keeps its
  // own text undo only while the document has nothing to undo or redo.
  return action->isEnabled();
}

void EditActions::commitFocusedField() {
  QWidget* field = QApplication::focusWidget();
  if (field == nullptr || field->window() != window_) return;
  QWidget* owner = field->parentWidget();
  const bool editable = qobject_cast<QLineEdit*>(field) != nullptr ||
                        qobject_cast<QAbstractSpinBox*>(field) != nullptr ||
                        (owner != nullptr && (qobject_cast<QAbstractSpinBox*>(owner) != nullptr ||
                                              qobject_cast<QComboBox*>(owner) != nullptr));
  if (!editable) return;
  field->clearFocus();
  field->setFocus(Qt::OtherFocusReason);
}

void EditActions::setEnabled(bool enabled) {
  for (QAction* action : std::as_const(selectionActions_)) action->setEnabled(enabled);
}

}  // namespace convstudio
