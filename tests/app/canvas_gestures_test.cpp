// The canvas driven by the mouse, as a user builds with it: a wire dragged from an output port
// to an input port connects, an incompatible drop is refused with the reason, a palette block
// dropped on the canvas lands there snapped to the grid, a dragged block moves (one undo step),
// and the wheel zooms.

#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include "block_item.h"
#include "builder_canvas.h"
#include "builder_scene.h"
#include "builder_view.h"
#include "graph_document.h"

using namespace convstudio;

namespace {

bool connected(const GraphDocument& document, const QString& from, const QString& to) {
  for (const Connection& c : document.graph().connections()) {
    if (c.from == from.toStdString() && c.to == to.toStdString()) return true;
  }
  return false;
}

}  // namespace

class CanvasGesturesTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    document_ = std::make_unique<GraphDocument>();
    canvas_ = std::make_unique<BuilderCanvas>(document_.get());
    canvas_->resize(1000, 800);
    canvas_->show();
    QVERIFY(QTest::qWaitForWindowExposed(canvas_.get()));
    input_ = document_->addBlock(QStringLiteral("Input"), QPointF(0, 0));
    conv_ = document_->addBlock(QStringLiteral("Conv2d"), QPointF(0, 200));
    linear_ = document_->addBlock(QStringLiteral("Linear"), QPointF(300, 0));
    canvas_->view()->resetZoom();
    canvas_->view()->centerOn(QPointF(250, 150));
  }

  void cleanup() {
    canvas_.reset();
    document_.reset();
  }

  void wireDraggedFromOutputToInputConnects() {
    dragWire(input_, conv_);
    QVERIFY(connected(*document_, input_, conv_));
    QVERIFY(canvas_->scene()->wireItem({input_.toStdString(), conv_.toStdString(), 0}));
    document_->undoStack()->undo();
    QVERIFY(!connected(*document_, input_, conv_));
  }

  void incompatibleDropIsRefusedWithTheReason() {
    // A Linear block takes a flat vector; the Input gives C×H×W.
    QSignalSpy refused(canvas_->scene(), &BuilderScene::connectionRefused);
    dragWire(input_, linear_);
    QCOMPARE(refused.size(), 1);
    QCOMPARE(refused.front().at(0).toString(), linear_);
    const QString reason = refused.front().at(1).toString();
    QCOMPARE(reason,
             QStringLiteral("Linear: expects a flat input, got 1×28×28 (add a Flatten block)"));
    QVERIFY(!connected(*document_, input_, linear_));
    QCOMPARE(document_->undoStack()->count(), 3);  // the three blocks, no wire
  }

  void refusedWireExplainsItselfAtThePointerWhileDragging() {
    BuilderView* view = canvas_->view();
    BuilderScene* scene = canvas_->scene();
    const QPoint start = view->mapFromScene(scene->blockItem(input_)->outputPortPos());
    const QPoint overLinear = view->mapFromScene(scene->blockItem(linear_)->inputPortPos(0));
    const QPoint overConv = view->mapFromScene(scene->blockItem(conv_)->inputPortPos(0));
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view->viewport(), start + QPoint(0, 20));
    QVERIFY(scene->wireHint().isEmpty());  // over empty canvas: nothing to explain
    QTest::mouseMove(view->viewport(), overLinear);
    // Before the drop, at the pointer: the same reason the drop would give.
    QCOMPARE(scene->wireHint(),
             QStringLiteral("Linear: expects a flat input, got 1×28×28 (add a Flatten block)"));
    QTest::mouseMove(view->viewport(), overConv);
    QVERIFY(scene->wireHint().isEmpty());  // the conv takes it
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, overConv);
    QVERIFY(scene->wireHint().isEmpty());
    QVERIFY(connected(*document_, input_, conv_));
  }

  void paletteBlockDroppedOnTheCanvasLandsThere() {
    BuilderView* view = canvas_->view();
    const QPointF sceneTarget(520, 400);
    const QPoint at = view->mapFromScene(sceneTarget);
    QMimeData mime;
    mime.setData(BuilderScene::blockMimeType(), QByteArrayLiteral("ReLU"));
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDragMoveEvent move(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &move);
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);

    const std::vector<Block>& blocks = document_->graph().blocks();
    QCOMPARE(blocks.size(), std::size_t{4});
    const Block& added = blocks.back();
    QCOMPARE(added.type, std::string("ReLU"));
    // Centred under the pointer, on the grid.
    QVERIFY(std::abs(added.x + BlockItem::kWidth / 2 - sceneTarget.x()) <= BlockItem::kGrid);
    QVERIFY(std::abs(added.y + BlockItem::kHeight / 2 - sceneTarget.y()) <= BlockItem::kGrid);
    QCOMPARE(std::fmod(added.x, BlockItem::kGrid), 0.0);
    QCOMPARE(std::fmod(added.y, BlockItem::kGrid), 0.0);
    QCOMPARE(canvas_->scene()->selectedBlockIds(), QStringList{QString::fromStdString(added.id)});
  }

  void draggedBlockMovesAsOneUndoStep() {
    BuilderView* view = canvas_->view();
    BlockItem* item = canvas_->scene()->blockItem(conv_);
    const QPoint grab = view->mapFromScene(item->mapToScene(QPointF(40, 20)));
    const int before = document_->undoStack()->count();
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, grab);
    for (int step = 1; step <= 5; ++step) {
      QTest::mouseMove(view->viewport(), grab + QPoint(step * 20, step * 10));
    }
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, grab + QPoint(100, 50));
    const Block* moved = document_->graph().find_block(conv_.toStdString());
    QCOMPARE(moved->x, 100.0);
    QCOMPARE(moved->y, 250.0);
    QCOMPARE(document_->undoStack()->count(), before + 1);
    document_->undoStack()->undo();
    QCOMPARE(document_->graph().find_block(conv_.toStdString())->y, 200.0);
    QCOMPARE(item->pos(), QPointF(0, 200));  // the canvas mirrors the document
  }

  // Edit > Recompute Selection in Backward as One Segment: the selected blocks (not the Input,
  // which is the batch) become one recompute group in one undo step; again, they keep their
  // activations.
  void selectedBlocksRecomputeAsOneSegmentUndoably() {
    for (const QString& id : {input_, conv_, linear_}) {
      canvas_->scene()->blockItem(id)->setSelected(true);
    }
    const int before = document_->undoStack()->count();
    canvas_->toggleRecomputeAsOneSegment();
    QCOMPARE(document_->undoStack()->count(), before + 1);
    const Block* input = document_->graph().find_block(input_.toStdString());
    const Block* conv = document_->graph().find_block(conv_.toStdString());
    const Block* linear = document_->graph().find_block(linear_.toStdString());
    QVERIFY(!input->recompute);
    QVERIFY(conv->recompute && linear->recompute);
    QCOMPARE(conv->recompute_group, std::string("segment1"));
    QCOMPARE(linear->recompute_group, conv->recompute_group);
    canvas_->toggleRecomputeAsOneSegment();
    QVERIFY(!conv->recompute && conv->recompute_group.empty());
    QVERIFY(!linear->recompute);
    document_->undoStack()->undo();
    QVERIFY(conv->recompute && linear->recompute);
    document_->undoStack()->undo();
    QVERIFY(!conv->recompute && !linear->recompute);
    QCOMPARE(document_->undoStack()->index(), before);
  }

  void wheelZoomsTheView() {
    BuilderView* view = canvas_->view();
    const qreal before = view->zoom();
    const QPointF at(view->viewport()->rect().center());
    QWheelEvent wheel(at, view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY2(view->zoom() > before, qPrintable(QString::number(view->zoom())));
  }

 private:
  // Presses on `from`'s output port, moves in steps and releases on `to`'s first input port.
  void dragWire(const QString& from, const QString& to) {
    BuilderView* view = canvas_->view();
    const QPoint start = view->mapFromScene(canvas_->scene()->blockItem(from)->outputPortPos());
    const QPoint end = view->mapFromScene(canvas_->scene()->blockItem(to)->inputPortPos(0));
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, start);
    for (int step = 1; step <= 4; ++step) {
      QTest::mouseMove(view->viewport(), start + (end - start) * step / 4);
    }
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, end);
  }

  std::unique_ptr<GraphDocument> document_;
  std::unique_ptr<BuilderCanvas> canvas_;
  QString input_, conv_, linear_;
};

QTEST_MAIN(CanvasGesturesTest)
#include "canvas_gestures_test.moc"
