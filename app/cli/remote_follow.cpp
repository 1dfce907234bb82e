#include "remote_follow.h"

#include <chrono>
#include <cmath>
#include <iostream>
#include <optional>
#include <thread>

#include "convstudio/remote/remote_training.h"
#include "convstudio/runs/run_follower.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

void print_update(const RunFollowUpdate& update) {
  for (const RecordedStep& recorded : update.metrics.steps) {
    const StepMetrics step = recorded.metrics();
    std::cout << "step " << step.step;
    if (step.total_steps > 0) std::cout << "/" << step.total_steps;
    std::cout << " loss " << step.loss << "\n";
  }
  for (const RecordedEpoch& epoch : update.metrics.epochs) {
    std::cout << "epoch " << epoch.epoch + 1 << " val_loss " << epoch.val_loss << " val_accuracy "
              << epoch.val_accuracy << "\n";
  }
  std::cout.flush();
}

// Reads what the last mirror step brought; opens the follower once run.json has come.
void show_mirror(const RemoteRun& run, std::optional<RunFollower>& follower) {
  if (!follower) {
    Result<RunFollower> opened = RunFollower::open(run.mirror_folder);
    if (!opened) return;  // the remote run has not written run.json yet (a queued job)
    follower.emplace(std::move(opened.value()));
  }
  Result<RunFollowUpdate> update = follower->poll();
  if (update) print_update(update.value());
}

}  // namespace

int follow_remote_run(RemoteRun& run) {
  std::cout << "following " << run.target.name << ":" << run.remote_run_folder() << " in "
            << run.mirror_folder << " (Ctrl+C leaves it running there; `convstudio-cli remote "
            << "follow " << run.mirror_folder << "` comes back to it)\n";
  std::optional<RunFollower> follower;
  int failures = 0;
  for (;;) {
    Result<MirrorStep> step = mirror_remote_run(run);
    if (!step) {
      std::cerr << "error: " << step.error().describe() << "\n";
      return kExitUsageError;
    }
    if (step.value().connection_lost) {
      const int delay = reconnect_delay_seconds(++failures);
      std::cout << "reconnecting to " << run.target.destination << " in " << delay << " s (try "
                << failures << "): " << step.value().problem << std::endl;
      std::this_thread::sleep_for(std::chrono::seconds(delay));
      continue;
    }
    if (failures > 0) std::cout << "reconnected after " << failures << " failed tries\n";
    failures = 0;
    show_mirror(run, follower);
    if (run.ended()) {
      std::cout << "remote run " << to_string(run.state) << "; its folder, checkpoints included, "
                << "is in " << run.mirror_folder << std::endl;
      return run.state == RemoteRunState::Finished ? kExitOk : kExitFailure;
    }
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

}  // namespace convstudio::cli
