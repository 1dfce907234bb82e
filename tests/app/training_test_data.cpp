#include "training_test_data.h"

#include <QDataStream>
#include <QDir>
#include <QFile>
#include <QRandomGenerator>

#include "convstudio/train/trainer.h"

namespace convstudio::testing {
namespace {

void writeSplit(const QString& folder, const QString& prefix, int count, int classes, int size,
                QRandomGenerator& random) {
  QFile images(QDir(folder).filePath(prefix + QStringLiteral("-images-idx3-ubyte")));
  QFile labels(QDir(folder).filePath(prefix + QStringLiteral("-labels-idx1-ubyte")));
  images.open(QIODevice::WriteOnly | QIODevice::Truncate);
  labels.open(QIODevice::WriteOnly | QIODevice::Truncate);
  QDataStream imageOut(&images);  // big-endian, as IDX wants
  QDataStream labelOut(&labels);
  imageOut << quint32(0x00000803) << quint32(count) << quint32(size) << quint32(size);
  labelOut << quint32(0x00000801) << quint32(count);
  QByteArray pixels(size * size, 0);
  for (int i = 0; i < count; ++i) {
    const int label = i % classes;
    for (char& p : pixels) p = static_cast<char>(random.bounded(60));
    const int row = (label * 3) % (size - 2);
    const int col = (label * 5) % (size - 2);
    for (int r = row; r < row + 3; ++r) {
      for (int c = col; c < col + 3; ++c) pixels[r * size + c] = static_cast<char>(230);
    }
    imageOut.writeRawData(pixels.constData(), static_cast<int>(pixels.size()));
    labelOut << quint8(label);
  }
}

}  // namespace

void writeTinyIdxDataset(const QString& folder, int train, int test, int classes, int size) {
  QDir().mkpath(folder);
  QRandomGenerator random(7);
  writeSplit(folder, QStringLiteral("train"), train, classes, size, random);
  writeSplit(folder, QStringLiteral("t10k"), test, classes, size, random);
}

Project tinyProject(const QString& folder, int classes, int size) {
  Project project;
  Graph& g = project.graph;
  const std::string input = g.add_block("Input", 0, 0);
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{size});
  g.set_param(input, "width", std::int64_t{size});
  const std::string flatten = g.add_block("Flatten", 220, 0);
  const std::string hidden = g.add_block("Linear", 440, 0);
  g.set_param(hidden, "out_features", std::int64_t{16});
  const std::string relu = g.add_block("ReLU", 660, 0);
  const std::string output = g.add_block("Output", 880, 0);
  g.set_param(output, "classes", std::int64_t{classes});
  g.connect({input, flatten, 0});
  g.connect({flatten, hidden, 0});
  g.connect({hidden, relu, 0});
  g.connect({relu, output, 0});
  project.dataset.source = DatasetKind::Idx;
  project.dataset.path = QFile::encodeName(folder).toStdString();
  project.training.device = "cpu";
  project.training.batch_size = 8;
  project.training.epochs = 3;
  project.training.max_steps = 20;
  project.training.optimizer.lr = 0.05;
  project.training.loader_workers = 1;
  project.training.validation.checkpoint_every_epochs = 1;
  return project;
}

QString trainCheckpoint(Project project, const QString& runFolder, int steps) {
  RunOptions options;
  options.project = std::move(project);
  options.project.training.max_steps = steps;
  options.out_dir = QFile::encodeName(runFolder).toStdString();
  Trainer trainer(options, nullptr);
  const RunSummary summary = trainer.run();
  if (summary.state != RunState::Finished) return {};
  return QFile::decodeName(summary.checkpoints.last.c_str());
}

QString trainTinyCheckpoint(const QString& folder, int steps) {
  const QString data = QDir(folder).filePath(QStringLiteral("data"));
  writeTinyIdxDataset(data, 64, 32, 4, 8);
  return trainCheckpoint(tinyProject(data, 4, 8), QDir(folder).filePath(QStringLiteral("run")),
                         steps);
}

}  // namespace convstudio::testing
