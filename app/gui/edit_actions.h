#pragma once
// The Edit menu: undo and redo of the document's stack, and the canvas's selection edits, with
// the platform's standard shortcuts. Enabled only while a project is open. Undo and redo work
// from anywhere in the window, also while a field of a dock has the keyboard: the field's own
// text undo gives way, and what was typed in it is committed first (so it is what is undone).

#include <QObject>

class QAction;
class QMenu;
class QUndoStack;
class QWidget;

namespace convstudio {

class BuilderCanvas;

class EditActions : public QObject {
  Q_OBJECT

 public:
  // `window` is the main window: fields in it (not in dialogs) defer to these actions.
  EditActions(BuilderCanvas* canvas, QMenu* menu, QWidget* window);

  void setEnabled(bool enabled);
  QAction* undo() const { return undo_; }
  QAction* redo() const { return redo_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QAction* add(QMenu* menu, const QString& text, QKeySequence shortcut,
               void (BuilderCanvas::*slot)());
  // A field with the keyboard hands over what was typed (leaving it commits), then gets the
  // keyboard back.
  void commitFocusedField();

  BuilderCanvas* canvas_;
  QWidget* window_;
  QUndoStack* stack_;
  QAction* undo_ = nullptr;
  QAction* redo_ = nullptr;
  QList<QAction*> selectionActions_;
};

}  // namespace convstudio
