// Follows a run folder through the studio's RunFollowWatcher (file watch plus the one-second
// look) while `convstudio-cli train` writes it, until the run ends; prints what arrived and the
// largest lag: at each look that brought steps, the time it arrived minus metrics.jsonl's last
// write time. check_run_following.sh asserts on it. Exit 1 when the run never appears or ends.
//
//   follow_lag_probe RUN_FOLDER TIMEOUT_MS

#include <QCoreApplication>
#include <QFile>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "run_follow_watcher.h"

using namespace convstudio;

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: follow_lag_probe RUN_FOLDER TIMEOUT_MS\n");
    return 2;
  }
  const std::filesystem::path folder = argv[1];
  QTimer::singleShot(std::atoi(argv[2]), &app, [] {
    std::fprintf(stderr, "the run did not end in time\n");
    QCoreApplication::exit(1);
  });

  std::unique_ptr<RunFollowWatcher> watcher;
  std::int64_t steps = 0, lastStep = 0, checkpoints = 0, looks = 0;
  double maxLag = 0;
  bool ordered = true;
  const auto follow = [&](RunFollower follower) {
    watcher = std::make_unique<RunFollowWatcher>(std::move(follower));
    QObject::connect(watcher.get(), &RunFollowWatcher::updated, [&](const RunFollowUpdate& u) {
      const auto arrived = std::chrono::system_clock::now();
      ++looks;
      for (const RecordedStep& step : u.metrics.steps) {
        ordered = ordered && step.step() == lastStep + 1;
        lastStep = step.step();
        ++steps;
      }
      checkpoints += static_cast<std::int64_t>(u.checkpoints.size());
      const auto written = watcher->follower().metrics_written();
      if (!u.metrics.steps.empty() && written) {
        maxLag = std::max(maxLag, std::chrono::duration<double>(arrived - *written).count());
      }
    });
    // The end is read after the last lines: run.json says finished once metrics are complete.
    QObject::connect(watcher.get(), &RunFollowWatcher::looked, [&] {
      if (watcher->follower().ended()) QCoreApplication::quit();
    });
    watcher->poll();
  };
  // The CLI creates the folder once LibTorch has loaded: look for it until it is a run.
  QTimer waiting;
  QObject::connect(&waiting, &QTimer::timeout, [&] {
    Result<RunFollower> opened = RunFollower::open(folder);
    if (!opened) return;
    waiting.stop();
    follow(std::move(opened).value());
  });
  waiting.start(50);
  const int code = app.exec();
  std::printf("steps %lld last %lld ordered %d checkpoints %lld looks %lld max_lag_s %.3f\n",
              static_cast<long long>(steps), static_cast<long long>(lastStep), ordered ? 1 : 0,
              static_cast<long long>(checkpoints), static_cast<long long>(looks), maxLag);
  return code;
}
