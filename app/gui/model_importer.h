#pragma once
// File > Import Model…: asks for an ONNX file and where its project goes, imports it off the UI
// thread with a progress dialog, then opens the project; a refused model lists each node.

#include <QObject>
#include <QString>

class QWidget;

namespace convstudio {

class ProjectController;

class ModelImporter : public QObject {
  Q_OBJECT

 public:
  ModelImporter(ProjectController* projects, QWidget* dialogParent);

  // The whole user flow: first the question every replacement of the open project asks
  // (ProjectController::confirmReplace), then the file dialogs.
  void importWithDialogs();
  // Imports `model` into `projectFile` in the background and opens it; `finished` reports.
  void importFile(const QString& model, const QString& projectFile);

 signals:
  // ok: the project is open. Otherwise `message` lists what was refused, one node a line.
  void finished(bool ok, const QString& message);

 private:
  ProjectController* projects_;
  QWidget* dialogParent_;
  bool busy_ = false;
};

}  // namespace convstudio
