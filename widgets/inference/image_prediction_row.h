#pragma once
// One image's prediction as the inference panel shows it: plain Qt values, no engine types.

#include <QList>
#include <QMetaType>
#include <QString>

namespace convstudio {

struct ImagePredictionRow {
  QString image;                // the file
  QList<QString> classes;       // best first
  QList<double> probabilities;  // same order
  QString error;                // the image could not be read
};

}  // namespace convstudio

Q_DECLARE_METATYPE(convstudio::ImagePredictionRow)
