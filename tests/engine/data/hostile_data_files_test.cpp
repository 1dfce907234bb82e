// Data files from someone else (issue 31): a CSV list may not reach outside its folder unless
// the dataset allows it, and a FIFO (or device) named by a list or lying in an image folder is
// reported at once instead of blocking the first read forever. A hang here shows as the test's
// timeout: before the fix these tests did not end.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <vector>

#include "convstudio/data/dataset.h"
#include "data/image_decoder.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

using testing::csv_request;
using testing::write_text;

void write_image(const fs::path& file) {
  fs::create_directories(file.parent_path());
  testing::write_png(file.string(), 6, 6, 0, 0, 255);
}

// set/labels.csv naming set/images/0.png and 1.png, then `row`; outside/secret.png beside set/.
fs::path write_list_with_row(const TempFolder& root, const std::string& row) {
  write_image(root.path() / "set" / "images" / "0.png");
  write_image(root.path() / "set" / "images" / "1.png");
  write_image(root.path() / "outside" / "secret.png");
  const fs::path csv = root.path() / "set" / "labels.csv";
  write_text(csv, "path,label\nimages/0.png,a\nimages/1.png,b\n" + row + "\n");
  return csv;
}

TEST(HostileDataFiles, CsvRowsLeavingTheCsvFolderAreRefusedWithTheirLine) {
  TempFolder root;
  const std::string outside = (root.path() / "outside" / "secret.png").string();
  fs::create_directories(root.path() / "set");
  fs::create_symlink(root.path() / "outside", root.path() / "set" / "linked");
  fs::create_symlink(outside, root.path() / "set" / "link.png");
  for (const std::string& path :
       std::vector<std::string>{"../outside/secret.png", "images/../../outside/secret.png", outside,
                                "linked/secret.png", "link.png"}) {
    const fs::path csv = write_list_with_row(root, path + ",a");
    Result<Dataset> loaded = load_dataset(csv_request(csv));
    ASSERT_FALSE(loaded.ok()) << path;
    EXPECT_EQ(loaded.error().file, csv.string()) << path;
    EXPECT_EQ(loaded.error().line, 4) << path;
    EXPECT_NE(loaded.error().message.find("lies outside the CSV's folder"), std::string::npos)
        << loaded.error().message;
    EXPECT_NE(loaded.error().message.find("allow_paths_outside"), std::string::npos);
  }
}

TEST(HostileDataFiles, PathsThatStayInsideTheCsvFolderAreFine) {
  TempFolder root;
  fs::create_directories(root.path() / "set");
  fs::create_symlink(root.path() / "set" / "images", root.path() / "set" / "same");
  const std::string absolute_inside = (root.path() / "set" / "images" / "1.png").string();
  for (const std::string& path :
       std::vector<std::string>{"images/../images/0.png", "same/1.png", absolute_inside}) {
    const fs::path csv = write_list_with_row(root, path + ",a");
    Result<Dataset> loaded = load_dataset(csv_request(csv));
    EXPECT_TRUE(loaded.ok()) << path << ": " << loaded.error().describe();
  }
}

TEST(HostileDataFiles, AllowPathsOutsideLetsThemInAndItsIndexServesNoOtherRequest) {
  TempFolder root;
  const fs::path csv = write_list_with_row(root, "../outside/secret.png,a");
  // Old enough for its index to be cached (see FileIndex tests).
  fs::last_write_time(csv, fs::file_time_type::clock::now() - std::chrono::minutes(1));
  DatasetRequest allowing = csv_request(csv);
  allowing.allow_paths_outside = true;
  Result<Dataset> allowed = load_dataset(allowing);
  ASSERT_TRUE(allowed.ok()) << allowed.error().describe();
  EXPECT_EQ(allowed.value().info.train_count + allowed.value().info.validation_count, 3);
  ASSERT_FALSE(allowed.value().info.reading.index_file.empty()) << "the index was cached";
  Result<Dataset> refused = load_dataset(csv_request(csv));
  ASSERT_FALSE(refused.ok()) << "the cached index of an allowing request was reused";
  EXPECT_EQ(refused.error().line, 4);
}

TEST(HostileDataFiles, AFifoNamedByACsvRowIsRefusedWithItsLine) {
  TempFolder root;
  const fs::path csv = write_list_with_row(root, "images/pipe.png,a");
  ASSERT_EQ(::mkfifo((root.path() / "set" / "images" / "pipe.png").c_str(), 0600), 0);
  Result<Dataset> loaded = load_dataset(csv_request(csv));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().file, csv.string());
  EXPECT_EQ(loaded.error().line, 4);
  EXPECT_NE(loaded.error().message.find("is not a regular file (a FIFO)"), std::string::npos)
      << loaded.error().message;
}

TEST(HostileDataFiles, AFifoInAnImageFolderIsLeftOutAndNamedNotWaitedFor) {
  TempFolder root;
  for (int i = 0; i < 3; ++i) {
    write_image(root.path() / "red" / (std::to_string(i) + ".png"));
    write_image(root.path() / "blue" / (std::to_string(i) + ".png"));
  }
  const fs::path pipe = root.path() / "red" / "pipe.png";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  DatasetRequest request;
  request.kind = DatasetKind::ImageFolder;
  request.path = root.path().string();
  request.validation_fraction = 0.01;  // one image held out
  Result<Dataset> loaded = load_dataset(request);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  int refused = 0;
  for (const auto& split : {loaded.value().train, loaded.value().validation}) {
    std::vector<std::uint8_t> scratch(static_cast<std::size_t>(split->image_bytes()));
    for (std::int64_t i = 0; i < split->size(); ++i) {
      Result<const std::uint8_t*> fetched = split->fetch(i, scratch.data());
      if (split->source(i) != pipe.string()) {
        EXPECT_TRUE(fetched.ok()) << fetched.error().describe();
        continue;
      }
      ASSERT_FALSE(fetched.ok());
      EXPECT_EQ(fetched.error().describe(), pipe.string() + ": is not a regular file (a FIFO)");
      ++refused;
    }
  }
  EXPECT_EQ(refused, 1);
}

TEST(HostileDataFiles, ReadingAFifoAsAnImageFailsAtOnce) {
  TempFolder root;
  const std::string pipe = root / "pipe.png";
  ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
  std::vector<std::uint8_t> pixels(12);
  const std::optional<Error> error =
      read_image_file(pipe, {3, 2, 2, FitMode::Stretch}, pixels.data());
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->message, "is not a regular file (a FIFO)");
  ImageHeader header;
  ASSERT_TRUE(read_image_header(pipe, header).has_value());
  ASSERT_TRUE(read_image_header("/dev/zero", header).has_value()) << "a device is refused too";
}

}  // namespace
}  // namespace convstudio
