#pragma once
// File > New: a blank model or one of the built-in templates, each listed with its description,
// number of layers and parameters for the current dataset's input shape and class count.

#include <QDialog>

#include "convstudio/model/tensor_shape.h"

class QTreeWidget;

namespace convstudio {

class TemplateGalleryDialog : public QDialog {
  Q_OBJECT

 public:
  TemplateGalleryDialog(const TensorShape& input, std::int64_t classes, QWidget* parent = nullptr);

  // The chosen template's name; empty for the blank model.
  QString selectedTemplate() const;
  QTreeWidget* list() const { return list_; }

 private:
  QTreeWidget* list_ = nullptr;
};

}  // namespace convstudio
