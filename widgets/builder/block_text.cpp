#include "block_text.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <set>
#include <string_view>
#include <unordered_map>

#include "convstudio/model/input_output_blocks.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/units.h"
#include "graph_document.h"

namespace convstudio {
namespace {

// Short forms for the canvas; the Properties dock shows the full names.
QString shortName(const std::string& name) {
  if (name == "kernel") return QStringLiteral("k");
  if (name == "stride") return QStringLiteral("s");
  if (name == "padding") return QStringLiteral("p");
  if (name == "dilation") return QStringLiteral("d");
  if (name == "groups") return QStringLiteral("g");
  if (name == "output_size") return QStringLiteral("size ");
  if (name == "negative_slope") return QStringLiteral("slope ");
  return QString::fromStdString(name) + QLatin1Char(' ');
}

QString paramText(const ParamSpec& spec, const ParamValue& value) {
  if (spec.type == ParamType::Bool) {
    const bool on = std::get_if<bool>(&value) && std::get<bool>(value);
    return on ? QString::fromStdString(spec.name)
              : QStringLiteral("no ") + QString::fromStdString(spec.name);
  }
  if (spec.type == ParamType::Choice) return QString::fromStdString(to_string(value));
  return shortName(spec.name) + QString::fromStdString(to_string(value));
}

}  // namespace

QString BlockText::keyParams(const Block& block) {
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  if (spec == nullptr) return {};
  QStringList parts;
  for (const ParamSpec& param : spec->params) {
    auto it = block.params.find(param.name);
    const ParamValue value = it == block.params.end() ? param.default_value : it->second;
    // The Input block's shape is on its shape line already.
    if (block.type == kInputBlockType) continue;
    // What defines the layer shows always; the rest only when it differs from the default.
    static const std::set<std::string> kKey = {"out_channels", "out_features", "classes",
                                               "kernel",       "output_size",  "p"};
    const bool leading = kKey.contains(param.name);
    if (!leading && value == param.default_value) continue;
    // The leading count (channels, features, classes) needs no name.
    parts << (leading && (param.name == "out_channels" || param.name == "out_features")
                  ? QString::fromStdString(to_string(value))
                  : paramText(param, value));
  }
  return parts.join(QStringLiteral(" · "));
}

namespace {

// What content() needs besides the block, looked up once for the whole graph or for one block.
struct BlockFacts {
  int usedPorts = 0;  // highest wired input port + 1
  const BlockAnalysis* analysis = nullptr;
  QStringList errors;
};

BlockItem::Content contentFrom(const Block& block, const BlockFacts& facts) {
  BlockItem::Content content;
  content.type = QString::fromStdString(block.type);
  content.params = BlockText::keyParams(block);
  content.frozen = !block.trainable;
  const BlockSpec* spec = LayerCatalog::instance().find(block.type);
  if (spec != nullptr) {
    content.category = QString::fromStdString(spec->category);
    content.hasOutput = spec->has_consumers;
    // Multi-input blocks show one free port beyond those wired, up to their maximum.
    content.inputPorts = spec->max_inputs <= 1
                             ? spec->max_inputs
                             : std::clamp(facts.usedPorts + 1, spec->min_inputs, spec->max_inputs);
  }
  if (facts.analysis != nullptr) {
    content.shape = QString::fromStdString(facts.analysis->output_shape.to_string());
    if (facts.analysis->params > 0) {
      content.cost = QCoreApplication::translate("BlockText", "%1 params")
                         .arg(QString::fromStdString(format_count(facts.analysis->params)));
    }
  }
  content.errors = facts.errors.join(QLatin1Char('\n'));
  return content;
}

}  // namespace

BlockItem::Content BlockText::content(const GraphDocument& document, const Block& block) {
  BlockFacts facts;
  for (const Connection& c : document.graph().inputs_of(block.id)) {
    facts.usedPorts = std::max(facts.usedPorts, c.to_port + 1);
  }
  facts.analysis = document.analysis().find(block.id);
  for (const Error& e : document.errorsOf(QString::fromStdString(block.id))) {
    facts.errors << QString::fromStdString(e.message);
  }
  return contentFrom(block, facts);
}

QHash<QString, BlockItem::Content> BlockText::contents(const GraphDocument& document) {
  const Graph& graph = document.graph();
  std::unordered_map<std::string_view, BlockFacts> facts;
  facts.reserve(graph.blocks().size());
  for (const Connection& c : graph.connections()) {
    int& used = facts[c.to].usedPorts;
    used = std::max(used, c.to_port + 1);
  }
  for (const BlockAnalysis& analysis : document.analysis().blocks) {
    facts[analysis.id].analysis = &analysis;
  }
  for (const Error& e : document.analysis().errors) {
    if (!e.block_id.empty()) facts[e.block_id].errors << QString::fromStdString(e.message);
  }
  QHash<QString, BlockItem::Content> result;
  result.reserve(static_cast<qsizetype>(graph.blocks().size()));
  for (const Block& block : graph.blocks()) {
    auto found = facts.find(block.id);
    result.insert(QString::fromStdString(block.id),
                  contentFrom(block, found == facts.end() ? BlockFacts{} : found->second));
  }
  return result;
}

}  // namespace convstudio
