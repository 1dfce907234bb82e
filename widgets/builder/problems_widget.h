#pragma once
// The Problems dock: every error of the model, one row each; activating a row focuses the block.
// A wire the canvas refused is listed too, with its reason, until the model next changes.

#include <QTreeWidget>

#include <optional>
#include <vector>

#include "convstudio/error.h"

namespace convstudio {

class GraphDocument;

class ProblemsWidget : public QTreeWidget {
  Q_OBJECT

 public:
  explicit ProblemsWidget(GraphDocument* document, QWidget* parent = nullptr);

 public slots:
  void showRefusedWire(const QString& blockId, const QString& reason);

 signals:
  void blockActivated(const QString& id);
  void problemCountChanged(int count);

 private:
  void refresh();

  GraphDocument* document_;
  QString refusedAt_;  // the block a refused wire was dropped on
  QString refusal_;    // why; empty when none is shown
  // What the rows show, so that an edit that leaves the problems as they were (most edits)
  // does not rebuild the list.
  std::optional<std::vector<Error>> shownErrors_;
  QString shownRefusal_;
};

}  // namespace convstudio
