#pragma once
// Project handling for the main window: new (blank or from a template), open, save, save as,
// recent files, the prompt before losing changes, and the autosave recovery file.

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

#include "convstudio/model/project.h"
#include "convstudio/model/tensor_shape.h"

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
  QString displayName() const { return name_; }
  QStringList recentFiles() const;

  // ---- Without dialogs (command line, tests); errors are returned in `error` ----
  void newBlank();
  bool newFromTemplate(const QString& name, QString* error = nullptr);
  // lenet5 on Fashion-MNIST (1×28×28, 10 classes), unmodified.
  void openExample();
  bool openFile(const QString& path, QString* error = nullptr);
  bool saveTo(const QString& path, QString* error = nullptr);
  void close();

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
  bool restoreRecovery(QString* error = nullptr);
  void discardRecovery();

 public slots:
  // ---- Interactive (menus) ----
  void newProject();
  void open();
  void openRecent(const QString& path);
  bool save();
  bool saveAs();
  // Asks to save unsaved changes; false when the user cancels.
  bool maybeSave();
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
  void autosave();

  GraphDocument* document_;
  QWidget* dialogParent_;
  QTimer* autosaveTimer_;
  bool open_ = false;
  QString filePath_;
  QString name_;
  QString unsavedRunsOwner_;  // see runsOwnerFile(); empty once the project has a file
  std::function<QString()> busyRunFolder_;
};

}  // namespace convstudio
