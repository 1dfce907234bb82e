// The builder's document model driven through the same edit calls the canvas and docks make.

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <map>

#include "convstudio/model/graph_json.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/template_library.h"
#include "graph_document.h"
#include "graph_fragment.h"
#include "properties_widget.h"

#include <QCheckBox>

using namespace convstudio;

namespace {

Graph lenet5() {
  return *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
}

std::string json(const Graph& graph) {
  return GraphJson::to_json(graph).dump();
}

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

void openTemplate(GraphDocument& document) {
  Project project;
  project.graph = lenet5();
  document.resetProject(project);
}

// LeNet-5 pasted beside itself until the model has several hundred blocks; no undo history.
void growToHundredsOfBlocks(GraphDocument& document) {
  openTemplate(document);
  QStringList ids;
  for (const Block& b : document.graph().blocks()) ids << q(b.id);
  const QByteArray clip = GraphFragment::toJson(GraphFragment::extract(document.graph(), ids));
  while (document.graph().blocks().size() < 500) {
    document.paste(clip, QPointF(300.0 * static_cast<double>(document.graph().blocks().size()), 0));
  }
  document.undoStack()->clear();
}

QStringList allIds(const GraphDocument& document) {
  QStringList ids;
  for (const Block& b : document.graph().blocks()) ids << q(b.id);
  return ids;
}

}  // namespace

class GraphDocumentTest : public QObject {
  Q_OBJECT

 private slots:
  void buildingLenet5BlockByBlockGivesTheTemplate() {
    const Graph expected = lenet5();
    GraphDocument document;
    // The editor names blocks by catalog prefix (maxpool1, not pool1): remember which is which.
    std::map<std::string, std::string> templateIdOf;
    for (const Block& block : expected.blocks()) {
      const QString id = document.addBlock(q(block.type), QPointF(block.x, block.y));
      QVERIFY(!id.isEmpty());
      templateIdOf[id.toStdString()] = block.id;
      const BlockSpec* spec = LayerCatalog::instance().find(block.type);
      for (const ParamSpec& param : spec->params) {
        const ParamValue& value = block.params.at(param.name);
        if (value != param.default_value) document.setParam(id, q(param.name), value);
      }
    }
    std::map<std::string, std::string> editorIdOf;
    for (const auto& [editor, original] : templateIdOf) editorIdOf[original] = editor;
    for (const Connection& c : expected.connections()) {
      const auto refusal =
          document.connectBlocks({editorIdOf[c.from], editorIdOf[c.to], c.to_port});
      QVERIFY2(!refusal, refusal ? refusal->message.c_str() : "");
    }

    Graph built = document.graph();
    for (const auto& [editor, original] : templateIdOf) {
      QVERIFY(built.rename_block(editor, editor + "~"));
    }
    for (const auto& [editor, original] : templateIdOf) {
      QVERIFY(built.rename_block(editor + "~", original));
    }
    QCOMPARE(json(built), json(expected));
    QVERIFY(document.analysis().ok());
    QCOMPARE(document.analysis().output_shape(), TensorShape::flat(10));

    // Undo of every step returns to the empty graph; redo rebuilds it exactly.
    const std::string full = json(document.graph());
    QUndoStack* stack = document.undoStack();
    const int steps = stack->count();
    QCOMPARE(steps, stack->index());
    for (int i = 0; i < steps; ++i) stack->undo();
    QVERIFY(document.graph().empty());
    QCOMPARE(json(document.graph()), json(Graph()));
    for (int i = 0; i < steps; ++i) stack->redo();
    QCOMPARE(json(document.graph()), full);
  }

  void invalidWiresAreRefusedWithAReason() {
    GraphDocument document;
    openTemplate(document);
    const std::string before = json(document.graph());
    const int steps = document.undoStack()->count();

    const auto fromOutput = document.connectBlocks({"output", "relu1", 0});
    QVERIFY(fromOutput);
    QVERIFY(fromOutput->message.find("nothing can follow") != std::string::npos);
    const auto taken = document.connectBlocks({"relu3", "pool1", 0});
    QVERIFY(taken);
    QVERIFY(taken->message.find("already fed") != std::string::npos);

    // A Linear fed an image: structurally fine, but its input shape is wrong.
    const QString fc = document.addBlock(QStringLiteral("Linear"), QPointF(300, 0));
    const auto shape = document.connectBlocks({"conv1", fc.toStdString(), 0});
    QVERIFY(shape);
    QCOMPARE(q(shape->block_id), fc);
    QVERIFY2(q(shape->field).startsWith(QStringLiteral("inputs")), shape->field.c_str());

    // The same while a model is being built (nothing reaches an Output yet).
    GraphDocument draft;
    const QString in = draft.addBlock(QStringLiteral("Input"), QPointF());
    const QString conv = draft.addBlock(QStringLiteral("Conv2d"), QPointF(0, 90));
    const QString dense = draft.addBlock(QStringLiteral("Linear"), QPointF(0, 180));
    QVERIFY(!draft.connectBlocks({in.toStdString(), conv.toStdString(), 0}));
    const auto early = draft.connectBlocks({conv.toStdString(), dense.toStdString(), 0});
    QVERIFY(early);
    QVERIFY2(early->message.find("Flatten") != std::string::npos, early->message.c_str());

    // A wire that would close a loop.
    const QString relu = document.addBlock(QStringLiteral("ReLU"), QPointF(300, 100));
    const QString add = document.addBlock(QStringLiteral("Add"), QPointF(300, 200));
    QVERIFY(!document.connectBlocks({relu.toStdString(), add.toStdString(), 0}));
    const auto cycle = document.connectBlocks({add.toStdString(), relu.toStdString(), 0});
    QVERIFY(cycle);
    QVERIFY(cycle->message.find("cycle") != std::string::npos);

    QCOMPARE(document.undoStack()->count(), steps + 4);  // three adds and one good wire
    for (int i = 0; i < 4; ++i) document.undoStack()->undo();
    QCOMPARE(json(document.graph()), before);
  }

  void changingAKernelUpdatesDownstreamShapesAndErrors() {
    GraphDocument document;
    openTemplate(document);
    QSignalSpy analysed(&document, &GraphDocument::analysisChanged);
    QCOMPARE(document.analysis().find("pool2")->output_shape, TensorShape::image(16, 4, 4));

    document.setParam(QStringLiteral("conv1"), QStringLiteral("kernel"), std::int64_t{3});
    QVERIFY(analysed.count() >= 1);
    QCOMPARE(document.analysis().find("conv1")->output_shape, TensorShape::image(6, 26, 26));
    QCOMPARE(document.analysis().find("conv2")->output_shape, TensorShape::image(16, 9, 9));
    QCOMPARE(document.analysis().find("pool2")->output_shape, TensorShape::image(16, 4, 4));
    QVERIFY(document.analysis().ok());

    // A kernel larger than its input: the block turns invalid and everything after it is unknown.
    document.setParam(QStringLiteral("conv2"), QStringLiteral("kernel"), std::int64_t{31});
    QVERIFY(!document.errorsOf(QStringLiteral("conv2")).empty());
    QVERIFY(document.analysis().find("fc1") == nullptr);

    // Two blocks, two steps: undoing the second clears the error.
    document.undoStack()->undo();
    QVERIFY(document.analysis().ok());
    QCOMPARE(document.analysis().find("conv2")->output_shape, TensorShape::image(16, 9, 9));
  }

  void spinBoxDragsMergeIntoOneStep() {
    GraphDocument document;
    openTemplate(document);
    for (std::int64_t channels = 7; channels <= 12; ++channels) {
      document.setParam(QStringLiteral("conv1"), QStringLiteral("out_channels"), channels);
    }
    QCOMPARE(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    QCOMPARE(document.graph().find_block("conv1")->int_param("out_channels"), 6);
    // Back to where it started: the step drops out.
    document.undoStack()->redo();
    document.setParam(QStringLiteral("conv1"), QStringLiteral("out_channels"), std::int64_t{6});
    QCOMPARE(document.undoStack()->count(), 0);
  }

  void successiveMovesMerge() {
    GraphDocument document;
    openTemplate(document);
    const QString a = QStringLiteral("conv1");
    const QString b = QStringLiteral("relu1");
    document.moveBlocks({{a, QPointF(10, 100)}, {b, QPointF(10, 190)}});
    document.moveBlocks({{a, QPointF(40, 120)}, {b, QPointF(40, 210)}});
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(document.graph().find_block("relu1")->x, 40.0);
    document.undoStack()->undo();
    QCOMPARE(document.graph().find_block("conv1")->x, 0.0);
    QCOMPARE(document.graph().find_block("relu1")->y, 180.0);
    // A different set of blocks is a new step.
    document.undoStack()->redo();
    document.moveBlocks({{a, QPointF(50, 50)}});
    QCOMPARE(document.undoStack()->count(), 2);
  }

  void copyAndPasteCarryInternalWires() {
    GraphDocument document;
    openTemplate(document);
    const QStringList selection{QStringLiteral("conv1"), QStringLiteral("relu1"),
                                QStringLiteral("pool1")};
    const QByteArray clip =
        GraphFragment::toJson(GraphFragment::extract(document.graph(), selection));
    const std::size_t wiresBefore = document.graph().connections().size();
    const QStringList pasted = document.paste(clip, QPointF(300, 0));
    QCOMPARE(pasted.size(), 3);
    for (const QString& id : pasted) QVERIFY(!selection.contains(id));
    QCOMPARE(document.graph().connections().size(), wiresBefore + 2);
    QVERIFY(
        document.graph().inputs_of(pasted[0].toStdString()).empty());  // input->conv1 not copied
    QCOMPARE(q(document.graph().inputs_of(pasted[1].toStdString()).front().from), pasted[0]);
    QCOMPARE(q(document.graph().inputs_of(pasted[2].toStdString()).front().from), pasted[1]);
    QCOMPARE(document.graph().find_block(pasted[0].toStdString())->x, 300.0);
    QCOMPARE(document.graph().find_block(pasted[0].toStdString())->int_param("kernel"), 5);
    QCOMPARE(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    QCOMPARE(json(document.graph()), json(lenet5()));
  }

  // The studio cannot rename blocks; paste is the one way an id comes in from outside (another
  // program's clipboard). A fragment whose id holds U+202E is refused like a project file's.
  void pastingABlockWhoseIdHoldsABidiOverrideAddsNothing() {
    GraphDocument document;
    openTemplate(document);
    Graph fragment;
    Block block = *lenet5().find_block("conv1");
    block.id = "conv\u202E1gnp.exe";
    fragment.insert_block(block);
    const QStringList pasted = document.paste(GraphFragment::toJson(fragment), QPointF(300, 0));
    QVERIFY(pasted.isEmpty());
    QCOMPARE(json(document.graph()), json(lenet5()));
    QCOMPARE(document.undoStack()->count(), 0);
  }

  void deleteAndUndoRestoresBlocksAndWiresExactly() {
    GraphDocument document;
    openTemplate(document);
    const std::string before = json(document.graph());
    QSignalSpy removedWires(&document, &GraphDocument::connectionRemoved);
    document.deleteSelection({QStringLiteral("conv2"), QStringLiteral("fc1")},
                             {Connection{"input", "conv1", 0}});
    QCOMPARE(removedWires.count(), 5);
    QVERIFY(document.graph().find_block("conv2") == nullptr);
    QCOMPARE(document.graph().connections().size(), std::size_t{12 - 5});
    QVERIFY(!document.analysis().ok());  // dangling inputs are reported
    document.undoStack()->undo();
    QCOMPARE(json(document.graph()), before);
    QVERIFY(document.analysis().ok());
    document.undoStack()->redo();
    QVERIFY(document.graph().find_block("fc1") == nullptr);
  }

  // A paste of hundreds of blocks is one step: one analysis, and its undo takes every pasted
  // block and wire away (each reported once) and leaves exactly the graph from before.
  void undoingAPasteOfHundredsOfBlocksRestoresTheGraphExactly() {
    GraphDocument document;
    growToHundredsOfBlocks(document);
    const std::string before = json(document.graph());
    const std::vector<Error> problemsBefore = document.analysis().errors;
    const QByteArray clip =
        GraphFragment::toJson(GraphFragment::extract(document.graph(), allIds(document)));
    QSignalSpy analyses(&document, &GraphDocument::analysisChanged);
    QSignalSpy removedBlocks(&document, &GraphDocument::blockRemoved);
    QSignalSpy removedWires(&document, &GraphDocument::connectionRemoved);
    const std::size_t wiresBefore = document.graph().connections().size();
    const QStringList pasted = document.paste(clip, QPointF(0, 3000));
    QVERIFY(pasted.size() >= 500);
    QCOMPARE(analyses.count(), 1);
    QCOMPARE(document.graph().connections().size(), 2 * wiresBefore);
    const std::string after = json(document.graph());
    document.undoStack()->undo();
    QCOMPARE(json(document.graph()), before);
    QCOMPARE(removedBlocks.count(), pasted.size());
    QCOMPARE(removedWires.count(), static_cast<qsizetype>(wiresBefore));
    QCOMPARE(analyses.count(), 2);
    QVERIFY(document.analysis().errors == problemsBefore);
    document.undoStack()->redo();
    QCOMPARE(json(document.graph()), after);
  }

  // Deleting every third block of a large model (and some loose wires) leaves the graph that
  // removing them one at a time would; undo puts each block and wire back at its place.
  void deletingAScatteredSelectionAndUndoingRestoresTheGraphExactly() {
    GraphDocument document;
    growToHundredsOfBlocks(document);
    const Graph original = document.graph();
    QStringList ids;
    for (std::size_t i = 0; i < original.blocks().size(); i += 3) {
      ids << q(original.blocks()[i].id);
    }
    std::vector<Connection> loose;
    for (std::size_t i = 1; i < original.connections().size(); i += 7) {
      loose.push_back(original.connections()[i]);
    }
    Graph oneByOne = original;
    for (const Connection& c : loose) oneByOne.disconnect(c);
    for (const QString& id : ids) oneByOne.remove_block(id.toStdString());

    document.deleteSelection(ids, loose);
    QCOMPARE(document.undoStack()->count(), 1);
    QCOMPARE(json(document.graph()), json(oneByOne));
    document.undoStack()->undo();
    QCOMPARE(json(document.graph()), json(original));
    QVERIFY(document.graph() == original);  // the id index and wire set too
    document.undoStack()->redo();
    QCOMPARE(json(document.graph()), json(oneByOne));
  }

  void autoLayoutIsOneUndoableStep() {
    GraphDocument document;
    openTemplate(document);
    document.moveBlocks({{QStringLiteral("conv2"), QPointF(500, 37)}});
    document.autoLayout();
    QCOMPARE(document.graph().find_block("conv2")->x, 0.0);
    QVERIFY(document.graph().find_block("conv2")->y > document.graph().find_block("pool1")->y);
    document.undoStack()->undo();
    QCOMPARE(document.graph().find_block("conv2")->x, 500.0);
  }
  // Fine-tuning: "freeze everything before this block" is one undo step over its ancestors.
  void freezingBeforeABlockFreezesItsAncestorsAsOneStep() {
    GraphDocument document;
    openTemplate(document);
    document.freezeBefore(QStringLiteral("fc2"));
    for (const Block& block : document.graph().blocks()) {
      const bool ancestor = block.id != "fc2" && block.id != "relu4" && block.id != "output";
      QCOMPARE(block.trainable, !ancestor);
    }
    QCOMPARE(document.undoStack()->count(), 1);
    document.undoStack()->undo();
    for (const Block& block : document.graph().blocks()) QVERIFY(block.trainable);
  }

  // The Properties dock's "Trainable" box freezes the block it shows, undoably, and follows undo.
  void propertiesTrainableBoxFreezesTheBlock() {
    GraphDocument document;
    openTemplate(document);
    PropertiesWidget properties(&document);
    properties.showBlock(QStringLiteral("conv1"));
    auto* box = properties.findChild<QCheckBox*>(QStringLiteral("trainable"));
    QVERIFY(box != nullptr);
    QVERIFY(box->isChecked());
    box->setChecked(false);
    QVERIFY(!document.graph().find_block("conv1")->trainable);
    document.undoStack()->undo();
    QVERIFY(document.graph().find_block("conv1")->trainable);
    QVERIFY(box->isChecked());
    // A block without weights has nothing to freeze.
    properties.showBlock(QStringLiteral("relu1"));
    QVERIFY(properties.findChild<QCheckBox*>(QStringLiteral("trainable")) == nullptr);
  }

  // The Properties dock's "Recompute in backward" box marks the block in one undo step, and the
  // memory estimate (the analysis) follows it both ways.
  void propertiesRecomputeBoxMarksTheBlockUndoably() {
    GraphDocument document;
    openTemplate(document);
    PropertiesWidget properties(&document);
    properties.showBlock(QStringLiteral("relu1"));
    auto* box = properties.findChild<QCheckBox*>(QStringLiteral("recompute"));
    QVERIFY(box != nullptr);
    QVERIFY(!box->isChecked());
    const int commands = document.undoStack()->count();
    QSignalSpy analysed(&document, &GraphDocument::analysisChanged);
    box->setChecked(true);
    QVERIFY(document.graph().find_block("relu1")->recompute);
    QVERIFY(document.analysis().find("relu1")->recompute);
    QCOMPARE(analysed.count(), 1);
    QCOMPARE(document.undoStack()->count(), commands + 1);
    document.undoStack()->undo();
    QVERIFY(!document.graph().find_block("relu1")->recompute);
    QVERIFY(!document.analysis().find("relu1")->recompute);
    QVERIFY(!box->isChecked());
    document.undoStack()->redo();
    QVERIFY(box->isChecked());
    // Setting the state it already has is no edit.
    document.setRecompute({QStringLiteral("relu1")}, true);
    QCOMPARE(document.undoStack()->count(), commands + 1);
    // The Input block has no forward to recompute.
    properties.showBlock(QStringLiteral("input"));
    QVERIFY(properties.findChild<QCheckBox*>(QStringLiteral("recompute")) == nullptr);
  }
};

QTEST_MAIN(GraphDocumentTest)
#include "graph_document_test.moc"
