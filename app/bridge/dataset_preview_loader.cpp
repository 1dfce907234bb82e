#include "dataset_preview_loader.h"

#include <QDir>

#include <chrono>
#include <cmath>
#include <exception>

#include "convstudio/data/dataset.h"
#include "convstudio/data/dataset_request.h"
#include "convstudio/data/preview_sample.h"
#include "convstudio/model/validation_choice.h"

namespace convstudio {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kProgressInterval = std::chrono::milliseconds(100);

// What decides which images are loaded and how they are fitted (augmentation only changes the
// drawing).
std::string datasetKey(const DatasetSettings& s) {
  return to_string(s.source) + '|' + s.path + '|' + to_string(s.validation) + '|' +
         std::to_string(s.validation_fraction) + '|' + std::to_string(s.input_channels) + 'x' +
         std::to_string(s.input_height) + 'x' + std::to_string(s.input_width) + '|' +
         to_string(s.fit);
}

}  // namespace

DatasetPreviewLoader::DatasetPreviewLoader(QObject* parent) : QObject(parent) {
  pool_.setMaxThreadCount(1);
}

DatasetPreviewLoader::~DatasetPreviewLoader() {
  generation_ = -1;
  cancelled_ = true;
  pool_.clear();
  pool_.waitForDone();
}

void DatasetPreviewLoader::request(const DatasetSettings& settings, quint64 seed, int count,
                                   std::optional<quint64> splitSeed) {
  const int generation = ++generation_;
  pool_.clear();  // drop requests not yet started; the newest one wins
  pool_.start([this, settings, seed, splitSeed, count, generation] {
    // An exception escaping a pool thread ends the studio; a dataset that cannot be previewed
    // (memory running out while indexing, say) only fails its preview.
    QString problem;
    try {
      load(settings, seed, splitSeed, count, generation);
      return;
    } catch (const std::exception& error) {
      problem = QString::fromLocal8Bit(error.what());
    } catch (...) {
      problem = tr("an unknown error");
    }
    cached_.reset();
    if (generation != generation_) return;
    const QString message = tr("Cannot preview the dataset: %1").arg(problem);
    QMetaObject::invokeMethod(
        this, [this, message] { emit previewFailed(message); }, Qt::QueuedConnection);
  });
}

void DatasetPreviewLoader::cancelScan() {
  cancelled_ = true;
}

void DatasetPreviewLoader::load(const DatasetSettings& settings, quint64 seed,
                                std::optional<quint64> splitSeed, int count, int generation) {
  if (generation != generation_) return;
  const quint64 split = splitSeed.value_or(seed);
  const std::string key = datasetKey(settings) + '|' + std::to_string(split);
  if (!cached_ || key != cachedKey_) {
    cached_.reset();
    cancelled_ = false;
    DatasetRequest request = dataset_request(settings, split);
    request.compute_statistics = false;  // the preview shows pixels before normalisation
    request.cache = CacheMode::Off;      // a dozen images are read, not the set
    auto last = Clock::now();
    const DatasetObserver observer = [&](const DatasetProgress& progress) {
      // A newer request supersedes this one: stop scanning for nobody.
      if (cancelled_ || generation != generation_) return false;
      if (progress.stage == DatasetProgress::Stage::Scanning &&
          Clock::now() - last >= kProgressInterval) {
        last = Clock::now();
        const qint64 files = progress.done;
        QMetaObject::invokeMethod(
            this, [this, files] { emit scanProgress(files); }, Qt::QueuedConnection);
      }
      return true;
    };
    Result<Dataset> loaded = load_dataset(request, observer);
    if (!loaded) {
      const QString message =
          cancelled_ ? tr("Scan cancelled.") : QString::fromStdString(loaded.error().describe());
      if (generation == generation_) {
        QMetaObject::invokeMethod(
            this, [this, message] { emit previewFailed(message); }, Qt::QueuedConnection);
      }
      return;
    }
    cached_ = std::make_shared<const Dataset>(std::move(loaded).value());
    cachedKey_ = key;
    cachedStatistics_ = dataset_statistics(*cached_);
  }
  if (generation == generation_) {
    summarize(*cached_, settings, splitSeed);
    QMetaObject::invokeMethod(
        this, [this, statistics = cachedStatistics_] { emit statisticsReady(statistics); },
        Qt::QueuedConnection);
  }
  std::vector<PreviewSample> samples =
      preview_augmented(*cached_, augmentation_options(settings.augmentation), count, seed);
  if (generation != generation_) return;
  QMetaObject::invokeMethod(
      this, [this, samples = std::move(samples)] { emit previewReady(samples); },
      Qt::QueuedConnection);
}

void DatasetPreviewLoader::summarize(const Dataset& dataset, const DatasetSettings& settings,
                                     std::optional<quint64> splitSeed) {
  const DatasetInfo& info = dataset.info;
  QStringList names;
  QList<qint64> counts;
  // Segmentation data counts the images that show each class (its class counts are pixels).
  const std::vector<std::int64_t>& per_class =
      info.masks ? info.train_class_images : info.train_class_counts;
  for (std::size_t c = 0; c < info.class_names.size(); ++c) {
    names << QString::fromStdString(info.class_names[c]);
    counts << (c < per_class.size() ? per_class[c] : 0);
  }
  const QString shape = QStringLiteral("%1×%2×%3")
                            .arg(info.input.channels)
                            .arg(info.input.height)
                            .arg(info.input.width);
  const qint64 train = info.train_count;
  const qint64 validation = info.validation_count;
  const QString source = validationSource(info, settings, splitSeed);
  QMetaObject::invokeMethod(
      this,
      [this, names, counts, train, validation, shape, source] {
        emit datasetSummarized(names, counts, train, validation, shape, source);
      },
      Qt::QueuedConnection);
}

QString DatasetPreviewLoader::validationSource(const DatasetInfo& info,
                                               const DatasetSettings& settings,
                                               std::optional<quint64> splitSeed) {
  if (info.validation_is_test_set) {
    // The same rule that chose the split names the folder it read (validation_choice.h).
    const std::string folder = choose_validation(settings.source, settings.path).folder;
    if (!folder.empty()) {
      return tr("Validation: the images in %1.")
          .arg(QDir::toNativeSeparators(QString::fromStdString(folder)));
    }
    return tr("Validation: the dataset's test set.");
  }
  if (settings.validation == ValidationSplit::Fold) {
    // A k-fold study's trial: its validation images are one fold of the training images.
    return tr("Validation: fold %1 of %2 of the training images (%3 images), dealt with seed %4.")
        .arg(settings.validation_fold + 1)
        .arg(settings.folds)
        .arg(info.validation_count)
        .arg(settings.fold_seed);
  }
  const qint64 all = info.train_count + info.validation_count;
  const int percent =
      all > 0 ? static_cast<int>(std::lround(100.0 * static_cast<double>(info.validation_count) /
                                             static_cast<double>(all)))
              : 0;
  QString text =
      splitSeed ? tr("Validation: %1% of the training images, held out at random "
                     "with the run's seed (%2).")
                      .arg(percent)
                      .arg(*splitSeed)
                : tr("Validation: %1% of the training images, held out at random.").arg(percent);
  // Asked for a test set the data does not have: the loader held out a share instead.
  if (settings.validation == ValidationSplit::TestSet) {
    text += QLatin1Char(' ') + tr("This data has no test set or validation folder.");
  }
  return text;
}

}  // namespace convstudio
