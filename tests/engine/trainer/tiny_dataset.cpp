#include "tiny_dataset.h"

#include "scratch_folder.h"

#include <fstream>
#include <random>
#include <vector>

namespace convstudio::testing {
namespace {

void write_big_endian(std::ofstream& out, std::uint32_t value) {
  const char bytes[4] = {static_cast<char>(value >> 24), static_cast<char>(value >> 16),
                         static_cast<char>(value >> 8), static_cast<char>(value)};
  out.write(bytes, 4);
}

void write_split(const std::filesystem::path& folder, const std::string& prefix, int count,
                 int classes, int size, std::mt19937& rng) {
  std::ofstream images(folder / (prefix + "-images-idx3-ubyte"), std::ios::binary);
  std::ofstream labels(folder / (prefix + "-labels-idx1-ubyte"), std::ios::binary);
  write_big_endian(images, 0x00000803);
  write_big_endian(images, static_cast<std::uint32_t>(count));
  write_big_endian(images, static_cast<std::uint32_t>(size));
  write_big_endian(images, static_cast<std::uint32_t>(size));
  write_big_endian(labels, 0x00000801);
  write_big_endian(labels, static_cast<std::uint32_t>(count));
  std::uniform_int_distribution<int> noise(0, 60);
  std::vector<char> pixels(static_cast<std::size_t>(size * size));
  for (int i = 0; i < count; ++i) {
    const int label = i % classes;
    for (auto& p : pixels) p = static_cast<char>(noise(rng));
    // Class k lights a 3×3 square at a position of its own.
    const int row = (label * 3) % (size - 2);
    const int col = (label * 5) % (size - 2);
    for (int r = row; r < row + 3; ++r) {
      for (int c = col; c < col + 3; ++c) pixels[r * size + c] = static_cast<char>(230);
    }
    images.write(pixels.data(), static_cast<std::streamsize>(pixels.size()));
    const char label_byte = static_cast<char>(label);
    labels.write(&label_byte, 1);
  }
}

// The tiny projects' dataset and training: the IDX folder, on the CPU, batch 8, lr 0.05.
void train_on_folder(Project& project, const std::filesystem::path& folder) {
  project.dataset.source = DatasetKind::Idx;
  project.dataset.path = folder.string();
  project.training.device = "cpu";
  project.training.batch_size = 8;
  project.training.optimizer.lr = 0.05;
}

}  // namespace

void write_tiny_idx_dataset(const std::filesystem::path& folder, int train, int test, int classes,
                            int size, std::uint32_t seed) {
  std::filesystem::create_directories(folder);
  std::mt19937 rng(seed);
  write_split(folder, "train", train, classes, size, rng);
  write_split(folder, "t10k", test, classes, size, rng);
}

Project tiny_project(const std::filesystem::path& folder, int classes, int size,
                     bool with_dropout) {
  Project project;
  Graph& g = project.graph;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{size});
  g.set_param(input, "width", std::int64_t{size});
  const std::string flatten = g.add_block("Flatten");
  const std::string hidden = g.add_block("Linear");
  g.set_param(hidden, "out_features", std::int64_t{16});
  const std::string relu = g.add_block("ReLU");
  const std::string output = g.add_block("Output");
  g.set_param(output, "classes", std::int64_t{classes});
  g.connect({input, flatten, 0});
  g.connect({flatten, hidden, 0});
  g.connect({hidden, relu, 0});
  if (with_dropout) {
    const std::string dropout = g.add_block("Dropout");
    g.set_param(dropout, "p", 0.2);
    g.connect({relu, dropout, 0});
    g.connect({dropout, output, 0});
  } else {
    g.connect({relu, output, 0});
  }
  train_on_folder(project, folder);
  project.training.epochs = 1;
  project.training.loader_workers = 1;
  project.training.validation.checkpoint_every_epochs = 1;
  return project;
}

Project tiny_conv_project(const std::filesystem::path& folder) {
  Project project;
  Graph& g = project.graph;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{8});
  g.set_param(input, "width", std::int64_t{8});
  const std::string conv = g.add_block("Conv2d");
  g.set_param(conv, "out_channels", std::int64_t{4});
  g.set_param(conv, "kernel", std::int64_t{3});
  g.set_param(conv, "padding", std::int64_t{1});
  const std::string norm = g.add_block("BatchNorm2d");
  const std::string relu = g.add_block("ReLU");
  const std::string flatten = g.add_block("Flatten");
  const std::string output = g.add_block("Output");
  g.set_param(output, "classes", std::int64_t{4});
  g.connect({input, conv, 0});
  g.connect({conv, norm, 0});
  g.connect({norm, relu, 0});
  g.connect({relu, flatten, 0});
  g.connect({flatten, output, 0});
  train_on_folder(project, folder);
  project.training.epochs = 2;
  return project;
}

std::filesystem::path fresh_folder(const std::string& name) {
  return scratch_folder(name);
}

}  // namespace convstudio::testing
