#pragma once
// The Edit menu: undo and redo of the document's stack, and the canvas's selection edits, with
// the platform's standard shortcuts. Enabled only while a project is open.

#include <QObject>

class QAction;
class QMenu;

namespace convstudio {

class BuilderCanvas;

class EditActions : public QObject {
  Q_OBJECT

 public:
  EditActions(BuilderCanvas* canvas, QMenu* menu);

  void setEnabled(bool enabled);
  QAction* undo() const { return undo_; }
  QAction* redo() const { return redo_; }

 private:
  QAction* add(QMenu* menu, const QString& text, QKeySequence shortcut,
               void (BuilderCanvas::*slot)());

  BuilderCanvas* canvas_;
  QAction* undo_ = nullptr;
  QAction* redo_ = nullptr;
  QList<QAction*> selectionActions_;
};

}  // namespace convstudio
