#pragma once
// The Properties dock: an editor for the selected block generated from its catalog entry
// (spin boxes with the catalog's ranges, combo boxes, check boxes). Every edit is an undoable
// SetParamCommand, so a spin-box drag merges into one step.

#include <QString>
#include <QWidget>

#include <map>
#include <string>

class QCheckBox;
class QFormLayout;
class QLabel;

namespace convstudio {

class GraphDocument;
struct ParamSpec;

class PropertiesWidget : public QWidget {
  Q_OBJECT

 public:
  explicit PropertiesWidget(GraphDocument* document, QWidget* parent = nullptr);

  // Shows the block's editor; an empty id (or several selected blocks) shows a hint instead.
  void showBlock(const QString& id);
  const QString& blockId() const { return id_; }
  // The editor of a parameter (for tests); nullptr when not shown.
  QWidget* editor(const QString& param) const;

 private:
  void rebuild();
  void updateValues();
  void updateStatus();
  QWidget* makeEditor(const ParamSpec& spec);

  GraphDocument* document_;
  QString id_;
  QLabel* title_ = nullptr;
  QLabel* doc_ = nullptr;
  QLabel* status_ = nullptr;
  QWidget* form_ = nullptr;
  QFormLayout* formLayout_ = nullptr;
  std::map<std::string, QWidget*> editors_;
  QCheckBox* trainable_ = nullptr;  // blocks with weights only
  QCheckBox* recompute_ = nullptr;  // every block but the Input
};

}  // namespace convstudio
