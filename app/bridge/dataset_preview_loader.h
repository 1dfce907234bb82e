#pragma once
// Indexes a dataset, counts what it holds and draws augmented preview samples off the UI thread,
// for the settings panel's statistics and preview grid. Only the shown images are decoded; a big
// folder's scan reports its progress and can be cancelled. The last dataset stays open, so
// shuffling or changing augmentation does not scan again; only the newest request's result is
// delivered.

#include <QList>
#include <QObject>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "convstudio/data/dataset_statistics.h"
#include "convstudio/data/preview_sample.h"
#include "convstudio/model/dataset_settings.h"

namespace convstudio {

struct Dataset;
struct DatasetInfo;

class DatasetPreviewLoader : public QObject {
  Q_OBJECT

 public:
  explicit DatasetPreviewLoader(QObject* parent = nullptr);
  // Cancels a scan in progress and waits for it, so no result is posted to a destroyed loader.
  ~DatasetPreviewLoader() override;

  // `seed` draws the preview's augmentations; `splitSeed` (the run's seed, which draws a held-out
  // share) holds out the validation images as training will, and is named in the summary.
  // Without it the preview seed splits and the summary names no seed.
  void request(const DatasetSettings& settings, quint64 seed, int count,
               std::optional<quint64> splitSeed = std::nullopt);
  // Stops the scan in progress; previewFailed() then says it was cancelled.
  void cancelScan();

 signals:
  // Plain samples: the view that shows them draws the images (the bridge draws nothing).
  void previewReady(const std::vector<convstudio::PreviewSample>& samples);
  void previewFailed(const QString& message);
  // While scanning: files found so far (a few times a second).
  void scanProgress(qint64 files);
  // Once the dataset is open: its classes with their training images, the split, the shape and
  // where the validation images come from ("Validation: the images in /data/flowers/val.").
  void datasetSummarized(const QStringList& classNames, const QList<qint64>& trainCounts,
                         qint64 trainCount, qint64 validationCount, const QString& shape,
                         const QString& validation);
  // Once per dataset opened: images per class in each split, sizes, grey share, imbalance
  // (counted on the loader's thread: the sizes read a header per file, up to kSizeSample).
  void statisticsReady(const convstudio::DatasetStatistics& statistics);

 private:
  void load(const DatasetSettings& settings, quint64 seed, std::optional<quint64> splitSeed,
            int count, int generation);
  void summarize(const Dataset& dataset, const DatasetSettings& settings,
                 std::optional<quint64> splitSeed);
  static QString validationSource(const DatasetInfo& info, const DatasetSettings& settings,
                                  std::optional<quint64> splitSeed);

  QThreadPool pool_;  // one thread: requests run in order and share the cache below
  std::atomic<int> generation_{0};
  std::atomic<bool> cancelled_{false};
  // Pool thread only.
  std::shared_ptr<const Dataset> cached_;
  std::string cachedKey_;
  DatasetStatistics cachedStatistics_;
};

}  // namespace convstudio
