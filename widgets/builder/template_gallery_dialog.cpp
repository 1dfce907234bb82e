#include "template_gallery_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "convstudio/model/units.h"
#include "template_text.h"

namespace convstudio {
namespace {

constexpr int kTaskRole = Qt::UserRole + 1;  // a template row's task, as its file names it

}  // namespace

TemplateGalleryDialog::TemplateGalleryDialog(const TensorShape& input, std::int64_t classes,
                                             QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("New Project"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("Start from a blank model or a template. Figures are for input "
                              "%1 and %2 classes.")
                               .arg(QString::fromStdString(input.to_string()))
                               .arg(classes),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);

  list_ = new QTreeWidget(this);
  list_->setObjectName(QStringLiteral("templateList"));
  list_->setColumnCount(4);
  list_->setHeaderLabels({tr("Model"), tr("Layers"), tr("Parameters"), tr("Description")});
  list_->setRootIsDecorated(false);
  list_->setWordWrap(true);
  list_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  list_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  list_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  list_->header()->setStretchLastSection(true);

  auto* blank = new QTreeWidgetItem(
      list_, {tr("Blank"), QStringLiteral("2"), QStringLiteral("—"),
              tr("An Input and an Output block; add the rest from the palette.")});
  blank->setData(0, Qt::UserRole, QString());
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    const TemplateInstance instance = TemplateLibrary::instantiate(info.name, input, classes);
    QString layers = QStringLiteral("—");
    QString params = QStringLiteral("—");
    if (instance.graph) {
      layers = QString::number(instance.graph->blocks().size());
      const ModelAnalysis analysis = ShapeInference::run(*instance.graph);
      params = analysis.ok() ? QString::fromStdString(format_count(analysis.total_params()))
                             : tr("does not fit this input");
    }
    const QString description = TemplateText::description(info);
    auto* item = new QTreeWidgetItem(
        list_, {QString::fromStdString(info.name), layers, params, description});
    item->setData(0, Qt::UserRole, QString::fromStdString(info.name));
    item->setData(0, kTaskRole, QString::fromStdString(std::string(to_string(info.task))));
    item->setToolTip(3, description);
  }
  list_->setCurrentItem(blank);
  layout->addWidget(list_, 1);

  auto* taskRow = new QHBoxLayout();
  auto* taskLabel = new QLabel(tr("Task:"), this);
  task_ = new QComboBox(this);
  task_->setObjectName(QStringLiteral("taskChoice"));
  task_->addItem(tr("Classification: one label per image (N×K class scores)"),
                 QString::fromStdString(std::string(to_string(ProjectTask::Classification))));
  task_->addItem(tr("Segmentation: a label per pixel (N×C×H×W logits at the input's size)"),
                 QString::fromStdString(std::string(to_string(ProjectTask::Segmentation))));
  taskLabel->setBuddy(task_);
  taskRow->addWidget(taskLabel);
  taskRow->addWidget(task_, 1);
  layout->addLayout(taskRow);
  // A template is made for one task (unet-small segments): choosing it chooses its task, which
  // the user may still change (the project then says which block breaks it).
  connect(list_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    const QString task = item != nullptr ? item->data(0, kTaskRole).toString() : QString();
    if (!task.isEmpty()) task_->setCurrentIndex(task_->findData(task));
  });

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Create"));
  buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(list_, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
  layout->addWidget(buttons);
  resize(820, 360);
}

QString TemplateGalleryDialog::selectedTemplate() const {
  QTreeWidgetItem* item = list_->currentItem();
  return item ? item->data(0, Qt::UserRole).toString() : QString();
}

ProjectTask TemplateGalleryDialog::selectedTask() const {
  return parse_project_task(task_->currentData().toString().toStdString())
      .value_or(ProjectTask::Classification);
}

}  // namespace convstudio
