#include "dataset_preview_loader.h"

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/data/preview_sample.h"
#include "training/misclassified_gallery.h"

namespace convstudio {
namespace {

// What decides which images are loaded (augmentation only changes the drawing).
std::string datasetKey(const DatasetSettings& s) {
  return to_string(s.source) + '|' + s.path + '|' + to_string(s.validation) + '|' +
         std::to_string(s.validation_fraction) + '|' + std::to_string(s.input_channels) + 'x' +
         std::to_string(s.input_height) + 'x' + std::to_string(s.input_width);
}

}  // namespace

DatasetPreviewLoader::DatasetPreviewLoader(QObject* parent) : QObject(parent) {
  pool_.setMaxThreadCount(1);
}

DatasetPreviewLoader::~DatasetPreviewLoader() {
  generation_ = -1;
  pool_.clear();
  pool_.waitForDone();
}

void DatasetPreviewLoader::request(const DatasetSettings& settings, quint64 seed, int count) {
  const int generation = ++generation_;
  pool_.clear();  // drop requests not yet started; the newest one wins
  pool_.start(
      [this, settings, seed, count, generation] { load(settings, seed, count, generation); });
}

void DatasetPreviewLoader::load(const DatasetSettings& settings, quint64 seed, int count,
                                int generation) {
  if (generation != generation_) return;
  const std::string key = datasetKey(settings);
  if (!cached_ || key != cachedKey_) {
    cached_.reset();
    Result<Dataset> loaded = load_dataset(dataset_request(settings, seed));
    if (!loaded) {
      const QString message = QString::fromStdString(loaded.error().describe());
      if (generation == generation_) {
        QMetaObject::invokeMethod(
            this, [this, message] { emit previewFailed(message); }, Qt::QueuedConnection);
      }
      return;
    }
    cached_ = std::make_shared<const Dataset>(std::move(loaded).value());
    cachedKey_ = key;
  }
  const std::vector<PreviewSample> samples =
      preview_augmented(*cached_, augmentation_options(settings.augmentation), count, seed);
  QList<QImage> images;
  QStringList captions;
  for (const PreviewSample& s : samples) {
    images << MisclassifiedGallery::toImage(s.channels, s.height, s.width, s.pixels.data());
    captions << QString::fromStdString(s.class_name);
  }
  if (generation != generation_) return;
  QMetaObject::invokeMethod(
      this, [this, images, captions] { emit previewReady(images, captions); },
      Qt::QueuedConnection);
}

}  // namespace convstudio
