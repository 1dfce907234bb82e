#pragma once
// Undo command: one block parameter changed. Successive changes of the same parameter (a
// spin-box drag) merge; a change back to the old value is dropped.

#include <QCoreApplication>
#include <QString>
#include <QUndoCommand>

#include "convstudio/model/param_value.h"

namespace convstudio {

class GraphDocument;

class SetParamCommand : public QUndoCommand {
  Q_DECLARE_TR_FUNCTIONS(SetParamCommand)

 public:
  SetParamCommand(GraphDocument* document, QString id, QString name, ParamValue value);
  void redo() override;
  void undo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

 private:
  GraphDocument* document_;
  QString blockId_;
  QString name_;
  ParamValue old_;
  ParamValue new_;
};

}  // namespace convstudio
