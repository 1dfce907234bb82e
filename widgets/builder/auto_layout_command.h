#pragma once
// Undo command: every block placed by the automatic top-to-bottom layout.

#include <QCoreApplication>
#include <QPointF>
#include <QString>
#include <QUndoCommand>

#include <utility>
#include <vector>

namespace convstudio {

class GraphDocument;

class AutoLayoutCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(AutoLayoutCommand)

 public:
  AutoLayoutCommand(GraphDocument* document,
                    const std::vector<std::pair<QString, QPointF>>& positions);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  std::vector<std::pair<QString, QPointF>> before_;
  std::vector<std::pair<QString, QPointF>> after_;
};

}  // namespace convstudio
