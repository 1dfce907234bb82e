#include "explain_set_view.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace convstudio {
namespace {

QIcon thumbnail(const QImage& image) {
  return QIcon(QPixmap::fromImage(image.scaled(ExplainSetView::kThumbnailSize,
                                               ExplainSetView::kThumbnailSize, Qt::KeepAspectRatio,
                                               Qt::FastTransformation)));
}

}  // namespace

ExplainSetView::ExplainSetView(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("explainSetView"));
  auto* layout = new QVBoxLayout(this);
  title_ = new QLabel(tr("Click a cell of the confusion matrix, or Explain these under the "
                         "misclassified gallery, to see its images here."),
                      this);
  title_->setObjectName(QStringLiteral("explainSetTitle"));
  title_->setWordWrap(true);
  layout->addWidget(title_);

  auto* buttons = new QHBoxLayout;
  explain_ = new QPushButton(tr("Explain these"), this);
  explain_->setObjectName(QStringLiteral("explainSetButton"));
  explain_->setToolTip(
      tr("Explain every image of the set with the Explain tab's method, class "
         "and block"));
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName(QStringLiteral("cancelExplainSet"));
  saveAll_ = new QPushButton(tr("Save all…"), this);
  saveAll_->setObjectName(QStringLiteral("saveAllOverlays"));
  saveAll_->setToolTip(tr("Write every overlay as a PNG file into a folder"));
  progress_ = new QProgressBar(this);
  progress_->setTextVisible(true);
  buttons->addWidget(explain_);
  buttons->addWidget(progress_, 1);
  buttons->addWidget(cancel_);
  buttons->addWidget(saveAll_);
  layout->addLayout(buttons);

  grid_ = new QListWidget(this);
  grid_->setObjectName(QStringLiteral("explainSetGrid"));
  grid_->setViewMode(QListView::IconMode);
  grid_->setIconSize(QSize(kThumbnailSize, kThumbnailSize));
  grid_->setGridSize(QSize(kThumbnailSize + 40, kThumbnailSize + 44));
  grid_->setResizeMode(QListView::Adjust);
  grid_->setMovement(QListView::Static);
  grid_->setWordWrap(true);
  grid_->setUniformItemSizes(true);
  layout->addWidget(grid_, 1);

  message_ = new QLabel(this);
  message_->setObjectName(QStringLiteral("explainSetMessage"));
  message_->setWordWrap(true);
  layout->addWidget(message_);

  connect(explain_, &QPushButton::clicked, this, &ExplainSetView::explainAll);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    cancel_->setEnabled(false);
    emit cancelRequested();
  });
  connect(saveAll_, &QPushButton::clicked, this, &ExplainSetView::chooseFolder);
  // Clicking, or stepping with the arrow keys, shows the image large in the Explain tab;
  // a double click or Enter goes there.
  connect(grid_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0) emit itemChosen(row);
  });
  connect(grid_, &QListWidget::itemActivated, this,
          [this](QListWidgetItem* item) { emit itemOpened(grid_->row(item)); });
  updateButtons();
}

void ExplainSetView::chooseItem(int index) {
  grid_->setCurrentRow(index);
}

int ExplainSetView::itemCount() const {
  return grid_->count();
}

void ExplainSetView::showSet(const QString& title, const QList<ExplainSetItem>& items) {
  grid_->clear();
  overlays_ = 0;
  running_ = false;
  title_->setText(title);
  images_.clear();
  for (const ExplainSetItem& item : items) {
    images_.append(item.image);
    auto* entry = new QListWidgetItem(thumbnail(item.image), item.caption, grid_);
    entry->setTextAlignment(Qt::AlignHCenter | Qt::AlignTop);
  }
  message_->clear();
  updateButtons();
}

void ExplainSetView::clearSet(const QString& why) {
  grid_->clear();
  images_.clear();
  overlays_ = 0;
  running_ = false;
  title_->setText(why);
  message_->clear();
  updateButtons();
}

void ExplainSetView::showOverlay(int index, const QImage& overlay) {
  QListWidgetItem* item = grid_->item(index);
  if (item == nullptr) return;
  item->setIcon(thumbnail(overlay));
  ++overlays_;
  updateButtons();
}

void ExplainSetView::showProgress(int done, int total) {
  progress_->setRange(0, total);
  progress_->setValue(done);
  progress_->setFormat(tr("%1 of %2").arg(done).arg(total));
}

void ExplainSetView::finish(const QString& message) {
  running_ = false;
  message_->setText(message);
  updateButtons();
}

void ExplainSetView::showMessage(const QString& text) {
  message_->setText(text);
}

void ExplainSetView::explainAll() {
  if (running_ || grid_->count() == 0) return;
  running_ = true;
  overlays_ = 0;
  // The previous run's overlays go: what shows is what this run explains.
  for (int i = 0; i < grid_->count() && i < images_.size(); ++i) {
    grid_->item(i)->setIcon(thumbnail(images_[i]));
  }
  message_->clear();
  showProgress(0, grid_->count());
  updateButtons();
  emit explainRequested();
}

void ExplainSetView::chooseFolder() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Save All Overlays"));
  if (!folder.isEmpty()) emit saveAllRequested(folder);
}

void ExplainSetView::updateButtons() {
  explain_->setEnabled(!running_ && grid_->count() > 0);
  cancel_->setVisible(running_);
  cancel_->setEnabled(running_);
  progress_->setVisible(running_);
  saveAll_->setEnabled(!running_ && overlays_ > 0);
}

}  // namespace convstudio
