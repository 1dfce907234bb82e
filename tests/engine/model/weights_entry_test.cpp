// A project's "weights" entry (issue 31): a plain file name beside the project or an absolute
// path; a name that climbs out of the project's folder is refused by the reader and by Save As,
// so neither `train` nor the studio reads or copies a file the project does not own.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "convstudio/model/project_file.h"
#include "scratch_folder.h"

namespace convstudio {
namespace {

std::string project_text(const std::string& weights) {
  nlohmann::ordered_json json = nlohmann::ordered_json::parse(ProjectFile::serialize(Project{}));
  json["version"] = ProjectFile::kVersion;
  json["weights"] = weights;
  return json.dump();
}

TEST(WeightsEntry, ANameThatLeavesTheProjectFolderIsRefusedNamingTheField) {
  for (const std::string& weights : std::vector<std::string>{
           "../../../../home/u/.ssh/id_rsa", "..", ".", "sub/net.weights.safetensors",
           "..\\secret.safetensors", "/data/../home/u/.ssh/id_rsa", "/data/./w.safetensors",
           std::string("net\n.safetensors")}) {
    const ProjectLoadResult loaded = ProjectFile::parse(project_text(weights));
    ASSERT_FALSE(loaded.ok()) << weights;
    ASSERT_EQ(loaded.errors.size(), 1u) << weights;
    EXPECT_EQ(loaded.errors[0].field, "weights") << weights;
    EXPECT_TRUE(ProjectFile::weights_entry_problem(weights).has_value()) << weights;
  }
  const ProjectLoadResult climbing =
      ProjectFile::parse(project_text("../../../../home/u/.ssh/id_rsa"));
  EXPECT_NE(climbing.errors[0].message.find("is not a plain file name"), std::string::npos)
      << climbing.errors[0].message;
}

TEST(WeightsEntry, APlainNameAndAnAbsolutePathStillLoad) {
  for (const std::string weights :
       {"net.weights.safetensors", "pretrained.safetensors", "..weights", "/data/w.safetensors"}) {
    const ProjectLoadResult loaded = ProjectFile::parse(project_text(weights));
    ASSERT_TRUE(loaded.ok()) << weights << ": " << loaded.errors[0].describe();
    EXPECT_EQ(loaded.project->weights, weights);
  }
}

TEST(WeightsEntry, TheRefusalNamesTheProjectFile) {
  const auto folder = testing::scratch_folder("weights_file");
  const auto file = folder / "hostile.convstudio";
  std::ofstream(file) << project_text("../../../../home/u/.ssh/id_rsa");
  const ProjectLoadResult loaded = ProjectFile::load(file);
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.errors[0].describe().rfind(file.string() + ": weights: ", 0), 0u)
      << loaded.errors[0].describe();
}

// The studio's Save As goes through save_as: a project whose entry climbs out (however it got
// into memory) is not copied beside the new file, and nothing is written.
TEST(WeightsEntry, SaveAsRefusesToCopyAFileOutsideTheProjectFolder) {
  const auto root = testing::scratch_folder("save_as_climb");
  std::filesystem::create_directories(root / "old");
  std::filesystem::create_directories(root / "new");
  { std::ofstream(root / "secret") << "private key"; }
  Project project;
  project.weights = "../secret";
  Result<Project> saved =
      ProjectFile::save_as(project, root / "old" / "net.convstudio", root / "new" / "c.convstudio");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().field, "weights");
  EXPECT_FALSE(std::filesystem::exists(root / "new" / "c.weights.safetensors"));
  EXPECT_FALSE(std::filesystem::exists(root / "new" / "c.convstudio"));
}

TEST(WeightsEntry, SaveAsLeavesAnAbsolutePathPointingWhereItDid) {
  const auto root = testing::scratch_folder("save_as_absolute");
  { std::ofstream(root / "shared.safetensors") << "weights"; }
  Project project;
  project.weights = (root / "shared.safetensors").string();
  Result<Project> saved =
      ProjectFile::save_as(project, root / "net.convstudio", root / "copy.convstudio");
  ASSERT_TRUE(saved.ok()) << saved.error().describe();
  EXPECT_EQ(saved.value().weights, (root / "shared.safetensors").string());
  EXPECT_FALSE(std::filesystem::exists(root / "copy.weights.safetensors"));
}

}  // namespace
}  // namespace convstudio
