#pragma once
// How a run uses the machine and how long it lasts: device (with SyncBatchNorm for a
// data-parallel one), batch size, gradient accumulation (with the effective batch), mixed
// precision (with what it does), epochs and step limit, how often to validate besides at
// epochs' ends, seed, checkpoint policy, early stopping and automatic out-of-memory recovery.
// "Find…" beside the batch size asks for the batch-size finder.

#include <QWidget>

#include "convstudio/model/training_settings.h"
#include "convstudio/system_info.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace convstudio {

class RunSettingsEditor : public QWidget {
  Q_OBJECT

 public:
  explicit RunSettingsEditor(QWidget* parent = nullptr);

  // Fills the device list: automatic, the CPU, each CUDA device with name and memory, or one
  // disabled entry saying why CUDA cannot be used; then the data-parallel choices: "CPU × N
  // processes" (N = 2 … the CPU's threads) and, with two GPUs or more, the first K GPUs.
  void setDevices(const DeviceReport& devices);
  void load(const TrainingSettings& settings);
  void store(TrainingSettings& settings) const;

  static QString ampExplanation(AmpMode mode);

 signals:
  void edited();
  void batchSizeFinderRequested();

 private:
  // The constructor's steps: device, batch and speed; length, seed, checkpoints and loader;
  // the form; every field's edit reported.
  void createDeviceFields();
  void createAmpChoice();           // the mixed-precision modes
  void createMemoryFormatChoice();  // Auto, channels-last, NCHW
  void createRunFields();
  void layOutFields();
  void connectFields();
  void selectDevice(const QString& device, std::int64_t processes);
  void addDevice(const QString& text, const QString& device, std::int64_t processes = 1);
  void updateDerived();

  QComboBox* device_ = nullptr;
  QCheckBox* syncBatchNorm_ = nullptr;  // enabled for a data-parallel choice
  QSpinBox* batch_ = nullptr;
  QPushButton* findBatch_ = nullptr;
  QSpinBox* accumulate_ = nullptr;
  QLabel* effective_ = nullptr;
  QComboBox* amp_ = nullptr;
  QLabel* ampHint_ = nullptr;
  QComboBox* memoryFormat_ = nullptr;
  QCheckBox* cudnnBenchmark_ = nullptr;
  QSpinBox* epochs_ = nullptr;
  QSpinBox* maxSteps_ = nullptr;
  QSpinBox* validateEvery_ = nullptr;  // 0: at epochs' ends (and the run's end) only
  QSpinBox* seed_ = nullptr;
  QCheckBox* deterministic_ = nullptr;
  QSpinBox* checkpointEvery_ = nullptr;
  QCheckBox* keepBest_ = nullptr;
  QSpinBox* earlyStopping_ = nullptr;
  QCheckBox* autoOom_ = nullptr;
  QSpinBox* workers_ = nullptr;
};

}  // namespace convstudio
