#pragma once
// One image's answer from a segmentation model as the inference panel shows it: plain Qt
// values, no engine types. The controller draws the mask in the classes' colours.

#include <QColor>
#include <QImage>
#include <QList>
#include <QMetaType>
#include <QString>

namespace convstudio {

struct SegmentationClassRow {
  QString name;
  QColor colour;
  qint64 pixels = 0;
};

struct SegmentationRow {
  QString image;                        // the file
  QImage picture;                       // the image as the model saw it (its input size)
  QImage mask;                          // the same size, each pixel its class's colour
  QList<SegmentationClassRow> classes;  // by class index
  QString error;                        // the image could not be read
};

}  // namespace convstudio

Q_DECLARE_METATYPE(convstudio::SegmentationRow)
