#include "project_controller.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

#include "app_settings.h"
#include "convstudio/model/output_modes.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/task_defaults.h"
#include "convstudio/model/template_library.h"
#include "convstudio/runs/project_runs.h"
#include "convstudio/runs/run_history.h"
#include "convstudio/runs/trained_models.h"
#include "engine_text.h"
#include "file_path.h"
#include "graph_document.h"
#include "recover_runs_dialog.h"
#include "template_gallery_dialog.h"
#include "unsaved_work_prompt.h"

namespace convstudio {
namespace {

QString joinErrors(const std::vector<Error>& errors) {
  QStringList lines;
  for (const Error& e : errors) lines << errorText(e);
  return lines.join(QLatin1Char('\n'));
}

QString fileFilter() {
  return ProjectController::tr("ConvStudio projects (*%1)")
      .arg(QString::fromLatin1(ProjectFile::kExtension));
}

}  // namespace

ProjectController::ProjectController(GraphDocument* document, QWidget* dialogParent)
    : QObject(dialogParent),
      document_(document),
      dialogParent_(dialogParent),
      autosaveTimer_(new QTimer(this)) {
  autosaveTimer_->setInterval(kAutosaveIntervalMs);
  connect(autosaveTimer_, &QTimer::timeout, this, &ProjectController::autosave);
  autosaveTimer_->start();
}

bool ProjectController::isModified() const {
  return open_ && !document_->undoStack()->isClean();
}

QString ProjectController::runsOwnerFile() const {
  return filePath_.isEmpty() ? unsavedRunsOwner_ : filePath_;
}

int ProjectController::unsavedRunCount() const {
  // Runs borrowed from a saved project stay with it: nothing is lost when this one goes.
  if (!open_ || !filePath_.isEmpty() || unsavedRunsOwner_.isEmpty() || runsBorrowed_) return 0;
  return static_cast<int>(list_recorded_runs(fsPath(unsavedRunsOwner_), RunDetail::Summary).size());
}

QStringList ProjectController::strandedProjects() const {
  QStringList projects;
  for (const std::filesystem::path& owner : unsaved_projects_with_runs(fsPath(dataFolder()))) {
    const QString path = QFile::decodeName(owner.string().c_str());
    if (!open_ || path != runsOwnerFile()) projects << path;
  }
  return projects;
}

QString ProjectController::dataFolder() {
  // Not AppLocalDataLocation: that appends the organisation and the application name, both
  // "ConvStudio" (…/ConvStudio/ConvStudio); the engine's rule names the studio once.
  const QString userData = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
  return qtPath(
      studio_data_folder(fsPath(userData), QCoreApplication::applicationName().toStdString()));
}

QStringList ProjectController::recentFiles() const {
  return settings::kRecentFiles.value();
}

void ProjectController::setProject(Project project, const QString& path, const QString& name,
                                   const QString& unsavedRunsOwner) {
  document_->resetProject(std::move(project));
  open_ = true;
  filePath_ = path;
  name_ = name;
  unsavedRunsOwner_.clear();
  runsBorrowed_ = false;
  if (path.isEmpty()) {
    unsavedRunsOwner_ =
        !unsavedRunsOwner.isEmpty()
            ? unsavedRunsOwner
            : QFile::decodeName(
                  unsaved_project_file(QFile::encodeName(dataFolder()).toStdString()).c_str());
  }
  emit projectChanged();
}

void ProjectController::newBlank(ProjectTask task) {
  Project project;
  project.task = task;
  const TensorShape input = templateInput();
  Graph& graph = project.graph;
  const std::string in = graph.add_block(kInputBlockType, 0, 0);
  graph.set_param(in, "channels", input.channels());
  graph.set_param(in, "height", input.height());
  graph.set_param(in, "width", input.width());
  const std::string out = graph.add_block(kOutputBlockType, 0, 180);
  graph.set_param(out, "classes", templateClasses());
  // A segmentation model's output is the last layer's per-pixel logits, not a dense layer.
  if (task == ProjectTask::Segmentation) {
    graph.set_param(out, "mode", std::string(kOutputModePassThrough));
  }
  apply_task_defaults(project);
  setProject(std::move(project), {}, tr("Untitled"));
}

Result<QString> ProjectController::newFromTemplate(const QString& name,
                                                   std::optional<ProjectTask> task) {
  const TemplateInstance instance =
      TemplateLibrary::instantiate(name.toStdString(), templateInput(), templateClasses());
  if (!instance.graph) return instance.errors.front();
  Project project;
  project.dataset = open_ ? document_->project().dataset : DatasetSettings{};
  project.training = open_ ? document_->project().training : TrainingSettings{};
  project.graph = *instance.graph;
  project.task = task.value_or(instance.task);
  // The template's recipe replaces the training settings; the device stays the user's.
  instance.recipe.apply_to(project);
  apply_task_defaults(project);
  setProject(std::move(project), {}, name);
  return name;
}

void ProjectController::openExample() {
  Project project;  // the default dataset is the built-in Fashion-MNIST
  const TemplateInstance lenet5 =
      TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10);
  project.graph = *lenet5.graph;
  lenet5.recipe.apply_to(project);
  setProject(std::move(project), {}, tr("Fashion-MNIST example"));
}

std::vector<Error> ProjectController::openFile(const QString& path) {
  ProjectLoadResult result = ProjectFile::load(QFile::encodeName(path).toStdString());
  if (!result.ok()) return std::move(result.errors);
  setProject(std::move(*result.project), path, QFileInfo(path).completeBaseName());
  addRecentFile(path);
  return {};
}

Result<QString> ProjectController::saveTo(const QString& path) {
  const bool renamed = path != filePath_;
  // Under a new name the starting weights come along (the engine copies them beside it).
  Result<Project> saved =
      ProjectFile::save_as(document_->project(), QFile::encodeName(filePath_).toStdString(),
                           QFile::encodeName(path).toStdString());
  if (!saved) return saved.error();
  document_->setWeightsFile(saved.value().weights);
  document_->undoStack()->setClean();
  discardRecovery();
  if (renamed) {
    // The runs come along: moved from an unsaved project's own place, copied from a saved one
    // (whose file still has them).
    const QString busy = busyRunFolder_ ? busyRunFolder_() : QString();
    const CarriedRuns carried = carry_runs(
        QFile::encodeName(runsOwnerFile()).toStdString(), QFile::encodeName(path).toStdString(),
        filePath_.isEmpty() && !runsBorrowed_ ? CarryMode::Move : CarryMode::Copy,
        QFile::encodeName(busy).toStdString());
    if (carried.error) emit runsNotCarried(engineText(*carried.error));
  }
  unsavedRunsOwner_.clear();
  runsBorrowed_ = false;
  filePath_ = path;
  name_ = QFileInfo(path).completeBaseName();
  addRecentFile(path);
  if (renamed) emit projectChanged();
  return path;
}

void ProjectController::close() {
  document_->resetProject({});
  open_ = false;
  filePath_.clear();
  name_.clear();
  unsavedRunsOwner_.clear();
  runsBorrowed_ = false;
  discardRecovery();
  emit projectChanged();
}

bool ProjectController::openTrainedVersion(const QString& checkpoint) {
  std::optional<Project> trained = checkpoint_project(fsPath(checkpoint));
  if (!trained) {
    showError(tr("Open the Trained Version"), tr("The checkpoint %1 holds no readable project.")
                                                  .arg(QDir::toNativeSeparators(checkpoint)));
    return false;
  }
  const QString run = QFileInfo(QFileInfo(checkpoint).absolutePath()).fileName();
  const QString name = tr("%1 as run %2 trained it").arg(name_, run);
  if (!confirmReplace()) return false;
  // Asked first, the project may have been saved: its runs are then under its file.
  const QString owner = runsOwnerFile();
  const bool borrowed = !filePath_.isEmpty();
  setProject(std::move(*trained), {}, name, owner);
  // A saved project's runs stay its own: listed here, copied (not moved) by a Save As.
  runsBorrowed_ = borrowed;
  return true;
}

void ProjectController::reopenUnsavedProject(Project project, const QString& runsOwner,
                                             const QString& name) {
  setProject(std::move(project), {}, name, runsOwner);
}

TensorShape ProjectController::templateInput() const {
  const DatasetSettings& dataset = document_->project().dataset;
  if (open_ && dataset.input_channels > 0 && dataset.input_height > 0 && dataset.input_width > 0) {
    return TensorShape::image(dataset.input_channels, dataset.input_height, dataset.input_width);
  }
  const Graph& graph = document_->graph();
  if (auto inputs = graph.blocks_of_type(kInputBlockType); open_ && !inputs.empty()) {
    const Block& in = *graph.find_block(inputs.front());
    return TensorShape::image(in.int_param("channels"), in.int_param("height"),
                              in.int_param("width"));
  }
  return TensorShape::image(1, 28, 28);
}

std::int64_t ProjectController::templateClasses() const {
  const Graph& graph = document_->graph();
  if (auto outputs = graph.blocks_of_type(kOutputBlockType); open_ && !outputs.empty()) {
    return graph.find_block(outputs.front())->int_param("classes");
  }
  return 10;
}

QString ProjectController::recoveryFilePath() {
  return QDir(dataFolder())
      .filePath(QStringLiteral("recovery") + QString::fromLatin1(ProjectFile::kExtension));
}

bool ProjectController::hasRecovery() const {
  return QFileInfo::exists(recoveryFilePath());
}

bool ProjectController::writeRecovery() {
  if (!open_) return false;
  QDir().mkpath(QFileInfo(recoveryFilePath()).absolutePath());
  if (ProjectFile::save(document_->project(),
                        QFile::encodeName(recoveryFilePath()).toStdString())) {
    return false;
  }
  settings::kRecoverySourcePath.setValue(filePath_);
  settings::kRecoveryName.setValue(name_);
  settings::kRecoveryRunsOwner.setValue(unsavedRunsOwner_);
  return true;
}

std::vector<Error> ProjectController::restoreRecovery() {
  ProjectLoadResult result = ProjectFile::load(QFile::encodeName(recoveryFilePath()).toStdString());
  if (!result.ok()) return std::move(result.errors);
  const QString source = settings::kRecoverySourcePath.value();
  const QString name = settings::kRecoveryName.value();
  setProject(std::move(*result.project), source, name.isEmpty() ? tr("Recovered") : name,
             settings::kRecoveryRunsOwner.value());
  // The restored work is not in any file yet: it counts as unsaved.
  document_->undoStack()->resetClean();
  return {};
}

void ProjectController::discardRecovery() {
  QFile::remove(recoveryFilePath());
  settings::kRecoverySourcePath.clear();
  settings::kRecoveryName.clear();
  settings::kRecoveryRunsOwner.clear();
}

void ProjectController::autosave() {
  if (isModified()) {
    writeRecovery();
  } else {
    discardRecovery();
  }
}

void ProjectController::addRecentFile(const QString& path) {
  QStringList files = recentFiles();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxRecentFiles) files.removeLast();
  settings::kRecentFiles.setValue(files);
  emit recentFilesChanged();
}

void ProjectController::showError(const QString& title, const QString& text) {
  QMessageBox::warning(dialogParent_, title, text);
}

void ProjectController::showErrors(const QString& title, const std::vector<Error>& errors) {
  showError(title, tr("The project cannot be read:\n%1").arg(joinErrors(errors)));
}

void ProjectController::newProject() {
  if (!confirmReplace()) return;
  TemplateGalleryDialog gallery(templateInput(), templateClasses(), dialogParent_);
  if (gallery.exec() != QDialog::Accepted) return;
  const QString name = gallery.selectedTemplate();
  if (name.isEmpty()) {
    newBlank(gallery.selectedTask());
    return;
  }
  if (const Result<QString> made = newFromTemplate(name, gallery.selectedTask()); !made) {
    showError(tr("New Project"), errorText(made.error()));
  }
}

void ProjectController::newProjectFromTemplate(const QString& name) {
  if (!confirmReplace()) return;
  if (const Result<QString> made = newFromTemplate(name); !made) {
    showError(tr("New Project"), errorText(made.error()));
  }
}

void ProjectController::open() {
  if (!confirmReplace()) return;
  const QString path = QFileDialog::getOpenFileName(
      dialogParent_, tr("Open Project"), QFileInfo(filePath_).absolutePath(), fileFilter());
  if (path.isEmpty()) return;
  if (const std::vector<Error> errors = openFile(path); !errors.empty()) {
    showErrors(tr("Open Project"), errors);
  }
}

void ProjectController::openExampleAsking() {
  if (confirmReplace()) openExample();
}

void ProjectController::closeAsking() {
  if (confirmReplace()) close();
}

void ProjectController::recoverUnsavedRuns() {
  const QStringList stranded = strandedProjects();
  if (stranded.isEmpty()) {
    QMessageBox::information(dialogParent_, tr("Recover Unsaved Runs"),
                             tr("No runs of unsaved projects are left in the data folder (%1).")
                                 .arg(QDir::toNativeSeparators(dataFolder())));
    return;
  }
  RecoverRunsDialog dialog(stranded, dialogParent_);
  if (dialog.exec() != QDialog::Accepted || !dialog.chosenProject()) return;
  // Asked once the user has chosen: looking at the list costs nothing.
  if (!confirmReplace()) return;
  reopenUnsavedProject(*dialog.chosenProject(), dialog.chosenOwner(), dialog.chosenName());
}

void ProjectController::openRecent(const QString& path) {
  if (!confirmReplace()) return;
  const std::vector<Error> errors = openFile(path);
  if (errors.empty()) return;
  showErrors(tr("Open Project"), errors);
  QStringList files = recentFiles();
  files.removeAll(path);
  settings::kRecentFiles.setValue(files);
  emit recentFilesChanged();
}

bool ProjectController::save() {
  if (!open_) return false;
  if (filePath_.isEmpty()) return saveAs();
  const Result<QString> saved = saveTo(filePath_);
  if (saved) return true;
  showError(tr("Save Project"), tr("The project was not saved: %1").arg(errorText(saved.error())));
  return false;
}

bool ProjectController::saveAs() {
  if (!open_) return false;
  const QString suggested =
      filePath_.isEmpty() ? name_ + QString::fromLatin1(ProjectFile::kExtension) : filePath_;
  QString path =
      QFileDialog::getSaveFileName(dialogParent_, tr("Save Project As"), suggested, fileFilter());
  if (path.isEmpty()) return false;
  if (!path.endsWith(QString::fromLatin1(ProjectFile::kExtension))) {
    path += QString::fromLatin1(ProjectFile::kExtension);
  }
  const Result<QString> saved = saveTo(path);
  if (saved) return true;
  showError(tr("Save Project"), tr("The project was not saved: %1").arg(errorText(saved.error())));
  return false;
}

bool ProjectController::confirmReplace() {
  const bool edited = isModified();
  const int runs = unsavedRunCount();
  if (UnsavedWorkPrompt::needed(edited, runs)) {
    const auto answer = UnsavedWorkPrompt::ask(dialogParent_, name_, edited, runs, dataFolder());
    if (answer == QMessageBox::Save) {
      if (!save()) return false;  // Save As cancelled or failed: nothing goes
    } else if (answer != QMessageBox::Discard) {
      return false;
    }
  }
  // A run still training stops before the project goes (asked last, so Cancel above leaves it
  // running): left going, its end would be carried into the next project's runs.
  return !runStopper_ || runStopper_(dialogParent_);
}

void ProjectController::offerRecovery() {
  if (!hasRecovery()) return;
  const QString name = settings::kRecoveryName.value();
  const auto answer = QMessageBox::question(
      dialogParent_, tr("Recover Unsaved Work"),
      tr("ConvStudio did not close normally. Restore the unsaved changes to “%1” from the "
         "last autosave?")
          .arg(name.isEmpty() ? tr("Untitled") : name),
      QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
  if (answer != QMessageBox::Yes) {
    discardRecovery();
    return;
  }
  if (const std::vector<Error> errors = restoreRecovery(); !errors.empty()) {
    showErrors(tr("Recover Unsaved Work"), errors);
  }
}

}  // namespace convstudio
