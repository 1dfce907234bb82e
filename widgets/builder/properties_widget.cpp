#include "properties_widget.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

#include "catalog_text.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/units.h"
#include "graph_document.h"

namespace convstudio {
namespace {

// Shows 0.00001 rather than 0.000010000000 when the range needs many decimals (eps).
class CompactDoubleSpinBox : public QDoubleSpinBox {
 public:
  using QDoubleSpinBox::QDoubleSpinBox;
  QString textFromValue(double value) const override {
    QString text = locale().toString(value, 'f', decimals());
    if (text.contains(locale().decimalPoint())) {
      while (text.endsWith(QLatin1Char('0'))) text.chop(1);
      if (text.endsWith(locale().decimalPoint())) text.chop(1);
    }
    return text;
  }
};

}  // namespace

PropertiesWidget::PropertiesWidget(GraphDocument* document, QWidget* parent)
    : QWidget(parent), document_(document) {
  auto* layout = new QVBoxLayout(this);
  title_ = new QLabel(this);
  title_->setObjectName(QStringLiteral("propertiesTitle"));
  QFont font = title_->font();
  font.setBold(true);
  font.setPointSize(font.pointSize() + 2);
  title_->setFont(font);
  layout->addWidget(title_);
  doc_ = new QLabel(this);
  doc_->setWordWrap(true);
  layout->addWidget(doc_);
  form_ = new QWidget(this);
  formLayout_ = new QFormLayout(form_);
  formLayout_->setContentsMargins(0, 6, 0, 6);
  layout->addWidget(form_);
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("propertiesStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);
  layout->addStretch(1);

  connect(document_, &GraphDocument::blockChanged, this, [this](const QString& id) {
    if (id == id_) updateValues();
  });
  connect(document_, &GraphDocument::blockRemoved, this, [this](const QString& id) {
    if (id == id_) showBlock({});
  });
  connect(document_, &GraphDocument::modelReset, this, [this] { showBlock({}); });
  connect(document_, &GraphDocument::analysisChanged, this, &PropertiesWidget::updateStatus);
  showBlock({});
}

QWidget* PropertiesWidget::editor(const QString& param) const {
  auto it = editors_.find(param.toStdString());
  return it == editors_.end() ? nullptr : it->second;
}

void PropertiesWidget::showBlock(const QString& id) {
  id_ = document_->graph().find_block(id.toStdString()) ? id : QString();
  rebuild();
}

void PropertiesWidget::rebuild() {
  while (formLayout_->rowCount() > 0) formLayout_->removeRow(0);
  editors_.clear();
  trainable_ = nullptr;  // removeRow deleted it
  recompute_ = nullptr;
  const Block* block = document_->graph().find_block(id_.toStdString());
  const BlockSpec* spec = block ? LayerCatalog::instance().find(block->type) : nullptr;
  if (block == nullptr) {
    title_->setText(tr("Model"));
    doc_->setText(tr("Select one block on the canvas to edit its parameters."));
    updateStatus();
    return;
  }
  title_->setText(QStringLiteral("%1  —  %2").arg(QString::fromStdString(block->type), id_));
  doc_->setText(spec ? catalogText(spec->doc) : QString());
  if (spec != nullptr) {
    for (const ParamSpec& param : spec->params) {
      // The label in the user's language; the tooltip adds the key the project file and
      // PyTorch use ("out_channels").
      const QString toolTip = QStringLiteral("%1\n(%2)")
                                  .arg(catalogText(param.doc), QString::fromStdString(param.name));
      QWidget* editor = makeEditor(param);
      editor->setToolTip(toolTip);
      editor->setObjectName(QString::fromStdString(param.name));
      editors_[param.name] = editor;
      auto* label = new QLabel(catalogText(param.label), form_);
      label->setToolTip(toolTip);
      formLayout_->addRow(label, editor);
    }
    if (spec->params.empty()) formLayout_->addRow(new QLabel(tr("No parameters."), form_));
  }
  // Fine-tuning: a block with weights can be frozen (one undo step, like the canvas's action).
  if (const BlockAnalysis* a = document_->analysis().find(id_.toStdString()); a && a->params > 0) {
    trainable_ = new QCheckBox(tr("Trainable"), form_);
    trainable_->setObjectName(QStringLiteral("trainable"));
    trainable_->setToolTip(
        tr("Off: training leaves this block's weights (and BatchNorm statistics) exactly as "
           "they are, for fine-tuning a pretrained model."));
    connect(trainable_, &QCheckBox::toggled, this,
            [this](bool on) { document_->setTrainable({id_}, on); });
    formLayout_->addRow(trainable_);
  }
  // Activation checkpointing: memory for compute (one undo step; the summary bar's estimate
  // follows).
  if (const BlockAnalysis* a = document_->analysis().find(id_.toStdString());
      a && !a->input_shapes.empty()) {
    recompute_ = new QCheckBox(tr("Recompute in backward"), form_);
    recompute_->setObjectName(QStringLiteral("recompute"));
    recompute_->setToolTip(
        tr("On: training keeps none of this block's activations for the backward pass and runs "
           "its forward again during it (activation checkpointing): less memory, more compute. "
           "Dropout draws the same mask and BatchNorm updates its statistics once. Alone, a "
           "block keeps its inputs, which saves little; select a stage and use Edit > Recompute "
           "Selection in Backward as One Segment to keep only the stage's inputs."));
    connect(recompute_, &QCheckBox::toggled, this,
            [this](bool on) { document_->setRecompute({id_}, on); });
    formLayout_->addRow(recompute_);
  }
  updateValues();
  updateStatus();
}

QWidget* PropertiesWidget::makeEditor(const ParamSpec& spec) {
  const QString name = QString::fromStdString(spec.name);
  switch (spec.type) {
    case ParamType::Int: {
      auto* box = new QSpinBox(form_);
      box->setRange(static_cast<int>(spec.min), static_cast<int>(std::min(spec.max, 2.0e9)));
      box->setAccelerated(true);
      connect(box, &QSpinBox::valueChanged, this, [this, name](int value) {
        document_->setParam(id_, name, ParamValue(std::int64_t{value}));
      });
      return box;
    }
    case ParamType::Float: {
      auto* box = new CompactDoubleSpinBox(form_);
      const int decimals =
          spec.min > 0 ? std::max(6, static_cast<int>(std::ceil(-std::log10(spec.min)))) : 6;
      box->setDecimals(decimals);
      box->setRange(spec.min, spec.max);
      box->setSingleStep(spec.max <= 1.0 ? 0.05 : 0.1);
      connect(box, &QDoubleSpinBox::valueChanged, this,
              [this, name](double value) { document_->setParam(id_, name, ParamValue(value)); });
      return box;
    }
    case ParamType::Bool: {
      auto* box = new QCheckBox(form_);
      connect(box, &QCheckBox::toggled, this,
              [this, name](bool on) { document_->setParam(id_, name, ParamValue(on)); });
      return box;
    }
    case ParamType::Choice: {
      auto* box = new QComboBox(form_);
      for (const std::string& choice : spec.choices) box->addItem(QString::fromStdString(choice));
      connect(box, &QComboBox::currentTextChanged, this, [this, name](const QString& text) {
        document_->setParam(id_, name, ParamValue(text.toStdString()));
      });
      return box;
    }
  }
  return new QWidget(form_);
}

void PropertiesWidget::updateValues() {
  const Block* block = document_->graph().find_block(id_.toStdString());
  if (block == nullptr) return;
  if (trainable_ != nullptr) {
    const QSignalBlocker blocker(trainable_);
    trainable_->setChecked(block->trainable);
  }
  if (recompute_ != nullptr) {
    const QSignalBlocker blocker(recompute_);
    recompute_->setChecked(block->recompute);
    const QString group = QString::fromStdString(block->recompute_group);
    const auto members = std::count_if(
        document_->graph().blocks().begin(), document_->graph().blocks().end(),
        [&](const Block& b) { return b.recompute && b.recompute_group == block->recompute_group; });
    recompute_->setText(
        block->recompute && !group.isEmpty()
            ? tr("Recompute in backward: %1, %n block(s)", "", static_cast<int>(members)).arg(group)
            : tr("Recompute in backward"));
  }
  for (const auto& [name, editor] : editors_) {
    // Values from the document (undo, redo) must not come back as new edits.
    const QSignalBlocker blocker(editor);
    if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
      spin->setValue(static_cast<int>(block->int_param(name)));
    } else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor)) {
      dspin->setValue(block->float_param(name));
    } else if (auto* check = qobject_cast<QCheckBox*>(editor)) {
      check->setChecked(block->bool_param(name));
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
      combo->setCurrentText(QString::fromStdString(block->choice_param(name)));
    }
  }
}

void PropertiesWidget::updateStatus() {
  QStringList lines;
  if (id_.isEmpty()) {
    // No block selected: an overview of the whole model.
    const ModelAnalysis& analysis = document_->analysis();
    lines << tr("Blocks: %1   Wires: %2")
                 .arg(document_->graph().blocks().size())
                 .arg(document_->graph().connections().size())
          << tr("Input: %1   Output: %2")
                 .arg(QString::fromStdString(analysis.input_shape.to_string()),
                      QString::fromStdString(analysis.output_shape().to_string()))
          << tr("Parameters: %1   MACs: %2")
                 .arg(QString::fromStdString(format_count(analysis.total_params())),
                      QString::fromStdString(format_count(analysis.total_macs())));
    if (!analysis.ok())
      lines << tr("%n problem(s), listed under Problems.", "",
                  static_cast<int>(analysis.errors.size()));
    status_->setStyleSheet(QString());
    status_->setText(lines.join(QLatin1Char('\n')));
    return;
  }
  if (const BlockAnalysis* a = document_->analysis().find(id_.toStdString())) {
    lines << tr("Output: %1").arg(QString::fromStdString(a->output_shape.to_string()))
          << tr("Parameters: %1   MACs: %2")
                 .arg(QString::fromStdString(format_count(a->params)),
                      QString::fromStdString(format_count(a->macs)));
  }
  const auto errors = document_->errorsOf(id_);
  for (const Error& e : errors) lines << QString::fromStdString(e.message);
  status_->setStyleSheet(errors.empty() ? QString() : QStringLiteral("color: #b02020;"));
  status_->setText(lines.join(QLatin1Char('\n')));
}

}  // namespace convstudio
