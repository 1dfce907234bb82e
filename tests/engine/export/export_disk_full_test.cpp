// Every export format written onto a full disk: the export fails with the file and the reason,
// and an earlier export at the same place stays whole.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "convstudio/export/model_export.h"
#include "file_bytes.h"
#include "file_size_limit.h"
#include "scratch_folder.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

class ExportDiskFull : public ::testing::TestWithParam<ExportFormat> {};

TEST_P(ExportDiskFull, FailsClearlyAndKeepsThePreviousExport) {
  const ExportFormat format = GetParam();
  const fs::path folder = testing::scratch_folder("disk_full_export");
  const fs::path small_ckpt = folder / "small.ckpt";
  const fs::path big_ckpt = folder / "big.ckpt";
  testing::save_as_checkpoint(
      testing::random_trained_model("lenet5", TensorShape::image(1, 28, 28)), small_ckpt);
  testing::save_as_checkpoint(
      testing::random_trained_model("vgg-small", TensorShape::image(3, 32, 32)), big_ckpt);
  const fs::path out =
      folder / "exports" / ("model" + std::string(export_format_extension(format)));
  fs::create_directories(out.parent_path());
  ExportResult first = export_checkpoint(small_ckpt, format, out);
  ASSERT_FALSE(first.error) << first.error->describe();
  std::vector<std::pair<fs::path, std::string>> before;
  for (const auto& file : first.files) before.emplace_back(file, testing::file_bytes(file));

  ExportResult second;
  {
    testing::FileSizeLimit full(256 * 1024);  // above lenet5's files, below vgg-small's weights
    second = export_checkpoint(big_ckpt, format, out);
  }
  ASSERT_TRUE(second.error.has_value()) << "an export past the file-size limit reported success";
  EXPECT_NE(second.error->describe().find("too large"), std::string::npos)
      << second.error->describe();
  for (const auto& [file, bytes] : before) EXPECT_EQ(testing::file_bytes(file), bytes) << file;
  EXPECT_EQ(std::distance(fs::directory_iterator(out.parent_path()), fs::directory_iterator()),
            static_cast<std::ptrdiff_t>(before.size()))
      << "the failed export left a temporary behind";
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, ExportDiskFull, ::testing::ValuesIn(kExportFormats));

}  // namespace
}  // namespace convstudio
