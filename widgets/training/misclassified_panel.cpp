#include "misclassified_panel.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

#include "misclassified_gallery.h"

namespace convstudio {

MisclassifiedPanel::MisclassifiedPanel(MisclassifiedGallery* gallery, QWidget* parent)
    : QWidget(parent), gallery_(gallery) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  explain_ = new QPushButton(tr("Explain these"), this);
  explain_->setObjectName(QStringLiteral("explainMisclassified"));
  explain_->setToolTip(tr("Explain every image of the gallery with the Inference panel's model"));
  explain_->setEnabled(false);
  row->addWidget(explain_);
  row->addStretch(1);
  layout->addLayout(row);
  gallery_->setParent(this);
  layout->addWidget(gallery_, 1);
  connect(explain_, &QPushButton::clicked, this, &MisclassifiedPanel::explainRequested);
  // Enabled while the gallery has images.
  const auto update = [this] { explain_->setEnabled(gallery_->count() > 0); };
  connect(gallery_->model(), &QAbstractItemModel::rowsInserted, this, update);
  connect(gallery_->model(), &QAbstractItemModel::modelReset, this, update);
  connect(gallery_->model(), &QAbstractItemModel::rowsRemoved, this, update);
}

MisclassifiedPanel::~MisclassifiedPanel() {
  disconnect(gallery_->model(), nullptr, this, nullptr);
}

}  // namespace convstudio
