#pragma once
// The open project as a Qt model: the single source of truth that the canvas, the docks and the
// undo commands share. Blocks are addressed by id; every change is reported by a signal.

#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>
#include <vector>

#include "convstudio/model/block_analysis.h"
#include "convstudio/model/project.h"

class QUndoStack;

namespace convstudio {

// Owns the Project and its QUndoStack. The public edit functions (addBlock, connectBlocks, ...)
// are what the UI and the tests call: each pushes one undo command. The primitive functions
// (insertBlockAt, removeBlock, ...) are for those commands only; they change the graph, emit the
// fine-grained signal and rerun shape inference.
class GraphDocument : public QObject {
  Q_OBJECT

 public:
  explicit GraphDocument(QObject* parent = nullptr);

  const Project& project() const { return project_; }
  const Graph& graph() const { return project_.graph; }
  const ModelAnalysis& analysis() const { return analysis_; }
  QUndoStack* undoStack() const { return undoStack_; }
  // Errors that point at `id` (empty when the block is fine).
  std::vector<Error> errorsOf(const QString& id) const;

  // Replaces the whole project (new, open, recovery): clears the undo history, marks it clean.
  void resetProject(Project project);
  // Where the starting weights live, after a save under a new name copied them (the file's
  // place changed, not the model: no undo command, and the undo history stays).
  void setWeightsFile(const std::string& weights) { project_.weights = weights; }
  // The training panels edit the dataset and training settings here, one undo command per
  // change (successive changes of one setting merge). Nothing happens when nothing differs.
  void setSettings(const DatasetSettings& dataset, const TrainingSettings& training);

  // ---- Edits, each one undo command ----
  // Adds a catalog block with default parameters; returns its id (empty for an unknown type).
  QString addBlock(const QString& type, QPointF position);
  // Why `connection` would be refused (structure, cycle, taken port, or an input shape the
  // target cannot take); nullopt when it is acceptable.
  std::optional<Error> checkConnection(const Connection& connection) const;
  // Connects after checkConnection; returns the refusal, or nullopt when connected.
  std::optional<Error> connectBlocks(const Connection& connection);
  void disconnectBlocks(const std::vector<Connection>& connections);
  // Deletes the blocks with every wire touching them, plus the given loose wires.
  void deleteSelection(const QStringList& ids, const std::vector<Connection>& wires = {});
  void moveBlocks(const std::vector<std::pair<QString, QPointF>>& positions);
  void setParam(const QString& id, const QString& name, const ParamValue& value);
  // Pastes a fragment (GraphFragment JSON) shifted by `offset` with fresh ids; returns them.
  QStringList paste(const QByteArray& fragmentJson, QPointF offset);
  void autoLayout();
  // Freezes (or unfreezes) the blocks, one undo command.
  void setTrainable(const QStringList& ids, bool trainable);
  // Marks (or unmarks) the blocks to recompute their forward in backward, one undo command;
  // with a `group`, they are recomputed together as one segment (Block::recompute_group).
  void setRecompute(const QStringList& ids, bool recompute, const QString& group = {});
  // Fine-tuning in one step: freezes every block that feeds `id`, directly or not.
  void freezeBefore(const QString& id);

  // ---- Primitives, for undo commands only ----
  // The batch forms change the graph in one pass, emit one signal per block or wire and rerun
  // shape inference once, so that a command over hundreds of blocks stays linear. Places are
  // where each block or wire ends up in the graph's list (ascending; past the end appends).
  // Each returns how many blocks or wires it changed.
  std::size_t insertBlocksAt(std::vector<std::pair<std::size_t, Block>> blocks);
  // Removes the blocks and every wire touching them; the wires' signals come first, so views
  // never hold a wire to a missing block.
  std::size_t removeBlocks(const QStringList& ids);
  std::size_t insertConnectionsAt(std::vector<std::pair<std::size_t, Connection>> connections);
  std::size_t removeConnections(const std::vector<Connection>& connections);
  bool insertBlockAt(const Block& block, std::size_t index);
  bool removeBlock(const QString& id);
  bool insertConnectionAt(const Connection& connection, std::size_t index);
  bool removeConnection(const Connection& connection);
  bool setBlockParam(const QString& id, const QString& name, const ParamValue& value);
  bool setBlockPosition(const QString& id, QPointF position);
  bool setBlockTrainable(const QString& id, bool trainable);
  bool setBlockRecompute(const QString& id, bool recompute, const QString& group = {});
  void applySettings(const DatasetSettings& dataset, const TrainingSettings& training);

  // Defers the analysis until the outermost batch ends, so a command touching many blocks
  // reruns shape inference once.
  class Batch {
   public:
    explicit Batch(GraphDocument& document);
    ~Batch();
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;

   private:
    GraphDocument& document_;
  };

 signals:
  void blockAdded(const QString& id);
  void blockRemoved(const QString& id);
  void blockChanged(const QString& id);  // a parameter changed
  void blockMoved(const QString& id);
  void connectionAdded(const convstudio::Connection& connection);
  void connectionRemoved(const convstudio::Connection& connection);
  void modelReset();
  void analysisChanged();
  void settingsChanged();

 private:
  void graphEdited();
  void reanalyse();

  Project project_;
  ModelAnalysis analysis_;
  QUndoStack* undoStack_ = nullptr;
  int batchDepth_ = 0;
  bool analysisPending_ = false;
};

}  // namespace convstudio
