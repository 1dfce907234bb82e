#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "convstudio/data/dataset.h"
#include "data/file_index_store.h"
#include "data/formats/imagefolder/image_folder_scan.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

// root/<class>/<i>.png
void write_classes(const fs::path& root, const std::vector<std::string>& classes, int per_class) {
  for (const std::string& name : classes) {
    fs::create_directories(root / name);
    for (int i = 0; i < per_class; ++i) {
      testing::write_png((root / name / (std::to_string(i) + ".png")).string(), 5, 5, 1, 2, 3);
    }
  }
}

// Folders changed within a second or two of a scan are not cached (a change may hide inside
// one timestamp); the tests' folders are made a minute old so their index is kept.
void make_old(const fs::path& root) {
  const auto past = fs::file_time_type::clock::now() - std::chrono::minutes(1);
  fs::last_write_time(root, past);
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_directory()) fs::last_write_time(entry.path(), past);
  }
}

DatasetRequest request_for(const fs::path& root) {
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.string();
  request.channels = 3;
  request.height = request.width = 5;
  request.validation_fraction = 0.2;
  return request;
}

TEST(FileIndex, ScanListsEveryImageWithItsClassSizeAndTime) {
  TempFolder root;
  write_classes(root.path(), {"b", "a"}, 3);
  std::ofstream(root.path() / "a" / "notes.txt") << "not an image";
  std::int64_t reported = -1;
  Result<FileIndex> index = scan_image_folder(root.path().string(), [&](std::int64_t files) {
    reported = files;
    return true;
  });
  ASSERT_TRUE(index.ok()) << index.error().describe();
  EXPECT_EQ(index.value().class_names, (std::vector<std::string>{"a", "b"}));
  ASSERT_EQ(index.value().files.size(), 6u);
  EXPECT_EQ(index.value().files[0].path, "a/0.png");
  EXPECT_EQ(index.value().files[5].label, 1);
  EXPECT_EQ(index.value().files[0].bytes,
            static_cast<std::int64_t>(fs::file_size(root.path() / "a" / "0.png")));
  EXPECT_GT(index.value().files[0].modified_ns, 0);
  EXPECT_EQ(reported, 6) << "the final count is reported";
}

TEST(FileIndex, ScanCanBeCancelled) {
  TempFolder root;
  write_classes(root.path(), {"a"}, 3);
  Result<FileIndex> index =
      scan_image_folder(root.path().string(), [](std::int64_t) { return false; });
  ASSERT_FALSE(index.ok());
  EXPECT_NE(index.error().message.find("cancelled"), std::string::npos);
}

TEST(FileIndex, SecondLoadReusesTheCachedIndexUntilTheFolderChanges) {
  TempFolder root;
  write_classes(root.path(), {"a", "b"}, 4);
  make_old(root.path());
  Result<Dataset> first = load_dataset(request_for(root.path()));
  ASSERT_TRUE(first.ok()) << first.error().describe();
  EXPECT_FALSE(first.value().info.reading.index_reused);
  ASSERT_FALSE(first.value().info.reading.index_file.empty());
  EXPECT_TRUE(fs::exists(first.value().info.reading.index_file));
  EXPECT_EQ(fs::path(first.value().info.reading.index_file).parent_path(), index_cache_folder());

  int scans = 0;
  const DatasetObserver count_scans = [&](const DatasetProgress& progress) {
    scans += progress.stage == DatasetProgress::Stage::Scanning;
    return true;
  };
  Result<Dataset> second = load_dataset(request_for(root.path()), count_scans);
  ASSERT_TRUE(second.ok()) << second.error().describe();
  EXPECT_TRUE(second.value().info.reading.index_reused);
  EXPECT_EQ(scans, 0);
  EXPECT_EQ(second.value().info.normalisation.mean, first.value().info.normalisation.mean)
      << "statistics cached too";

  // A new file changes its folder: the index is made again and includes it.
  testing::write_png((root.path() / "b" / "new.png").string(), 5, 5, 1, 2, 3);
  Result<Dataset> third = load_dataset(request_for(root.path()));
  ASSERT_TRUE(third.ok()) << third.error().describe();
  EXPECT_FALSE(third.value().info.reading.index_reused);
  EXPECT_EQ(third.value().info.train_count + third.value().info.validation_count, 9);
}

TEST(FileIndex, AnUnreadableOrForeignCacheFileIsIgnored) {
  TempFolder root;
  write_classes(root.path(), {"a", "b"}, 2);
  make_old(root.path());
  ASSERT_TRUE(load_dataset(request_for(root.path())).ok());
  const fs::path cache = index_cache_file(root.path().string());
  ASSERT_TRUE(fs::exists(cache));
  fs::resize_file(cache, fs::file_size(cache) / 2);  // cut off mid-way
  EXPECT_FALSE(load_cached_index(cache, root.path().string()).has_value());
  Result<Dataset> again = load_dataset(request_for(root.path()));
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_FALSE(again.value().info.reading.index_reused);
  EXPECT_EQ(again.value().info.train_count + again.value().info.validation_count, 4);
  EXPECT_FALSE(load_cached_index(cache, "/some/other/folder").has_value());
}

TEST(FileIndex, CachedIndexRoundTrips) {
  FileIndex index;
  index.kind = DatasetKind::Csv;
  index.source = "/data/labels.csv";
  index.root = "/data";
  index.class_names = {"cat", "dog"};
  index.files = {{"img/1.jpg", 1, false, 1234, 99, 2, {}, {}},
                 {"/abs/2.jpg", 0, true, 5, 6, 3, {}, {}}};
  index.stamps = {{"/data/labels.csv", 42, 100}};
  index.statistics = {{3, 64, 64, FitMode::Pad, 1000, {0.1f, 0.2f, 0.3f}, {0.4f, 0.5f, 0.6f}}};
  index.native = {3, 48, 64, true, "mixed"};
  TempFolder folder;
  const fs::path file = folder.path() / "x.index";
  ASSERT_FALSE(save_index(index, file).has_value());
  const std::optional<FileIndex> back = load_cached_index(file, "/data/labels.csv");
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->files[1].path, "/abs/2.jpg");
  EXPECT_TRUE(back->files[1].validation);
  EXPECT_EQ(back->files[0].line, 2);
  EXPECT_EQ(back->statistics[0].fit, FitMode::Pad);
  EXPECT_EQ(back->statistics[0].std[2], 0.6f);
  EXPECT_EQ(back->native.note, "mixed");
  EXPECT_EQ(back->full_path(back->files[0]), "/data/img/1.jpg");
  EXPECT_EQ(back->full_path(back->files[1]), "/abs/2.jpg");
}

}  // namespace
}  // namespace convstudio
