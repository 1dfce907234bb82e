#pragma once
// Project handling for the main window: new (blank or from a template), open, save, save as,
// recent files, the one prompt every action that replaces the open project goes through
// (confirmReplace), the autosave recovery file, and the runs unsaved projects left behind.

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/model/tensor_shape.h"
#include "convstudio/result.h"

class QTimer;
class QWidget;

namespace convstudio {

class GraphDocument;

class ProjectController : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMaxRecentFiles = 8;
  static constexpr int kAutosaveIntervalMs = 60 * 1000;

  // `dialogParent` hosts the file dialogs and prompts.
  ProjectController(GraphDocument* document, QWidget* dialogParent);

  GraphDocument* document() const { return document_; }
  bool isOpen() const { return open_; }
  bool isModified() const;
  QString filePath() const { return filePath_; }
  // The file whose PROJECT.runs/ folder holds this project's runs: its own file, or while it is
  // unsaved a name of its own in the data folder (never shared with another unsaved project).
  QString runsOwnerFile() const;
  // The folder of a run still being written, which a save under a new name must leave where it
  // is (its owner carries it once it ends). Unset: none.
  void setBusyRunFolder(std::function<QString()> busyRunFolder) {
    busyRunFolder_ = std::move(busyRunFolder);
  }
  // Asks to stop a run in progress before the project goes (TrainingCockpit::confirmStop):
  // true when none is going or it has stopped, keeping its checkpoint. Unset: nothing trains.
  void setRunStopper(std::function<bool(QWidget* parent)> runStopper) {
    runStopper_ = std::move(runStopper);
  }
  // The recorded runs of an open project that has never been saved (they live in the data
  // folder, under runsOwnerFile()); 0 for a project with a file.
  int unsavedRunCount() const;
  // The unsaved projects that left runs in the data folder (their runs owner files, newest
  // first), except the open one.
  QStringList strandedProjects() const;
  QString displayName() const { return name_; }
  QStringList recentFiles() const;

  // ---- Without dialogs (command line, tests); each returns the engine's Errors, unchanged ----
  void newBlank(ProjectTask task = ProjectTask::Classification);
  // The new project's name, or why the template cannot be made. No task: the template's own.
  Result<QString> newFromTemplate(const QString& name,
                                  std::optional<ProjectTask> task = std::nullopt);
  // lenet5 on Fashion-MNIST (1×28×28, 10 classes), unmodified.
  void openExample();
  // A project file may have several problems (each setting its own, as the CLI lists them):
  // all of them, each with its place (file:line, or a JSON field); empty when it opened.
  std::vector<Error> openFile(const QString& path);
  // The file written (`path`), or why it was not: a failed save changes nothing.
  Result<QString> saveTo(const QString& path);
  void close();
  // Opens `project` (a run's copy of what it trained) as the unsaved project whose runs are
  // under `runsOwner` in the data folder again, so Save As takes them along.
  void reopenUnsavedProject(Project project, const QString& runsOwner, const QString& name);
  // Opens the project a run of the open project trained (its network and settings, from the
  // checkpoint's copy) as an unsaved project, after confirmReplace. Its runs stay listed (a Save
  // As copies a saved project's, never moves them), so Export and Inference offer that run's
  // models again. False when the user cancelled or the checkpoint cannot be read.
  bool openTrainedVersion(const QString& checkpoint);

  // Where unsaved projects keep their runs (the application's data folder).
  static QString dataFolder();

  // The input shape and class count new templates are made for: the dataset's override, else
  // the open model's Input and Output blocks, else Fashion-MNIST's.
  TensorShape templateInput() const;
  std::int64_t templateClasses() const;

  // ---- Recovery: written every minute while there are unsaved changes ----
  static QString recoveryFilePath();
  bool hasRecovery() const;
  bool writeRecovery();
  std::vector<Error> restoreRecovery();  // as openFile
  void discardRecovery();

 public slots:
  // ---- Interactive (menus); each asks confirmReplace first ----
  void newProject();  // the template gallery
  void newProjectFromTemplate(const QString& name);
  void open();
  void openRecent(const QString& path);
  void openExampleAsking();
  void closeAsking();
  // File > Recover Unsaved Runs…: lists the runs unsaved projects left in the data folder and
  // opens the chosen run's project again, with all its runs.
  void recoverUnsavedRuns();
  bool save();
  bool saveAs();
  // The one path before the open project is replaced or closed (every menu action, the start
  // page, Import Model, quitting): unsaved edits, or runs of a project never saved, get Save /
  // Discard / Cancel; a run in progress is stopped (after asking). False: the user cancelled,
  // and everything is as it was.
  bool confirmReplace();
  // At start-up: offers the recovery file left by a session that did not end cleanly.
  void offerRecovery();

 signals:
  // A project was opened, created or closed, or its file name changed.
  void projectChanged();
  void recentFilesChanged();
  // Saving under a new name saved the project but could not bring all its runs along.
  void runsNotCarried(const QString& message);

 private:
  void setProject(Project project, const QString& path, const QString& name,
                  const QString& unsavedRunsOwner = {});
  void addRecentFile(const QString& path);
  void showError(const QString& title, const QString& text);
  // The project file's problems, one line each with its place, under a translated framing.
  void showErrors(const QString& title, const std::vector<Error>& errors);
  void autosave();

  GraphDocument* document_;
  QWidget* dialogParent_;
  QTimer* autosaveTimer_;
  bool open_ = false;
  QString filePath_;
  QString name_;
  QString unsavedRunsOwner_;   // see runsOwnerFile(); empty once the project has a file
  bool runsBorrowed_ = false;  // unsavedRunsOwner_ is a saved project's file (openTrainedVersion)
  std::function<QString()> busyRunFolder_;
  std::function<bool(QWidget*)> runStopper_;
};

}  // namespace convstudio
