// The labelled-folder format: a flat folder of images with labels.csv,
// labels.txt or labels.json beside them, read through the registry as any
// format is, and its hostile labels files.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>

#include "convstudio/data/dataset.h"
#include "convstudio/model/dataset_format.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;
using testing::write_text;

DatasetKind labelled_folder() {
  const DatasetFormat* format = find_dataset_format("labelled-folder");
  EXPECT_NE(format, nullptr);
  return format != nullptr ? format->kind : DatasetKind::ImageFolder;
}

DatasetRequest request_for(const fs::path& folder) {
  DatasetRequest request;
  request.kind = labelled_folder();
  request.path = folder.string();
  request.channels = 3;
  request.height = request.width = 4;
  request.validation_fraction = 0.25;
  return request;
}

// <i>.png in `folder`, red for even i and blue for odd.
void write_images(const fs::path& folder, int count) {
  fs::create_directories(folder);
  for (int i = 0; i < count; ++i) {
    testing::write_png((folder / (std::to_string(i) + ".png")).string(), 6, 6, i % 2 ? 255 : 0, 0,
                       i % 2 ? 0 : 255);
  }
}

std::string colour_lines(int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    text += std::to_string(i) + ".png," + (i % 2 ? "blue" : "red") + "\n";
  }
  return text;
}

Error load_error(const fs::path& folder, bool allow_paths_outside = false) {
  DatasetRequest request = request_for(folder);
  request.allow_paths_outside = allow_paths_outside;
  Result<Dataset> loaded = load_dataset(request);
  EXPECT_FALSE(loaded.ok());
  return loaded.ok() ? Error{} : loaded.error();
}

TEST(LabelledFolder, LabelsCsvNamesTheClassesOfTheImagesBesideIt) {
  TempFolder root;
  write_images(root.path(), 8);
  write_text(root.path() / "labels.csv", "file,label\r\n" + colour_lines(8));
  Result<Dataset> loaded = load_dataset(request_for(root.path()));
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  const Dataset& dataset = loaded.value();
  EXPECT_EQ(dataset.info.kind, labelled_folder());
  EXPECT_EQ(dataset.info.class_names, (std::vector<std::string>{"blue", "red"}));
  EXPECT_EQ(dataset.info.train_count, 6);
  EXPECT_EQ(dataset.info.validation_count, 2);
  for (std::int64_t i = 0; i < dataset.train->size(); ++i) {
    const std::vector<std::uint8_t> pixels = testing::pixels_of(*dataset.train, i);
    EXPECT_EQ(pixels[0], dataset.train->label(i) == 1 ? 255 : 0) << "red plane of a red image";
  }
}

TEST(LabelledFolder, LabelsTxtWithoutHeaderAndLabelsJsonReadAlike) {
  TempFolder lines;
  write_images(lines.path(), 4);
  write_text(lines.path() / "labels.txt", "0.png,10\n1.png,9\n\n\"2.png\",2\n3.png,10\n");
  TempFolder json;
  write_images(json.path(), 4);
  write_text(json.path() / "labels.json",
             "{\n  \"0.png\": 10,\n  \"1.png\": \"9\",\n  \"2.png\": 2,\n  "
             "\"3.png\": \"10\"\n}\n");
  for (const TempFolder* folder : {&lines, &json}) {
    Result<Dataset> loaded = load_dataset(request_for(folder->path()));
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    EXPECT_EQ(loaded.value().info.class_names, (std::vector<std::string>{"2", "9", "10"}));
    EXPECT_EQ(loaded.value().info.train_count + loaded.value().info.validation_count, 4);
  }
}

TEST(LabelledFolder, IsSniffedByItsLabelsFile) {
  TempFolder root;
  write_images(root.path() / "flat", 2);
  write_text(root.path() / "flat" / "labels.json", "{\"0.png\": \"a\", \"1.png\": \"b\"}");
  fs::create_directories(root.path() / "classes" / "a");
  EXPECT_EQ(guess_dataset_kind((root.path() / "flat").string()), labelled_folder());
  EXPECT_EQ(guess_dataset_kind((root.path() / "classes").string()), DatasetKind::ImageFolder);
}

TEST(LabelledFolder, MissingFileIsNamedAtItsLine) {
  TempFolder root;
  write_images(root.path(), 2);
  write_text(root.path() / "labels.txt", "0.png,a\n1.png,b\nmissing.png,a\ngone.png,b\n");
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "labels.txt").string());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("missing.png does not exist"), std::string::npos) << error.message;
  EXPECT_NE(error.message.find("(and 1 more bad line)"), std::string::npos) << error.message;
}

TEST(LabelledFolder, JsonProblemsAreReportedAtTheirLine) {
  TempFolder missing;
  write_images(missing.path(), 1);
  write_text(missing.path() / "labels.json", "{\n  \"0.png\": \"a\",\n  \"nope.png\": \"b\"\n}\n");
  Error error = load_error(missing.path());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("nope.png does not exist"), std::string::npos) << error.message;

  TempFolder nested;
  write_images(nested.path(), 1);
  write_text(nested.path() / "labels.json", "{\n\n  \"0.png\": {\"label\": \"a\"}\n}\n");
  error = load_error(nested.path());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("must be a string or a whole number"), std::string::npos)
      << error.message;

  TempFolder broken;
  write_images(broken.path(), 1);
  write_text(broken.path() / "labels.json", "{\n  \"0.png\": \"a\",\n}\n");
  error = load_error(broken.path());
  EXPECT_EQ(error.file, (broken.path() / "labels.json").string());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("is not valid JSON"), std::string::npos) << error.message;
}

TEST(LabelledFolder, MalformedAndRepeatedLinesNameTheirLine) {
  TempFolder root;
  write_images(root.path(), 2);
  write_text(root.path() / "labels.csv", "0.png,a\n1.png\n");
  Error error = load_error(root.path());
  EXPECT_EQ(error.line, 2);
  EXPECT_NE(error.message.find("expected file,label, found 1 field"), std::string::npos)
      << error.message;

  write_text(root.path() / "labels.csv", "0.png,a\n1.png,b\n0.png,b\n");
  error = load_error(root.path());
  EXPECT_EQ(error.line, 3);
  EXPECT_NE(error.message.find("0.png is listed twice (first on line 1)"), std::string::npos)
      << error.message;
}

TEST(LabelledFolder, PathsLeavingTheFolderAreRefusedUnlessAllowed) {
  TempFolder root;
  write_images(root.path() / "data", 2);
  testing::write_png((root.path() / "secret.png").string(), 6, 6, 1, 2, 3);
  fs::create_symlink(root.path() / "secret.png", root.path() / "data" / "link.png");
  const std::vector<std::string> escapes = {"../secret.png", (root.path() / "secret.png").string(),
                                            "link.png"};
  for (const std::string& entry : escapes) {
    SCOPED_TRACE(entry);
    write_text(root.path() / "data" / "labels.txt", "0.png,a\n1.png,b\n" + entry + ",a\n");
    const Error error = load_error(root.path() / "data");
    EXPECT_EQ(error.line, 3);
    EXPECT_NE(error.message.find("lies outside the dataset folder"), std::string::npos)
        << error.message;
    DatasetRequest allowed = request_for(root.path() / "data");
    allowed.allow_paths_outside = true;
    Result<Dataset> loaded = load_dataset(allowed);
    ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
    EXPECT_EQ(loaded.value().info.train_count + loaded.value().info.validation_count, 3);
  }
}

TEST(LabelledFolder, HugeLabelsFileIsRefusedBeforeItIsRead) {
  TempFolder root;
  write_images(root.path(), 1);
  {
    std::ofstream out(root.path() / "labels.txt");
    out << "0.png,a\n";
  }
  // Sparse: a gigabyte on paper, nothing on disk.
  fs::resize_file(root.path() / "labels.txt", std::uintmax_t{1} << 30);
  const Error error = load_error(root.path());
  EXPECT_EQ(error.file, (root.path() / "labels.txt").string());
  EXPECT_NE(error.message.find("is 1024 MB; a labels file may hold at most 128 MB"),
            std::string::npos)
      << error.message;
}

TEST(LabelledFolder, AFifoForALabelsFileIsNamedNotRead) {
  TempFolder root;
  write_images(root.path(), 1);
  ASSERT_EQ(::mkfifo((root.path() / "labels.txt").c_str(), 0600), 0);
  const Error error = load_error(root.path());  // would block forever if it were opened
  EXPECT_EQ(error.file, (root.path() / "labels.txt").string());
  EXPECT_NE(error.message.find("is not a regular file (a FIFO)"), std::string::npos)
      << error.message;
}

TEST(LabelledFolder, OverlongLineIsABadLine) {
  TempFolder root;
  write_images(root.path(), 1);
  write_text(root.path() / "labels.txt", "0.png,a\n" + std::string(5000, 'x') + ".png,b\n");
  const Error error = load_error(root.path());
  EXPECT_EQ(error.line, 2);
  EXPECT_NE(error.message.find("longer than 4096 bytes"), std::string::npos) << error.message;
}

TEST(LabelledFolder, TwoLabelsFilesOrNoneAreNamed) {
  TempFolder both;
  write_images(both.path(), 1);
  write_text(both.path() / "labels.csv", "0.png,a\n");
  write_text(both.path() / "labels.json", "{\"0.png\": \"a\"}");
  Error error = load_error(both.path());
  EXPECT_NE(error.message.find("holds both labels.csv and labels.json"), std::string::npos)
      << error.message;

  TempFolder none;
  write_images(none.path(), 1);
  error = load_error(none.path());
  EXPECT_NE(error.message.find("holds no labels file"), std::string::npos) << error.message;
}

TEST(LabelledFolder, EditingTheLabelsFileRescansTheFolder) {
  TempFolder root;
  write_images(root.path(), 4);
  write_text(root.path() / "labels.txt", colour_lines(4));
  // Files changed within a second or two of a scan are not cached: make
  // everything older.
  const auto make_old = [&] {
    const auto past = fs::file_time_type::clock::now() - std::chrono::minutes(1);
    fs::last_write_time(root.path(), past);
    fs::last_write_time(root.path() / "labels.txt", past);
  };
  make_old();
  ASSERT_TRUE(load_dataset(request_for(root.path())).ok());
  Result<Dataset> again = load_dataset(request_for(root.path()));
  ASSERT_TRUE(again.ok()) << again.error().describe();
  EXPECT_TRUE(again.value().info.reading.index_reused);

  write_text(root.path() / "labels.txt", "0.png,x\n1.png,y\n2.png,x\n3.png,y\n");
  make_old();
  Result<Dataset> edited = load_dataset(request_for(root.path()));
  ASSERT_TRUE(edited.ok()) << edited.error().describe();
  EXPECT_FALSE(edited.value().info.reading.index_reused);
  EXPECT_EQ(edited.value().info.class_names, (std::vector<std::string>{"x", "y"}));
}

}  // namespace
}  // namespace convstudio
