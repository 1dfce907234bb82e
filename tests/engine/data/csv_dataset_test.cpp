#include <gtest/gtest.h>

#include <fstream>

#include "convstudio/data/dataset.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

using testing::csv_request;
using testing::write_text;

// images/<i>.png, red for even i and blue for odd.
void write_images(const fs::path& root, int count) {
  fs::create_directories(root / "images");
  for (int i = 0; i < count; ++i) {
    testing::write_png((root / "images" / (std::to_string(i) + ".png")).string(), 6, 6,
                       i % 2 ? 255 : 0, 0, i % 2 ? 0 : 255);
  }
}

TEST(CsvDataset, PathsAreRelativeToTheCsvAndLabelsNameTheClasses) {
  TempFolder root;
  write_images(root.path(), 8);
  std::string text = "id,path,label\r\n";  // extra columns and Windows line ends are fine
  for (int i = 0; i < 8; ++i) {
    text += std::to_string(i) + ",images/" + std::to_string(i) + ".png," +
            (i % 2 ? "blue" : "red") + "\r\n";
  }
  write_text(root.path() / "labels.csv", text);
  Result<Dataset> loaded = load_dataset(csv_request(root.path() / "labels.csv"));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_EQ(dataset.info.kind, DatasetKind::Csv);
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"blue", "red"}));
  EXPECT_EQ(dataset.info.train_count, 6);
  EXPECT_EQ(dataset.info.validation_count, 2);
  for (std::int64_t i = 0; i < dataset.train->size(); ++i) {
    const std::vector<std::uint8_t> pixels = testing::pixels_of(*dataset.train, i);
    EXPECT_EQ(pixels[0], dataset.train->label(i) == 1 ? 255 : 0) << "red plane of a red image";
  }
}

TEST(CsvDataset, WholeNumberLabelsAreOrderedAsNumbers) {
  TempFolder root;
  write_images(root.path(), 3);
  write_text(root.path() / "labels.csv",
             "path,label\nimages/0.png,10\nimages/1.png,9\n\"images/2.png\",2\n");
  Result<Dataset> loaded = load_dataset(csv_request(root.path() / "labels.csv"));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value().info.class_names, (std::vector<std::string>{"2", "9", "10"}));
}

TEST(CsvDataset, BadRowsAreReportedByLineNumber) {
  TempFolder root;
  write_images(root.path(), 2);
  const fs::path csv = root.path() / "labels.csv";
  struct Case {
    std::string text;
    std::int64_t line;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"path,label\nimages/0.png,a\n\nimages/1.png\n", 4, "expected 2 fields"},
      {"path,label\nimages/0.png,\n", 2, "label is empty"},
      {"path,label\nimages/0.png,a\nimages/9.png,b\n", 3, "does not exist"},
      {"path,label\nnotes.txt,a\n", 2, "not an image file"},
      {"path,label\n\"images/0.png,a\n", 2, "quoted field"},
      {"file,class\nimages/0.png,a\n", 1, "path and label"},
  };
  for (const Case& c : cases) {
    write_text(csv, c.text);
    Result<Dataset> loaded = load_dataset(csv_request(csv));
    ASSERT_FALSE(loaded.ok()) << c.text;
    EXPECT_EQ(loaded.error().file, csv.string()) << c.text;
    EXPECT_EQ(loaded.error().line, c.line) << c.text;
    EXPECT_NE(loaded.error().message.find(c.says), std::string::npos)
        << c.text << " -> " << loaded.error().message;
  }
}

TEST(CsvDataset, TheFirstBadRowCountsTheOthers) {
  TempFolder root;
  write_images(root.path(), 1);
  const fs::path csv = root.path() / "labels.csv";
  write_text(csv, "path,label\nimages/0.png,a\nx.png,b\ny.png,c\nz.png,d\n");
  Result<Dataset> loaded = load_dataset(csv_request(csv));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().line, 3);
  EXPECT_NE(loaded.error().message.find("and 2 more bad rows"), std::string::npos)
      << loaded.error().message;
  EXPECT_NE(loaded.error().describe().find("labels.csv:3:1: "), std::string::npos);
}

TEST(CsvDataset, KindIsGuessedFromTheExtension) {
  TempFolder root;
  write_text(root.path() / "Labels.CSV", "path,label\n");
  EXPECT_EQ(guess_dataset_kind((root.path() / "Labels.CSV").string()), DatasetKind::Csv);
  EXPECT_EQ(guess_dataset_kind(root.path().string()), DatasetKind::ImageFolder);
}

}  // namespace
}  // namespace convstudio
