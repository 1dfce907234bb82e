#pragma once
// Undo command: a fragment (blocks and their internal wires, already given fresh ids) pasted
// or duplicated into the graph.

#include <QCoreApplication>
#include <QUndoCommand>

#include "convstudio/model/graph.h"

namespace convstudio {

class GraphDocument;

class PasteCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(PasteCommand)

 public:
  PasteCommand(GraphDocument* document, Graph fragment);
  void redo() override;
  void undo() override;

 private:
  GraphDocument* document_;
  Graph fragment_;
};

}  // namespace convstudio
