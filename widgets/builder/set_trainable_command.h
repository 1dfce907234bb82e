#pragma once
// Undo command: blocks frozen or made trainable again, as one edit ("freeze everything before
// this block" changes many blocks at once). Blocks already in the wanted state are left alone;
// a command that changes nothing is dropped.

#include <QCoreApplication>
#include <QStringList>
#include <QUndoCommand>

namespace convstudio {

class GraphDocument;

class SetTrainableCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(SetTrainableCommand)

 public:
  SetTrainableCommand(GraphDocument* document, const QStringList& ids, bool trainable);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  QStringList changed_;  // the blocks whose flag this command flips
  bool trainable_;
};

}  // namespace convstudio
