// The sbatch script: the SLURM settings as #SBATCH lines, one srun worker per rank with the
// torchrun variables, and the user's paths quoted so the script runs them as given.

#include "convstudio/remote/sbatch_script.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

RemoteTarget slurm_target() {
  RemoteTarget target;
  target.name = "cluster";
  target.destination = "me@login.lab.org";
  target.cli = "/opt/convstudio/bin/convstudio-cli";
  SlurmSettings slurm;
  slurm.partition = "gpu";
  slurm.nodes = 2;
  slurm.ranks_per_node = 4;
  slurm.gpus_per_node = 4;
  slurm.time_limit = "02:00:00";
  slurm.extra_lines = {"#SBATCH --account=vision"};
  target.slurm = slurm;
  return target;
}

RemoteJob job() {
  return {"lenet-20261126-200000",
          "runs/lenet-20261126-200000",
          "lenet.convstudio",
          "run",
          {"--max-steps", "100"}};
}

bool has_line(const std::string& script, const std::string& line) {
  return script.find("\n" + line + "\n") != std::string::npos;
}

TEST(SbatchScript, WritesTheSlurmSettingsAsSbatchLines) {
  const RemoteTarget target = slurm_target();
  const std::string script = sbatch_script(target, *target.slurm, job());
  EXPECT_EQ(script.rfind("#!/bin/bash\n", 0), 0u);
  EXPECT_TRUE(has_line(script, "#SBATCH --job-name=lenet-20261126-200000"));
  EXPECT_TRUE(has_line(script, "#SBATCH --nodes=2"));
  EXPECT_TRUE(has_line(script, "#SBATCH --ntasks-per-node=4"));
  EXPECT_TRUE(has_line(script, "#SBATCH --partition=gpu"));
  EXPECT_TRUE(has_line(script, "#SBATCH --gres=gpu:4"));
  EXPECT_TRUE(has_line(script, "#SBATCH --time=02:00:00"));
  EXPECT_TRUE(has_line(script, "#SBATCH --account=vision"));
}

TEST(SbatchScript, CpuRanksAskForNoGpusAndNoPartitionWhenNoneIsGiven) {
  const std::string script = sbatch_script(slurm_target(), SlurmSettings{}, job());
  EXPECT_EQ(script.find("--gres"), std::string::npos);
  EXPECT_EQ(script.find("--partition"), std::string::npos);
  EXPECT_EQ(script.find("--time"), std::string::npos);
  EXPECT_TRUE(has_line(script, "#SBATCH --ntasks-per-node=1"));
}

TEST(SbatchScript, StartsOneWorkerPerRankWithTheTorchrunVariables) {
  const RemoteTarget target = slurm_target();
  const std::string script = sbatch_script(target, *target.slurm, job());
  for (const char* variable :
       {"RANK=$SLURM_PROCID", "LOCAL_RANK=$SLURM_LOCALID", "WORLD_SIZE=$SLURM_NTASKS",
        "export MASTER_ADDR=", "export MASTER_PORT="}) {
    EXPECT_NE(script.find(variable), std::string::npos) << variable;
  }
  EXPECT_NE(script.find("srun "), std::string::npos);
  EXPECT_NE(script.find("'/opt/convstudio/bin/convstudio-cli' 'train' 'lenet.convstudio' "
                        "'--out' 'run' '--max-steps' '100'"),
            std::string::npos);
}

TEST(SbatchScript, QuotesHostilePathsSoTheShellRunsNothingOfThem) {
  RemoteTarget target = slurm_target();
  target.cli = "/opt/it's here/$(reboot)/convstudio-cli";
  RemoteJob hostile = job();
  hostile.project = "my \"best\"\nnet.convstudio";
  const std::string script = sbatch_script(target, *target.slurm, hostile);
  EXPECT_NE(script.find("'train' 'my \"best\"\nnet.convstudio'"), std::string::npos);
  EXPECT_NE(script.find("'/opt/it'\\''s here/$(reboot)/convstudio-cli'"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
