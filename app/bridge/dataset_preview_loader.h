#pragma once
// Loads a dataset and draws augmented preview samples off the UI thread, for the settings
// panel's preview grid. The last dataset stays loaded, so shuffling or changing augmentation
// does not read the files again; only the newest request's result is delivered.

#include <QImage>
#include <QList>
#include <QObject>
#include <QStringList>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <string>

#include "convstudio/model/dataset_settings.h"

namespace convstudio {

struct Dataset;

class DatasetPreviewLoader : public QObject {
  Q_OBJECT

 public:
  explicit DatasetPreviewLoader(QObject* parent = nullptr);
  // Waits for a load in progress, so no result is posted to a destroyed loader.
  ~DatasetPreviewLoader() override;

  void request(const DatasetSettings& settings, quint64 seed, int count);

 signals:
  void previewReady(const QList<QImage>& images, const QStringList& captions);
  void previewFailed(const QString& message);

 private:
  void load(const DatasetSettings& settings, quint64 seed, int count, int generation);

  QThreadPool pool_;  // one thread: requests run in order and share the cache below
  std::atomic<int> generation_{0};
  // Pool thread only.
  std::shared_ptr<const Dataset> cached_;
  std::string cachedKey_;
};

}  // namespace convstudio
