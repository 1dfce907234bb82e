#pragma once
// A piece of a graph (some blocks and the wires between them): what copy, paste and duplicate
// carry, as GraphJson text on the clipboard.

#include <QByteArray>
#include <QPointF>
#include <QStringList>

#include <optional>

#include "convstudio/model/graph.h"

namespace convstudio {

class GraphFragment {
 public:
  // The clipboard MIME type of a fragment.
  static QString mimeType();
  // The blocks `ids` of `graph` (in graph order) with the wires that run between them only.
  static Graph extract(const Graph& graph, const QStringList& ids);
  static QByteArray toJson(const Graph& fragment);
  // nullopt when the text is not a fragment.
  static std::optional<Graph> fromJson(const QByteArray& json);
  // The fragment renamed so that no id clashes with `target` (conv1 -> conv3) and moved by
  // `offset`; its internal wires follow the new ids.
  static Graph rebased(const Graph& fragment, const Graph& target, QPointF offset);
};

}  // namespace convstudio
