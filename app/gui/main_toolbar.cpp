#include "main_toolbar.h"

#include <QActionGroup>
#include <QMenu>
#include <QToolButton>

#include "device_text.h"

namespace convstudio {
namespace {

QString ampText(AmpMode mode) {
  switch (mode) {
    case AmpMode::Off:
      return MainToolBar::tr("fp32");
    case AmpMode::Fp16:
      return QStringLiteral("fp16");
    case AmpMode::Bf16:
      return QStringLiteral("bf16");
    case AmpMode::Auto:
      return MainToolBar::tr("auto");
  }
  return {};
}

}  // namespace

MainToolBar::MainToolBar(const Actions& actions, const DeviceReport& devices,
                         std::function<TrainingSettings()> settings,
                         std::function<void(const TrainingSettings&)> setSettings, QWidget* parent)
    : QToolBar(tr("Main Toolbar"), parent),
      devices_(devices),
      settings_(std::move(settings)),
      setSettings_(std::move(setSettings)) {
  setObjectName(QStringLiteral("mainToolBar"));
  setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  setMovable(false);
  addAction(actions.train);
  addAction(actions.pause);
  addAction(actions.stop);

  runButton_ = new QToolButton(this);
  runButton_->setObjectName(QStringLiteral("runDeviceButton"));
  runButton_->setPopupMode(QToolButton::InstantPopup);
  runButton_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  auto* menu = new QMenu(runButton_);
  runButton_->setMenu(menu);
  addWidget(runButton_);
  addSeparator();
  addAction(actions.fit);
  addAction(actions.undo);
  addAction(actions.redo);

  deviceGroup_ = new QActionGroup(this);
  ampGroup_ = new QActionGroup(this);
  fillRunMenu();
  updateRunButton();
}

QString MainToolBar::runText(const TrainingSettings& settings, const DeviceReport& devices) {
  const auto device = parse_device(settings.device);
  QString where;
  if (!device) {
    where = QString::fromStdString(settings.device);
  } else if (device->uses_cuda(devices.cuda_available)) {
    where = QStringLiteral("cuda:%1").arg(device->cuda_index());
  } else {
    where = tr("CPU");
  }
  if (device && device->kind == DeviceChoice::Kind::Auto) where = tr("Auto: %1").arg(where);
  if (settings.processes > 1) where = runDevicesText(settings);  // "CPU × 2 processes"
  return where + QStringLiteral(" · ") + ampText(settings.amp);
}

void MainToolBar::fillRunMenu() {
  QMenu* menu = runButton_->menu();
  menu->addSection(tr("Device"));
  const auto addDevice = [this, menu](const QString& text, const QString& device) {
    QAction* action = menu->addAction(text);
    action->setCheckable(true);
    action->setData(device);
    deviceGroup_->addAction(action);
    connect(action, &QAction::triggered, this, [this, device] {
      TrainingSettings settings = settings_();
      settings.device = device.toStdString();
      settings.processes = 1;  // one device; the run settings offer several
      setSettings_(settings);
    });
  };
  addDevice(tr("Automatic (a GPU when there is one)"), QStringLiteral("auto"));
  addDevice(tr("CPU"), QStringLiteral("cpu"));
  for (const CudaDevice& gpu : devices_.cuda_devices) {
    addDevice(QStringLiteral("cuda:%1 — %2").arg(gpu.index).arg(QString::fromStdString(gpu.name)),
              QStringLiteral("cuda:%1").arg(gpu.index));
  }
  menu->addSection(tr("Mixed precision"));
  for (AmpMode mode : {AmpMode::Auto, AmpMode::Off, AmpMode::Fp16, AmpMode::Bf16}) {
    QAction* action = menu->addAction(mode == AmpMode::Off    ? tr("Off (fp32)")
                                      : mode == AmpMode::Auto ? tr("Auto (bf16 where native)")
                                                              : ampText(mode));
    action->setCheckable(true);
    action->setData(static_cast<int>(mode));
    ampGroup_->addAction(action);
    connect(action, &QAction::triggered, this, [this, mode] {
      TrainingSettings settings = settings_();
      settings.amp = mode;
      setSettings_(settings);
    });
  }
}

void MainToolBar::updateRunButton() {
  const TrainingSettings settings = settings_();
  runButton_->setText(runText(settings, devices_));
  runButton_->setToolTip(tr("Device and mixed precision of the next run; click to change them"));
  for (QAction* action : deviceGroup_->actions()) {
    action->setChecked(settings.processes == 1 &&
                       action->data().toString().toStdString() == settings.device);
  }
  for (QAction* action : ampGroup_->actions()) {
    action->setChecked(action->data().toInt() == static_cast<int>(settings.amp));
  }
}

}  // namespace convstudio
