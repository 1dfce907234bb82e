// Throughput of the data loader alone (issue 14): an image folder read, decoded, fitted by
// resize-crop to 3 x SIZE x SIZE, flipped at random and normalised into batches of 64, with
// WORKERS threads and the decoded cache off, as torchvision's ImageFolder + DataLoader does it
// (tests/bench/torchvision_loader.py). Prints one JSON line with images per second, counted
// from the end of the first batch (start-up is excluded on both sides).
// Usage: loader_bench FOLDER WORKERS BATCHES [SIZE]

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "convstudio/data/dataset.h"
#include "data/batch_loader.h"

int main(int argc, char** argv) {
  using namespace convstudio;
  if (argc < 4) {
    std::fprintf(stderr, "usage: loader_bench FOLDER WORKERS BATCHES [SIZE]\n");
    return 2;
  }
  const int workers = std::atoi(argv[2]);
  const int batches = std::atoi(argv[3]);
  const int size = argc > 4 ? std::atoi(argv[4]) : 224;
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = argv[1];
  request.channels = 3;
  request.height = request.width = size;
  request.fit = FitMode::ResizeCrop;
  request.cache = CacheMode::Off;
  request.validation_fraction = 0.01;
  request.compute_statistics = false;  // ImageNet's statistics, as the torchvision side uses
  Result<Dataset> dataset = load_dataset(request);
  if (!dataset) {
    std::fprintf(stderr, "%s\n", dataset.error().describe().c_str());
    return 1;
  }
  BatchLoaderOptions options;
  options.batch_size = 64;
  options.workers = workers;
  options.prefetch_batches = 2 * workers;  // DataLoader's default prefetch_factor 2 per worker
  options.augmentation.hflip = true;
  options.mean = {0.485f, 0.456f, 0.406f};
  options.std = {0.229f, 0.224f, 0.225f};
  options.pin_memory = false;
  BatchLoader loader(dataset.value().train, options);
  loader.start_epoch(0);
  using Clock = std::chrono::steady_clock;
  Clock::time_point start;
  std::int64_t images = 0;
  for (int b = 0; b < batches; ++b) {
    std::optional<Batch> batch = loader.next();
    if (!batch) {
      std::fprintf(stderr, "the folder has fewer than %d batches\n", batches);
      return 1;
    }
    if (b == 0) {
      start = Clock::now();
    } else {
      images += batch->images.size(0);
    }
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::printf("{\"images_per_second\": %.2f, \"images\": %lld, \"seconds\": %.3f}\n",
              images / seconds, static_cast<long long>(images), seconds);
  return 0;
}
