#include "start_page.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "builder/template_text.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"
#include "convstudio/model/units.h"
#include "device_text.h"
#include "start_card.h"

namespace convstudio {
namespace {

constexpr int kCardColumns = 3;

QLabel* makeHeading(const QString& text, int pointSizeDelta, QWidget* parent) {
  auto* label = new QLabel(text, parent);
  QFont font = label->font();
  font.setPointSize(font.pointSize() + pointSizeDelta);
  font.setBold(true);
  label->setFont(font);
  return label;
}

}  // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(48, 32, 48, 32);
  layout->setSpacing(10);
  layout->addWidget(makeHeading(tr("ConvStudio"), 10, content));
  auto* tagline = new QLabel(
      tr("Build convolutional networks from blocks, train them on the CPU or a CUDA GPU, "
         "and export them to the tools you already use."),
      content);
  tagline->setWordWrap(true);
  layout->addWidget(tagline);

  auto* buttons = new QHBoxLayout;
  auto* example = new QPushButton(tr("Open the Example"), content);
  example->setObjectName(QStringLiteral("openExampleButton"));
  example->setDefault(true);
  auto* create = new QPushButton(tr("New Project…"), content);
  auto* open = new QPushButton(tr("Open…"), content);
  connect(example, &QPushButton::clicked, this, &StartPage::exampleRequested);
  connect(create, &QPushButton::clicked, this, &StartPage::newRequested);
  connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
  buttons->addWidget(example);
  buttons->addWidget(create);
  buttons->addWidget(open);
  buttons->addStretch(1);
  layout->addSpacing(4);
  layout->addLayout(buttons);

  recentHeading_ = makeHeading(tr("Recent projects"), 2, content);
  layout->addSpacing(12);
  layout->addWidget(recentHeading_);
  recentGrid_ = new QGridLayout;
  recentGrid_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  layout->addLayout(recentGrid_);

  layout->addSpacing(12);
  layout->addWidget(makeHeading(tr("Start from a template"), 2, content));
  templateGrid_ = new QGridLayout;
  templateGrid_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  layout->addLayout(templateGrid_);

  layout->addSpacing(12);
  layout->addWidget(makeHeading(tr("Compute devices"), 2, content));
  devicesLabel_ = new QLabel(content);
  devicesLabel_->setWordWrap(true);
  devicesLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(devicesLabel_);

  layout->addSpacing(12);
  layout->addWidget(makeHeading(tr("Built-in example"), 2, content));
  exampleLabel_ = new QLabel(content);
  exampleLabel_->setWordWrap(true);
  exampleLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(exampleLabel_);
  layout->addStretch(1);

  auto* scroll = new QScrollArea(this);
  scroll->setObjectName(QStringLiteral("startPageScroll"));
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setWidget(content);
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(scroll);
  showRecentProjects({});
  showTemplates();
}

void StartPage::clearGrid(QGridLayout* grid) {
  // Later, not now: a recent card's click opens its project, and opening one refreshes this
  // list from inside that card's own click handler (a delete here freed the card and the slot
  // still running, and the studio crashed).
  while (QLayoutItem* item = grid->takeAt(0)) {
    if (QWidget* widget = item->widget()) {
      widget->hide();
      widget->deleteLater();
    }
    delete item;
  }
}

void StartPage::showRecentProjects(const QStringList& files) {
  clearGrid(recentGrid_);
  recentCount_ = 0;
  for (const QString& file : files) {
    const QFileInfo info(file);
    if (!info.isFile()) continue;
    const QString detail =
        QDir::toNativeSeparators(info.absolutePath()) + QLatin1Char('\n') +
        tr("Saved %1").arg(QLocale().toString(info.lastModified(), QLocale::ShortFormat));
    auto* card = new StartCard(info.completeBaseName(), detail, this);
    card->setObjectName(QStringLiteral("recentProjectCard"));
    card->setToolTip(QDir::toNativeSeparators(info.absoluteFilePath()));
    connect(card, &StartCard::clicked, this, [this, file] { emit recentRequested(file); });
    recentGrid_->addWidget(card, recentCount_ / kCardColumns, recentCount_ % kCardColumns);
    ++recentCount_;
  }
  recentHeading_->setVisible(recentCount_ > 0);
}

void StartPage::showTemplates() {
  clearGrid(templateGrid_);
  templateCount_ = 0;
  // Figures for the built-in example's images (1×28×28, 10 classes), like File > New.
  const TensorShape input = TensorShape::image(1, 28, 28);
  for (const TemplateInfo& info : TemplateLibrary::list()) {
    QString detail = TemplateText::description(info);
    const TemplateInstance instance = TemplateLibrary::instantiate(info.name, input, 10);
    if (instance.graph) {
      const ModelAnalysis analysis = ShapeInference::run(*instance.graph);
      detail += QStringLiteral("\n") +
                tr("%1 blocks · %2 parameters")
                    .arg(instance.graph->blocks().size())
                    .arg(QString::fromStdString(format_count(analysis.total_params())));
    }
    const QString name = QString::fromStdString(info.name);
    auto* card = new StartCard(name, detail, this);
    card->setObjectName(QStringLiteral("templateCard"));
    connect(card, &StartCard::clicked, this, [this, name] { emit templateRequested(name); });
    templateGrid_->addWidget(card, templateCount_ / kCardColumns, templateCount_ % kCardColumns);
    ++templateCount_;
  }
}

void StartPage::showDevices(const DeviceReport& devices) {
  QStringList lines;
  lines << tr("CPU: %1 (%2 threads)")
               .arg(QString::fromStdString(devices.cpu.model))
               .arg(devices.cpu.hardware_threads);
  if (devices.cuda_available) {
    for (const CudaDevice& d : devices.cuda_devices) {
      lines << tr("GPU cuda:%1: %2, %3")
                   .arg(d.index)
                   .arg(QString::fromStdString(d.name))
                   .arg(QString::fromStdString(format_bytes(d.total_memory_bytes)));
    }
  } else {
    lines << tr("CUDA is not available: %1").arg(cudaUnavailableText(devices));
  }
  devicesLabel_->setText(lines.join(QLatin1Char('\n')));
}

void StartPage::showExampleDataset(const QString& folder) {
  static const QStringList kFiles = {
      QStringLiteral("train-images-idx3-ubyte.gz"), QStringLiteral("train-labels-idx1-ubyte.gz"),
      QStringLiteral("t10k-images-idx3-ubyte.gz"), QStringLiteral("t10k-labels-idx1-ubyte.gz")};
  QStringList missing;
  qint64 bytes = 0;
  for (const QString& name : kFiles) {
    QFileInfo file(QDir(folder).filePath(name));
    if (file.isFile()) {
      bytes += file.size();
    } else {
      missing << name;
    }
  }
  if (missing.isEmpty()) {
    exampleLabel_->setText(
        tr("Fashion-MNIST: 70,000 grayscale 28×28 images of clothing in 10 classes, "
           "found in %1 (%2 compressed).")
            .arg(QDir::toNativeSeparators(folder),
                 QString::fromStdString(format_bytes(static_cast<std::uint64_t>(bytes)))));
  } else {
    exampleLabel_->setText(tr("Fashion-MNIST is missing from %1 (%2). Install the Debian "
                              "package dataset-fashion-mnist.")
                               .arg(QDir::toNativeSeparators(folder), missing.join(", ")));
  }
}

}  // namespace convstudio
