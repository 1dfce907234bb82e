#pragma once
// Bringing a whole in-memory image set (IDX data) to the channel count and size the model
// takes, with the dataset's fit mode, using all cores.

#include "convstudio/data/image_set.h"
#include "convstudio/model/dataset_settings.h"

namespace convstudio {

ImageSet convert_images(const ImageSet& images, int channels, int height, int width, FitMode fit);

}  // namespace convstudio
