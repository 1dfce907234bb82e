#include "setting_text.h"

#include <QCoreApplication>
#include <QStringList>

#include "convstudio/model/setting_table.h"

namespace convstudio {

QString settingLabel(std::string_view name) {
  const std::string* label = nullptr;
  if (const TrainingSetting* training = find_training_setting(name)) {
    label = &training->label;
  } else if (const DatasetSetting* dataset = find_dataset_setting(name)) {
    label = &dataset->label;
  }
  if (label == nullptr || label->empty()) return QString::fromUtf8(name.data(), name.size());
  return QCoreApplication::translate(kSettingLabelContext, label->c_str());
}

QString sweepLabelText(const std::string& label) {
  QStringList parts;
  for (const QString& part : QString::fromStdString(label).split(QStringLiteral(", "))) {
    const qsizetype equals = part.indexOf(QLatin1Char('='));
    if (equals <= 0) {
      parts << part;
      continue;
    }
    const std::string name = part.left(equals).toStdString();
    parts << QStringLiteral("%1 = %2").arg(settingLabel(name), part.mid(equals + 1));
  }
  return parts.join(QStringLiteral(", "));
}

}  // namespace convstudio
