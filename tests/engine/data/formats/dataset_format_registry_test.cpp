// Walks the data-set format registry: every format registered in dataset_formats.def has both
// halves (a description and a reader), a name that round-trips through the project file's
// parser, and the texts the editor and the CLI show; sniffing picks each path's own format.
#include <gtest/gtest.h>

#include <set>

#include "convstudio/data/dataset_request.h"
#include "convstudio/model/dataset_format.h"
#include "data/formats/dataset_reader.h"
#include "test_files.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

TEST(DatasetFormatRegistry, EveryFormatHasANameTextsAndOneWayToRead) {
  std::set<std::string_view> names;
  for (const DatasetFormat& format : dataset_formats()) {
    SCOPED_TRACE(std::string(format.name));
    EXPECT_FALSE(format.name.empty());
    EXPECT_TRUE(names.insert(format.name).second) << "names are unique";
    EXPECT_EQ(&dataset_format(format.kind), &format) << "a kind is its position";
    EXPECT_EQ(parse_dataset_kind(to_string(format.kind)), format.kind);
    EXPECT_NE(std::string(format.label), "");
    EXPECT_NE(std::string(format.placeholder), "");
    EXPECT_NE(std::string(format.cli_text), "");
    EXPECT_NE(dataset_format_names().find(format.name), std::string::npos);
    EXPECT_NE(dataset_format_choices().find(format.cli_text), std::string::npos);
    if (format.path == DatasetPath::File) {
      EXPECT_NE(std::string(format.file_filter), "");
    }
    // Only built-in data is chosen by name alone; the rest must be recognisable from a path.
    EXPECT_EQ(format.sniff == nullptr, format.path == DatasetPath::BuiltIn);
    const DatasetReader& reader = dataset_reader(format.kind);
    EXPECT_NE(reader.read_whole == nullptr, reader.index == nullptr) << "exactly one reader";
  }
  EXPECT_EQ(parse_dataset_kind("no-such-format"), std::nullopt);
}

TEST(DatasetFormatRegistry, TheNamedKindsAreTheFirstFormats) {
  EXPECT_EQ(dataset_format(DatasetKind::FashionMnist).name, "fashion-mnist");
  EXPECT_EQ(dataset_format(DatasetKind::Idx).name, "idx");
  EXPECT_EQ(dataset_format(DatasetKind::ImageFolder).name, "imagefolder");
  EXPECT_EQ(dataset_format(DatasetKind::Csv).name, "csv");
}

TEST(DatasetFormatRegistry, SniffingPicksTheFormatThatRecognisesThePath) {
  TempFolder root;
  fs::create_directories(root.path() / "classes" / "cat");
  fs::create_directories(root.path() / "idx");
  testing::write_idx_dataset(root.path() / "idx", 4, 0, 2, 2, 2, false);
  testing::write_text(root.path() / "Labels.CSV", "path,label\n");
  testing::write_text(root.path() / "notes.txt", "not a dataset\n");

  EXPECT_EQ(guess_dataset_kind((root.path() / "idx").string()), DatasetKind::Idx);
  EXPECT_EQ(guess_dataset_kind((root.path() / "classes").string()), DatasetKind::ImageFolder);
  EXPECT_EQ(guess_dataset_kind((root.path() / "Labels.CSV").string()), DatasetKind::Csv);
  EXPECT_EQ(sniff_dataset_format((root.path() / "notes.txt").string()), nullptr);
  EXPECT_EQ(sniff_dataset_format((root.path() / "missing").string()), nullptr);
}

}  // namespace
}  // namespace convstudio
