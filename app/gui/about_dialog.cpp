#include "about_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

#include "convstudio/system_info.h"
#include "system_facts_view.h"

namespace convstudio {

AboutDialog::AboutDialog(const BuildInfo& build, const DeviceReport& devices, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("About ConvStudio"));
  auto* layout = new QVBoxLayout(this);
  auto* title = new QLabel(
      tr("<h2>ConvStudio %1</h2><p>A native studio for building and training convolutional "
         "networks with LibTorch, on the CPU or CUDA GPUs.</p>")
          .arg(QString::fromStdString(build.convstudio_version)),
      this);
  title->setWordWrap(true);
  layout->addWidget(title);
  auto* facts = new SystemFactsView(this);
  facts->setObjectName(QStringLiteral("systemFacts"));
  facts->showFacts(build, devices);
  layout->addWidget(facts, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  resize(640, 420);
}

}  // namespace convstudio
