#pragma once
// The question asked before the open project goes (another one is opened, created, imported or
// recovered, it is closed, or the studio quits): Save, Discard or Cancel, naming what would be
// lost — unsaved edits, and the runs of a project that has no file yet, which would be left
// behind in the data folder.

#include <QCoreApplication>
#include <QMessageBox>
#include <QString>

namespace convstudio {

class UnsavedWorkPrompt {
  Q_DECLARE_TR_FUNCTIONS(UnsavedWorkPrompt)

 public:
  // Nothing to lose: no question.
  static bool needed(bool edited, int unsavedRuns) { return edited || unsavedRuns > 0; }
  // Save, Discard or Cancel. `unsavedRuns`: the runs of a project never saved (0 when it has a
  // file); `dataFolder` is where they stay if it is discarded.
  static QMessageBox::StandardButton ask(QWidget* parent, const QString& name, bool edited,
                                         int unsavedRuns, const QString& dataFolder);
};

}  // namespace convstudio
