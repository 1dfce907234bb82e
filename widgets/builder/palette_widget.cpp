#include "palette_widget.h"

#include <QHeaderView>
#include <QLineEdit>
#include <QMimeData>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "builder_scene.h"
#include "catalog_text.h"
#include "convstudio/model/layer_catalog.h"

namespace convstudio {
namespace {

constexpr int kTypeRole = Qt::UserRole;

// A tree whose drags carry the block type in the canvas's MIME type.
class PaletteTree : public QTreeWidget {
 public:
  using QTreeWidget::QTreeWidget;

 protected:
  QStringList mimeTypes() const override { return {BuilderScene::blockMimeType()}; }
  QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override {
    if (items.isEmpty() || items.front()->data(0, kTypeRole).toString().isEmpty()) return nullptr;
    auto* data = new QMimeData;
    data->setData(BuilderScene::blockMimeType(),
                  items.front()->data(0, kTypeRole).toString().toUtf8());
    return data;
  }
};

}  // namespace

PaletteWidget::PaletteWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  search_ = new QLineEdit(this);
  search_->setObjectName(QStringLiteral("paletteSearch"));
  search_->setPlaceholderText(tr("Search blocks"));
  search_->setClearButtonEnabled(true);
  layout->addWidget(search_);

  tree_ = new PaletteTree(this);
  tree_->setObjectName(QStringLiteral("paletteTree"));
  tree_->setHeaderHidden(true);
  tree_->setDragEnabled(true);
  // Wide enough for the longest category and block names; narrower, they would be cut off.
  setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("Normalization")) * 2);
  tree_->setDragDropMode(QAbstractItemView::DragOnly);
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->setRootIsDecorated(false);
  tree_->setIndentation(10);
  const LayerCatalog& catalog = LayerCatalog::instance();
  for (const std::string& category : catalog.categories()) {
    auto* group = new QTreeWidgetItem(tree_, {catalogText(category)});
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    group->setFlags(Qt::ItemIsEnabled);
    for (const BlockSpec& spec : catalog.blocks()) {
      if (spec.category != category) continue;
      auto* item = new QTreeWidgetItem(group, {QString::fromStdString(spec.type)});
      item->setData(0, kTypeRole, QString::fromStdString(spec.type));
      item->setToolTip(0, catalogText(spec.doc));
      item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    }
  }
  tree_->expandAll();
  layout->addWidget(tree_, 1);

  connect(search_, &QLineEdit::textChanged, this, &PaletteWidget::filter);
  connect(tree_, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
    const QString type = item->data(0, kTypeRole).toString();
    if (!type.isEmpty()) emit blockRequested(type);
  });
}

void PaletteWidget::filter(const QString& text) {
  for (int i = 0; i < tree_->topLevelItemCount(); ++i) {
    QTreeWidgetItem* group = tree_->topLevelItem(i);
    bool anyVisible = false;
    for (int j = 0; j < group->childCount(); ++j) {
      QTreeWidgetItem* item = group->child(j);
      const bool match = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive) ||
                         item->toolTip(0).contains(text, Qt::CaseInsensitive);
      item->setHidden(!match);
      anyVisible = anyVisible || match;
    }
    group->setHidden(!anyVisible);
  }
}

}  // namespace convstudio
