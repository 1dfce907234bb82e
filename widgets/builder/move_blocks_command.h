#pragma once
// Undo command: blocks moved (a drag of the selection). Successive moves of the same blocks
// merge into one step; a move that ends where it started is dropped.

#include <QCoreApplication>
#include <QPointF>
#include <QString>
#include <QUndoCommand>

#include <utility>
#include <vector>

namespace convstudio {

class GraphDocument;

class MoveBlocksCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(MoveBlocksCommand)

 public:
  MoveBlocksCommand(GraphDocument* document,
                    const std::vector<std::pair<QString, QPointF>>& positions);
  void redo() override;
  void undo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

 private:
  struct Move {
    QString id;
    QPointF from;
    QPointF to;
  };
  void updateObsolete();

  GraphDocument* document_;
  std::vector<Move> moves_;
};

}  // namespace convstudio
