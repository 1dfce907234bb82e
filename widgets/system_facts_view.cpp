#include "system_facts_view.h"

#include <QHeaderView>

#include "convstudio/model/units.h"
#include "device_text.h"

namespace convstudio {

SystemFactsView::SystemFactsView(QWidget* parent) : QTreeWidget(parent) {
  setColumnCount(2);
  setHeaderLabels({tr("Item"), tr("Value")});
  setRootIsDecorated(false);
  setSelectionMode(QAbstractItemView::NoSelection);
  setAlternatingRowColors(true);
  header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  header()->setStretchLastSection(true);
}

void SystemFactsView::showFacts(const BuildInfo& build, const DeviceReport& devices) {
  clear();
  QTreeWidgetItem* versions = addSection(tr("Versions"));
  addFact(versions, tr("ConvStudio"), QString::fromStdString(build.convstudio_version));
  addFact(versions, tr("LibTorch"),
          QString::fromStdString(build.libtorch_version) + " " +
              (build.cuda_compiled ? tr("(CUDA-enabled)") : tr("(CPU-only)")));
  addFact(versions, tr("CUDA (compiled)"),
          build.cuda_compiled ? QString::fromStdString(build.cuda_compiled_version)
                              : tr("not compiled in"));
  addFact(versions, tr("cuDNN"),
          build.cudnn_version.empty() ? tr("not compiled in")
                                      : QString::fromStdString(build.cudnn_version));
  addFact(versions, tr("OpenCV"), QString::fromStdString(build.opencv_version));
  addFact(versions, tr("Qt"), QString::fromLatin1(qVersion()));

  QTreeWidgetItem* compute = addSection(tr("Compute devices"));
  addFact(compute, tr("CPU"),
          tr("%1, %2 hardware threads, LibTorch uses %3")
              .arg(QString::fromStdString(devices.cpu.model))
              .arg(devices.cpu.hardware_threads)
              .arg(devices.cpu.torch_threads));
  if (!devices.cuda_available) {
    addFact(compute, tr("CUDA"), tr("not available: %1").arg(cudaUnavailableText(devices)));
  }
  for (const CudaDevice& d : devices.cuda_devices) {
    addFact(compute, QStringLiteral("cuda:%1").arg(d.index),
            tr("%1, %2, compute capability %3.%4")
                .arg(QString::fromStdString(d.name))
                .arg(QString::fromStdString(format_bytes(d.total_memory_bytes)))
                .arg(d.compute_major)
                .arg(d.compute_minor));
  }
  expandAll();
}

QTreeWidgetItem* SystemFactsView::addSection(const QString& title) {
  auto* section = new QTreeWidgetItem(this, {title});
  QFont bold = section->font(0);
  bold.setBold(true);
  section->setFont(0, bold);
  section->setFirstColumnSpanned(true);
  return section;
}

void SystemFactsView::addFact(QTreeWidgetItem* section, const QString& name, const QString& value) {
  auto* item = new QTreeWidgetItem(section, {name, value});
  item->setToolTip(1, value);
}

}  // namespace convstudio
