#pragma once
// File > New: a blank model or one of the built-in templates, each listed with its description,
// number of layers and parameters for the current dataset's input shape and class count, and the
// project's task (classification or segmentation).

#include <QDialog>

#include "convstudio/model/project_task.h"
#include "convstudio/model/tensor_shape.h"

class QComboBox;
class QTreeWidget;

namespace convstudio {

class TemplateGalleryDialog : public QDialog {
  Q_OBJECT

 public:
  TemplateGalleryDialog(const TensorShape& input, std::int64_t classes, QWidget* parent = nullptr);

  // The chosen template's name; empty for the blank model.
  QString selectedTemplate() const;
  ProjectTask selectedTask() const;
  QTreeWidget* list() const { return list_; }
  QComboBox* taskChoice() const { return task_; }

 private:
  QTreeWidget* list_ = nullptr;
  QComboBox* task_ = nullptr;
};

}  // namespace convstudio
