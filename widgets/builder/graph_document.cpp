#include "graph_document.h"

#include <QUndoStack>

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_set>

#include "add_block_command.h"
#include "auto_layout.h"
#include "auto_layout_command.h"
#include "connect_command.h"
#include "convstudio/model/graph_validator.h"
#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/task_check.h"
#include "delete_selection_command.h"
#include "disconnect_command.h"
#include "graph_fragment.h"
#include "move_blocks_command.h"
#include "paste_command.h"
#include "set_param_command.h"
#include "set_recompute_command.h"
#include "set_settings_command.h"
#include "set_trainable_command.h"

namespace convstudio {
namespace {

// The part of `graph` that decides `id`'s input shapes: its ancestors and the wires between
// them, with an Output after `id`. Shape inference skips blocks with structural problems, and
// while a model is being built every block still lacks a path to the Output; the probe lets
// the shape rules judge a new wire all the same.
Graph probeFor(const Graph& graph, const std::string& id) {
  std::set<std::string> keep{id};
  std::vector<std::string> pending{id};
  while (!pending.empty()) {
    const std::string next = pending.back();
    pending.pop_back();
    for (const Connection& c : graph.inputs_of(next)) {
      if (keep.insert(c.from).second) pending.push_back(c.from);
    }
  }
  Graph probe;
  for (const Block& b : graph.blocks()) {
    if (keep.contains(b.id)) probe.insert_block(b);
  }
  for (const Connection& c : graph.connections()) {
    if (keep.contains(c.from) && keep.contains(c.to)) probe.insert_connection(c);
  }
  const Block* target = graph.find_block(id);
  if (target != nullptr && target->type != kOutputBlockType) {
    probe.insert_connection({id, probe.add_block(kOutputBlockType), 0});
  }
  return probe;
}

// Shape problems the block reports about its inputs, leaving out structural ones (a missing
// second Add input is not a reason to refuse the first wire).
std::vector<Error> inputShapeErrors(const Graph& graph, const std::string& id) {
  const Graph probe = probeFor(graph, id);
  const std::vector<Error> structural = GraphValidator::validate(probe);
  std::vector<Error> result;
  for (const Error& e : ShapeInference::run(probe).errors) {
    if (e.block_id != id || !e.field.starts_with("inputs")) continue;
    if (std::find(structural.begin(), structural.end(), e) != structural.end()) continue;
    result.push_back(e);
  }
  return result;
}

}  // namespace

GraphDocument::GraphDocument(QObject* parent) : QObject(parent), undoStack_(new QUndoStack(this)) {
  reanalyse();
}

std::vector<Error> GraphDocument::errorsOf(const QString& id) const {
  std::vector<Error> result;
  const std::string key = id.toStdString();
  for (const Error& e : analysis_.errors) {
    if (e.block_id == key) result.push_back(e);
  }
  return result;
}

void GraphDocument::resetProject(Project project) {
  undoStack_->clear();
  project_ = std::move(project);
  analysis_ = analyse_project(project_);
  emit modelReset();
  emit analysisChanged();
  undoStack_->setClean();
}

void GraphDocument::setSettings(const DatasetSettings& dataset, const TrainingSettings& training) {
  if (dataset == project_.dataset && training == project_.training) return;
  undoStack_->push(new SetSettingsCommand(this, dataset, training));
}

void GraphDocument::applySettings(const DatasetSettings& dataset,
                                  const TrainingSettings& training) {
  project_.dataset = dataset;
  project_.training = training;
  emit settingsChanged();
  emit analysisChanged();  // the summary's memory estimate depends on the batch size
}

QString GraphDocument::addBlock(const QString& type, QPointF position) {
  Graph scratch = project_.graph;
  const std::string id = scratch.add_block(type.toStdString(), position.x(), position.y());
  if (id.empty()) return {};
  undoStack_->push(new AddBlockCommand(this, *scratch.find_block(id)));
  return QString::fromStdString(id);
}

std::optional<Error> GraphDocument::checkConnection(const Connection& connection) const {
  Graph trial = project_.graph;
  if (auto refusal = trial.connect(connection)) return refusal;
  const std::vector<Error> before = inputShapeErrors(project_.graph, connection.to);
  for (const Error& e : inputShapeErrors(trial, connection.to)) {
    if (std::find(before.begin(), before.end(), e) == before.end()) return e;
  }
  return std::nullopt;
}

std::optional<Error> GraphDocument::connectBlocks(const Connection& connection) {
  if (auto refusal = checkConnection(connection)) return refusal;
  undoStack_->push(new ConnectCommand(this, connection));
  return std::nullopt;
}

void GraphDocument::disconnectBlocks(const std::vector<Connection>& connections) {
  undoStack_->push(new DisconnectCommand(this, connections));
}

void GraphDocument::deleteSelection(const QStringList& ids, const std::vector<Connection>& wires) {
  undoStack_->push(new DeleteSelectionCommand(this, ids, wires));
}

void GraphDocument::moveBlocks(const std::vector<std::pair<QString, QPointF>>& positions) {
  undoStack_->push(new MoveBlocksCommand(this, positions));
}

void GraphDocument::setParam(const QString& id, const QString& name, const ParamValue& value) {
  undoStack_->push(new SetParamCommand(this, id, name, value));
}

void GraphDocument::setRecompute(const QStringList& ids, bool recompute, const QString& group) {
  auto* command = new SetRecomputeCommand(this, ids, recompute, group);
  if (command->isObsolete()) {
    delete command;
    return;
  }
  undoStack_->push(command);
}

void GraphDocument::setTrainable(const QStringList& ids, bool trainable) {
  auto* command = new SetTrainableCommand(this, ids, trainable);
  if (command->isObsolete()) {
    delete command;
    return;
  }
  undoStack_->push(command);
}

void GraphDocument::freezeBefore(const QString& id) {
  QStringList ancestors;
  std::vector<std::string> pending{id.toStdString()};
  std::set<std::string> seen;
  while (!pending.empty()) {
    const std::string at = pending.back();
    pending.pop_back();
    for (const Connection& wire : project_.graph.inputs_of(at)) {
      if (seen.insert(wire.from).second) {
        ancestors << QString::fromStdString(wire.from);
        pending.push_back(wire.from);
      }
    }
  }
  setTrainable(ancestors, false);
}

QStringList GraphDocument::paste(const QByteArray& fragmentJson, QPointF offset) {
  const std::optional<Graph> fragment = GraphFragment::fromJson(fragmentJson);
  if (!fragment || fragment->empty()) return {};
  const Graph placed = GraphFragment::rebased(*fragment, project_.graph, offset);
  QStringList ids;
  for (const Block& b : placed.blocks()) ids << QString::fromStdString(b.id);
  undoStack_->push(new PasteCommand(this, placed));
  return ids;
}

void GraphDocument::autoLayout() {
  undoStack_->push(new AutoLayoutCommand(this, AutoLayout::arrange(project_.graph)));
}

std::size_t GraphDocument::insertBlocksAt(std::vector<std::pair<std::size_t, Block>> blocks) {
  const std::vector<std::string> ids = project_.graph.insert_blocks_at(std::move(blocks));
  for (const std::string& id : ids) emit blockAdded(QString::fromStdString(id));
  if (!ids.empty()) graphEdited();
  return ids.size();
}

std::size_t GraphDocument::removeBlocks(const QStringList& ids) {
  std::vector<std::string> keys;
  std::unordered_set<std::string_view> gone;
  keys.reserve(static_cast<std::size_t>(ids.size()));
  for (const QString& id : ids) {
    std::string key = id.toStdString();
    if (project_.graph.find_block(key) != nullptr) keys.push_back(std::move(key));
  }
  for (const std::string& key : keys) gone.insert(key);
  if (keys.empty()) return 0;
  std::vector<Connection> touching;
  for (const Connection& c : project_.graph.connections()) {
    if (gone.contains(c.from) || gone.contains(c.to)) touching.push_back(c);
  }
  for (const Connection& c : project_.graph.remove_connections(touching)) {
    emit connectionRemoved(c);
  }
  project_.graph.remove_blocks(keys);
  for (const std::string& key : keys) emit blockRemoved(QString::fromStdString(key));
  graphEdited();
  return keys.size();
}

std::size_t GraphDocument::insertConnectionsAt(
    std::vector<std::pair<std::size_t, Connection>> connections) {
  const std::vector<Connection> added =
      project_.graph.insert_connections_at(std::move(connections));
  for (const Connection& c : added) emit connectionAdded(c);
  if (!added.empty()) graphEdited();
  return added.size();
}

std::size_t GraphDocument::removeConnections(const std::vector<Connection>& connections) {
  const std::vector<Connection> removed = project_.graph.remove_connections(connections);
  for (const Connection& c : removed) emit connectionRemoved(c);
  if (!removed.empty()) graphEdited();
  return removed.size();
}

bool GraphDocument::insertBlockAt(const Block& block, std::size_t index) {
  return insertBlocksAt({{index, block}}) == 1;
}

bool GraphDocument::removeBlock(const QString& id) {
  return removeBlocks({id}) == 1;
}

bool GraphDocument::insertConnectionAt(const Connection& connection, std::size_t index) {
  return insertConnectionsAt({{index, connection}}) == 1;
}

bool GraphDocument::removeConnection(const Connection& connection) {
  return removeConnections({connection}) == 1;
}

bool GraphDocument::setBlockParam(const QString& id, const QString& name, const ParamValue& value) {
  if (!project_.graph.set_param(id.toStdString(), name.toStdString(), value)) return false;
  emit blockChanged(id);
  graphEdited();
  return true;
}

bool GraphDocument::setBlockTrainable(const QString& id, bool trainable) {
  Block* block = project_.graph.find_block(id.toStdString());
  if (block == nullptr) return false;
  block->trainable = trainable;
  emit blockChanged(id);
  return true;  // shapes do not change: no analysis
}

bool GraphDocument::setBlockRecompute(const QString& id, bool recompute, const QString& group) {
  Block* block = project_.graph.find_block(id.toStdString());
  if (block == nullptr) return false;
  block->recompute = recompute;
  block->recompute_group = recompute ? group.toStdString() : std::string();
  emit blockChanged(id);
  graphEdited();  // the memory estimate changes (the analysis says what is kept for backward)
  return true;
}

bool GraphDocument::setBlockPosition(const QString& id, QPointF position) {
  if (!project_.graph.set_position(id.toStdString(), position.x(), position.y())) return false;
  emit blockMoved(id);
  return true;  // positions do not change shapes: no analysis
}

void GraphDocument::graphEdited() {
  if (batchDepth_ > 0) {
    analysisPending_ = true;
    return;
  }
  reanalyse();
}

void GraphDocument::reanalyse() {
  analysisPending_ = false;
  analysis_ = analyse_project(project_);
  emit analysisChanged();
}

GraphDocument::Batch::Batch(GraphDocument& document) : document_(document) {
  ++document_.batchDepth_;
}

GraphDocument::Batch::~Batch() {
  if (--document_.batchDepth_ == 0 && document_.analysisPending_) document_.reanalyse();
}

}  // namespace convstudio
