#pragma once
// The builder's central widget: the canvas view of a GraphDocument over the summary bar, and the
// selection edits the Edit menu triggers (cut, copy, paste, duplicate, delete, select all).

#include <QWidget>

namespace convstudio {

class BuilderScene;
class BuilderView;
class GraphDocument;
class SummaryBar;

class BuilderCanvas : public QWidget {
  Q_OBJECT

 public:
  explicit BuilderCanvas(GraphDocument* document, QWidget* parent = nullptr);

  GraphDocument* document() const { return document_; }
  BuilderScene* scene() const { return scene_; }
  BuilderView* view() const { return view_; }
  SummaryBar* summaryBar() const { return summary_; }

 public slots:
  void cut();
  void copy();
  void paste();
  void duplicate();
  void deleteSelection();
  void selectAll();
  void autoLayout();
  // Fine-tuning: freezes every block feeding the selected one (one undo step), or flips
  // "trainable" on the selected blocks.
  void freezeBeforeSelection();
  void toggleTrainable();
  // Activation checkpointing by stage: the selected blocks recompute in backward together, as
  // one segment keeping only its inputs (one undo step); when they already are one segment,
  // they keep their activations again.
  void toggleRecomputeAsOneSegment();
  // Adds a block of `type` below the selected block (or in the middle of the view), wired to
  // the selected block when that is possible: what a palette double-click does. A block already
  // there is never covered: the new one moves right to the first free place in its row.
  void addBlock(const QString& type);
  void focusBlock(const QString& id);

 private:
  GraphDocument* document_;
  BuilderScene* scene_;
  BuilderView* view_;
  SummaryBar* summary_;
  int pasteCount_ = 0;
};

}  // namespace convstudio
