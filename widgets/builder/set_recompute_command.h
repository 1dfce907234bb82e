#pragma once
// Undo command: blocks marked to recompute their forward in backward (activation
// checkpointing: less memory, more compute) or unmarked, as one edit. Blocks already in the
// wanted state are left alone; a command that changes nothing is dropped.

#include <QCoreApplication>
#include <QStringList>
#include <QUndoCommand>

namespace convstudio {

class GraphDocument;

class SetRecomputeCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(SetRecomputeCommand)

 public:
  SetRecomputeCommand(GraphDocument* document, const QStringList& ids, bool recompute);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  QStringList changed_;  // the blocks whose flag this command flips
  bool recompute_;
};

}  // namespace convstudio
