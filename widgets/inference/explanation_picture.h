#pragma once
// One explanation as the Explain section draws it: plain Qt images and text, no engine types.
// The app fills it from the engine's Explanation (colours from the engine's heat_map_colours).

#include <QImage>
#include <QList>
#include <QMetaType>
#include <QString>

namespace convstudio {

struct ExplanationPicture {
  QImage image;        // the image as the model saw it (fitted to the input)
  QImage heatMap;      // the heat map in colour, the image's size; null for feature maps
  QImage colourScale;  // N×1: the heat map's colours from its lowest value (left) to its highest
  double low = 0;      // the heat map's lowest and highest values, for the colour bar's labels
  double high = 0;
  QList<QImage> featureMaps;  // grey, largest mean activation first
  QList<qint64> channels;     // each feature map's channel
  QString summary;            // what was explained, the prediction and how long it took
};

}  // namespace convstudio

Q_DECLARE_METATYPE(convstudio::ExplanationPicture)
