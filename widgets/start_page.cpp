#include "start_page.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "convstudio/model/units.h"
#include "device_text.h"

namespace convstudio {
namespace {

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
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(48, 40, 48, 40);
  layout->setSpacing(12);
  layout->addWidget(makeHeading(tr("ConvStudio"), 10, this));
  auto* tagline = new QLabel(
      tr("Build convolutional networks from blocks, train them on the CPU or a CUDA GPU, "
         "and export them to the tools you already use."),
      this);
  tagline->setWordWrap(true);
  layout->addWidget(tagline);

  auto* buttons = new QHBoxLayout;
  auto* example = new QPushButton(tr("Open the Example"), this);
  example->setObjectName(QStringLiteral("openExampleButton"));
  example->setDefault(true);
  auto* create = new QPushButton(tr("New Project…"), this);
  auto* open = new QPushButton(tr("Open…"), this);
  connect(example, &QPushButton::clicked, this, &StartPage::exampleRequested);
  connect(create, &QPushButton::clicked, this, &StartPage::newRequested);
  connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
  buttons->addWidget(example);
  buttons->addWidget(create);
  buttons->addWidget(open);
  buttons->addStretch(1);
  layout->addSpacing(8);
  layout->addLayout(buttons);

  layout->addSpacing(16);
  layout->addWidget(makeHeading(tr("Compute devices"), 2, this));
  devicesLabel_ = new QLabel(this);
  devicesLabel_->setWordWrap(true);
  devicesLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(devicesLabel_);

  layout->addSpacing(16);
  layout->addWidget(makeHeading(tr("Built-in example"), 2, this));
  exampleLabel_ = new QLabel(this);
  exampleLabel_->setWordWrap(true);
  exampleLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(exampleLabel_);
  layout->addStretch(1);
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
                 QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeTraditionalFormat)));
  } else {
    exampleLabel_->setText(tr("Fashion-MNIST is missing from %1 (%2). Install the Debian "
                              "package dataset-fashion-mnist.")
                               .arg(QDir::toNativeSeparators(folder), missing.join(", ")));
  }
}

}  // namespace convstudio
