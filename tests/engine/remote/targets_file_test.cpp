// targets.json: saved and read back whole; every problem names the file and the JSON field.

#include "convstudio/remote/targets_file.h"

#include <gtest/gtest.h>

#include <fstream>

#include "scratch_folder.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

RemoteTarget cluster() {
  RemoteTarget target;
  target.name = "cluster";
  target.destination = "me@login.lab.org";
  target.port = 2200;
  target.work_folder = "/scratch/me/convstudio";
  target.slurm = SlurmSettings{"gpu", 2, 4, 4, "01:00:00", {"#SBATCH --account=vision"}};
  return target;
}

fs::path write(const fs::path& folder, const std::string& text) {
  const fs::path file = folder / "targets.json";
  std::ofstream(file) << text;
  return file;
}

Error load_error(const fs::path& file) {
  Result<std::vector<RemoteTarget>> targets = load_targets(file);
  EXPECT_FALSE(targets.ok());
  return targets.ok() ? Error{} : targets.error();
}

TEST(TargetsFile, SavesAndReadsBackEveryField) {
  const fs::path file = testing::scratch_folder("targets") / "config" / "targets.json";
  RemoteTarget server;
  server.name = "server";
  server.destination = "gpu1";
  const std::vector<RemoteTarget> saved = {cluster(), server};
  ASSERT_FALSE(save_targets(file, saved));
  Result<std::vector<RemoteTarget>> loaded = load_targets(file);
  ASSERT_TRUE(loaded.ok()) << loaded.error().describe();
  EXPECT_EQ(loaded.value(), saved);
}

TEST(TargetsFile, AMissingFileIsAnEmptyList) {
  Result<std::vector<RemoteTarget>> loaded =
      load_targets(testing::scratch_folder("missing") / "targets.json");
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(loaded.value().empty());
}

TEST(TargetsFile, AWrongTypeNamesTheFieldAndTheFile) {
  const fs::path file = write(testing::scratch_folder("type"),
                              R"({"format": "convstudio-targets", "version": 1, "targets": [
                                   {"name": "a", "destination": "h", "slurm": {"nodes": "two"}}]})");
  const Error error = load_error(file);
  EXPECT_EQ(error.file, file.string());
  EXPECT_EQ(error.field, "targets[0].slurm.nodes");
}

TEST(TargetsFile, ADestinationThatWouldBeAnOptionIsRefused) {
  const fs::path file = write(testing::scratch_folder("option"),
                              R"({"format": "convstudio-targets", "version": 1, "targets": [
                                   {"name": "a", "destination": "-oProxyCommand=reboot"}]})");
  const Error error = load_error(file);
  EXPECT_EQ(error.field, "targets[0].destination");
}

TEST(TargetsFile, TwoTargetsOfOneNameAreRefused) {
  const fs::path file = write(testing::scratch_folder("twice"),
                              R"({"format": "convstudio-targets", "version": 1, "targets": [
                                   {"name": "a", "destination": "h1"},
                                   {"name": "a", "destination": "h2"}]})");
  EXPECT_EQ(load_error(file).field, "targets[1].name");
}

TEST(TargetsFile, AnUnknownKeyAndAnSbatchLineThatIsNotOneAreNamed) {
  const fs::path folder = testing::scratch_folder("unknown");
  EXPECT_EQ(load_error(write(folder, R"({"format": "convstudio-targets", "version": 1,
                 "targets": [{"name": "a", "destination": "h", "pasword": "x"}]})"))
                .field,
            "targets[0].pasword");
  EXPECT_EQ(load_error(write(folder, R"({"format": "convstudio-targets", "version": 1,
                 "targets": [{"name": "a", "destination": "h",
                              "slurm": {"extra_lines": ["rm -rf /"]}}]})"))
                .field,
            "targets[0].slurm.extra_lines[0]");
}

TEST(TargetsFile, NotATargetsFileSaysSo) {
  const fs::path file = write(testing::scratch_folder("other"), R"({"format": "something"})");
  const Error error = load_error(file);
  EXPECT_EQ(error.file, file.string());
  EXPECT_NE(error.message.find("convstudio-targets"), std::string::npos);
}

TEST(TargetsFile, FindTargetNamesTheOnesThereAre) {
  Result<RemoteTarget> found = find_target({cluster()}, "nope", "targets.json");
  ASSERT_FALSE(found.ok());
  EXPECT_NE(found.error().message.find("cluster"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
