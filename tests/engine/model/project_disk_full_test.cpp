// Saving a project onto a full disk: the error names the project file, and the saved project
// that was there still loads as it was.
#include <gtest/gtest.h>

#include "convstudio/model/project_file.h"
#include "convstudio/model/template_library.h"
#include "file_size_limit.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

TEST(DiskFull, ProjectSaveFailsClearlyAndKeepsThePreviousProject) {
  const fs::path folder = testing::scratch_folder("disk_full_project");
  const fs::path file = folder / "model.convstudio";
  Project small;
  small.graph = *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
  ASSERT_FALSE(ProjectFile::save(small, file));

  Project big = small;
  big.graph =
      *TemplateLibrary::instantiate("resnet-small", TensorShape::image(3, 32, 32), 10).graph;
  const std::size_t limit = ProjectFile::serialize(small).size() + 64;
  ASSERT_GT(ProjectFile::serialize(big).size(), limit);
  std::optional<Error> error;
  {
    testing::FileSizeLimit full(limit);
    error = ProjectFile::save(big, file);
  }
  ASSERT_TRUE(error.has_value()) << "a save past the file-size limit reported success";
  EXPECT_EQ(error->file.rfind(file.string(), 0), 0u) << error->describe();
  auto loaded = ProjectFile::load(file);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(ProjectFile::serialize(*loaded.project), ProjectFile::serialize(small));
  EXPECT_EQ(std::distance(fs::directory_iterator(folder), fs::directory_iterator()), 1)
      << "the failed save left its temporary behind";
}

}  // namespace
}  // namespace convstudio
