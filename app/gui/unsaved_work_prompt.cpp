#include "unsaved_work_prompt.h"

#include <QDir>

namespace convstudio {

QMessageBox::StandardButton UnsavedWorkPrompt::ask(QWidget* parent, const QString& name,
                                                   bool edited, int unsavedRuns,
                                                   const QString& dataFolder) {
  QString text = tr("“%1” has unsaved changes. Save them before continuing?").arg(name);
  QString details;
  if (unsavedRuns > 0) {
    // The runs of a project with no file live under a name of its own in the data folder:
    // once the project is gone nothing in the studio points at them.
    text = edited ? tr("“%1” has unsaved changes and %n training run(s) that no project file "
                       "keeps. Save the project before continuing?",
                       nullptr, unsavedRuns)
                        .arg(name)
                  : tr("“%1” was never saved, and %n training run(s) belong to it that no "
                       "project file keeps. Save the project before continuing?",
                       nullptr, unsavedRuns)
                        .arg(name);
    details = tr("Saved, the runs move beside the project file. Discarded, they are stranded in "
                 "the data folder (%1); File > Recover Unsaved Runs… can open them again.")
                  .arg(QDir::toNativeSeparators(dataFolder));
  }
  QMessageBox box(QMessageBox::Warning, tr("Unsaved Changes"), text,
                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
  box.setObjectName(QStringLiteral("unsavedWorkPrompt"));
  box.setInformativeText(details);
  box.setDefaultButton(QMessageBox::Save);
  box.setEscapeButton(QMessageBox::Cancel);
  return static_cast<QMessageBox::StandardButton>(box.exec());
}

}  // namespace convstudio
