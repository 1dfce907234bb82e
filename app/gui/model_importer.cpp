#include "model_importer.h"

#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>

#include <atomic>
#include <memory>

#include "convstudio/import/onnx_import.h"
#include "engine_text.h"
#include "project_controller.h"
#include "run_in_pool.h"

namespace convstudio {

ModelImporter::ModelImporter(ProjectController* projects, QWidget* dialogParent)
    : QObject(dialogParent), projects_(projects), dialogParent_(dialogParent) {}

void ModelImporter::importWithDialogs() {
  // The imported project replaces the open one: asked before anything else, as Open does.
  if (!projects_->confirmReplace()) return;
  const QString model = QFileDialog::getOpenFileName(dialogParent_, tr("Import Model"), QString(),
                                                     tr("ONNX models (*.onnx)"));
  if (model.isEmpty()) return;
  const QFileInfo info(model);
  const QString suggested = info.dir().filePath(info.completeBaseName() + ".convstudio");
  const QString projectFile =
      QFileDialog::getSaveFileName(dialogParent_, tr("Save the Imported Project As"), suggested,
                                   tr("ConvStudio projects (*.convstudio)"));
  if (projectFile.isEmpty()) return;
  connect(
      this, &ModelImporter::finished, this,
      [this](bool ok, const QString& message) {
        if (!ok) {
          QMessageBox box(QMessageBox::Warning, tr("Import Model"),
                          tr("The model cannot be imported; nothing was written."), QMessageBox::Ok,
                          dialogParent_);
          box.setDetailedText(message);
          box.setInformativeText(message.section(QLatin1Char('\n'), 0, 2));
          box.exec();
        }
      },
      Qt::SingleShotConnection);
  importFile(model, projectFile);
}

void ModelImporter::importFile(const QString& model, const QString& projectFile) {
  if (busy_) return;
  busy_ = true;
  auto* progress = new QProgressDialog(tr("Importing %1…").arg(QFileInfo(model).fileName()),
                                       QString(), 0, 100, dialogParent_);
  progress->setWindowTitle(tr("Import Model"));
  // The open project is replaced when the import ends: no edits to it meanwhile.
  progress->setWindowModality(Qt::WindowModal);
  progress->setMinimumDuration(300);
  progress->setValue(0);
  QPointer<QProgressDialog> guard(progress);
  // The engine reports progress on the pool thread; the dialog moves on the UI thread.
  // (The pointer is read only there: a QPointer is not for other threads.)
  const ImportProgress report = [guard](double fraction, const std::string&) {
    QMetaObject::invokeMethod(
        qApp,
        [guard, fraction] {
          if (guard) guard->setValue(static_cast<int>(fraction * 100));
        },
        Qt::QueuedConnection);
  };
  const std::string modelPath = QFile::encodeName(model).toStdString();
  const std::string projectPath = QFile::encodeName(projectFile).toStdString();
  runInPool(
      this,
      [modelPath, projectPath, report] {
        return std::make_shared<OnnxImportResult>(
            import_onnx_model(modelPath, projectPath, report));
      },
      [this, guard, projectFile](const std::shared_ptr<OnnxImportResult>& result) {
        busy_ = false;
        if (guard) guard->deleteLater();
        if (!result->ok()) {
          emit finished(false, QString::fromStdString(result->describe_errors()).trimmed());
          return;
        }
        if (const std::vector<Error> errors = projects_->openFile(projectFile); !errors.empty()) {
          emit finished(false, errorText(errors.front()));
          return;
        }
        emit finished(true, QString());
      },
      [this, guard](const QString& problem) {
        busy_ = false;
        if (guard) guard->deleteLater();
        emit finished(false, tr("The import stopped: %1").arg(problem));
      });
}

}  // namespace convstudio
