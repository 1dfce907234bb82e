#pragma once
// Undo command: blocks marked to recompute their forward in backward (activation
// checkpointing: less memory, more compute), alone or together as one segment (a recompute
// group), or unmarked, as one edit. Blocks already in the wanted state are left alone; a command
// that changes nothing is dropped.

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUndoCommand>

namespace convstudio {

class GraphDocument;

class SetRecomputeCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(SetRecomputeCommand)

 public:
  // `group` empty: each block recomputes alone (or, unmarking, leaves its group).
  SetRecomputeCommand(GraphDocument* document, const QStringList& ids, bool recompute,
                      const QString& group = {});
  void redo() override;
  void undo() override;

 private:
  struct Before {
    QString id;
    bool recompute = false;
    QString group;
  };

  GraphDocument* document_;
  QList<Before> changed_;  // the blocks this command changes, as they were
  bool recompute_;
  QString group_;
};

}  // namespace convstudio
