#pragma once
// The fixture of the data-parallel tests: a tiny IDX dataset and project, and runs of
// convstudio-cli-engine (one process, or several through its --nproc-per-node launcher, Gloo
// over 127.0.0.1) compared by the weights of their last checkpoints.

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "checkpoint_weights.h"
#include "convstudio/model/project_file.h"
#include "tiny_dataset.h"

namespace convstudio::testing {

struct Finished {
  int exit_code = -1;
  std::string out;  // stdout: rank 0's summary line
  std::string err;
  nlohmann::json summary;  // the last stdout line, when it is JSON
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

class DataParallelTraining : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    root_ = testing::fresh_folder(name);
    // 65 training images: with a global batch of 16 the epoch's last batch holds one image, so
    // rank 1 has none there and contributes zeros (the reducer's empty-shard path).
    testing::write_tiny_idx_dataset(root_ / "data", 65, 32, 4, 8, 7);
    use_project(testing::tiny_project(root_ / "data", 4, 8));
  }

  // The project the runs train (2 epochs).
  void use_project(Project project) {
    project.training.epochs = 2;
    project_ = root_ / "p.convstudio";
    const std::optional<Error> saved = ProjectFile::save(project, project_);
    ASSERT_FALSE(saved) << saved->describe();
  }

  // `convstudio-cli-engine train P ARGUMENTS`, one LibTorch thread per process (2 cores here).
  Finished train(const std::string& name, const std::string& arguments) {
    Finished result;
    const std::filesystem::path out = root_ / (name + ".out");
    const std::filesystem::path err = root_ / (name + ".err");
    const std::string command = "OMP_NUM_THREADS=1 '" CONVSTUDIO_CLI_ENGINE "' train '" +
                                project_.string() + "' --device cpu " + arguments + " > '" +
                                out.string() + "' 2> '" + err.string() + "'";
    const int status = std::system(command.c_str());
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_text(out);
    result.err = read_text(err);
    std::string last_line;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty()) last_line = line;
    }
    result.summary = nlohmann::json::parse(last_line, nullptr, false);
    return result;
  }

  Finished train_finished(const std::string& name, const std::string& arguments) {
    Finished result = train(name, arguments + " --out '" + (root_ / name).string() + "'");
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_FALSE(result.summary.is_discarded()) << result.out;
    return result;
  }

  void expect_same_weights(const std::string& a, const std::string& b, double tolerance) {
    const std::map<std::string, double> differences = weight_differences(a, b);
    ASSERT_FALSE(differences.empty());
    for (const auto& [name, difference] : differences) EXPECT_LE(difference, tolerance) << name;
  }

  // The largest difference of each tensor of the two runs' last checkpoints (parameters and
  // buffers: running statistics too).
  std::map<std::string, double> weight_differences(const std::string& a, const std::string& b) {
    const NamedTensors first = testing::checkpoint_weights(root_ / a / "last.ckpt");
    const NamedTensors second = testing::checkpoint_weights(root_ / b / "last.ckpt");
    std::map<std::string, double> differences;
    EXPECT_EQ(first.size(), second.size());
    for (const auto& [name, tensor] : first) {
      EXPECT_TRUE(second.count(name)) << name;
      if (!second.count(name)) continue;
      const torch::Tensor other = second.at(name);
      differences[name] =
          (tensor.to(torch::kDouble) - other.to(torch::kDouble)).abs().max().item<double>();
    }
    return differences;
  }

  std::filesystem::path root_, project_;
};

}  // namespace convstudio::testing
