#pragma once
// Help > About: the product, its versions and the devices it found (same facts as
// `convstudio-cli --version` and `devices`).

#include <QDialog>

namespace convstudio {

struct BuildInfo;
struct DeviceReport;

class AboutDialog : public QDialog {
  Q_OBJECT

 public:
  AboutDialog(const BuildInfo& build, const DeviceReport& devices, QWidget* parent = nullptr);
};

}  // namespace convstudio
