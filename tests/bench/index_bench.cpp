// Cost of the file index of a big image folder (issue 14), in this process alone (no library
// start-up): the scan (listing plus one stat per image), writing and reading the cached index,
// and the freshness check a warm start makes (folder times and entry counts).
// Usage: index_bench FOLDER [REPEATS]; prints one JSON line of medians in seconds.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <vector>

#include "data/file_index_store.h"
#include "data/formats/imagefolder/image_folder_scan.h"

namespace {

using Clock = std::chrono::steady_clock;

template <typename Work>
double median_seconds(int repeats, Work work) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = Clock::now();
    work();
    times.push_back(std::chrono::duration<double>(Clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  using namespace convstudio;
  if (argc < 2) {
    std::fprintf(stderr, "usage: index_bench FOLDER [REPEATS]\n");
    return 2;
  }
  const std::string folder = std::filesystem::absolute(argv[1]).lexically_normal().string();
  const int repeats = argc > 2 ? std::atoi(argv[2]) : 5;
  FileIndex index;
  const double scan = median_seconds(repeats, [&] {
    Result<FileIndex> scanned = scan_image_folder(folder, {});
    if (!scanned) {
      std::fprintf(stderr, "%s\n", scanned.error().describe().c_str());
      std::exit(1);
    }
    index = std::move(scanned).value();
  });
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "convstudio-index-bench.index";
  const double save = median_seconds(repeats, [&] { save_index(index, file); });
  const double load = median_seconds(repeats, [&] { load_cached_index(file, folder); });
  bool current = false;
  const double check = median_seconds(repeats, [&] { current = index_is_current(index); });
  std::filesystem::remove(file);
  std::printf(
      "{\"files\": %zu, \"scan_s\": %.3f, \"save_s\": %.3f, \"load_s\": %.3f, "
      "\"freshness_check_s\": %.3f, \"current\": %s}\n",
      index.files.size(), scan, save, load, check, current ? "true" : "false");
  return 0;
}
