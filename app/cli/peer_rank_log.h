#pragma once
// What a rank other than 0 of a data-parallel run shows: nothing of the progress (rank 0 draws the
// one progress bar and keeps the run's files), only its warnings and errors on stderr, each
// marked with the rank.

#include "convstudio/runs/training_events.h"

namespace convstudio::cli {

class PeerRankLog : public TrainingListener {
 public:
  explicit PeerRankLog(int rank) : rank_(rank) {}
  void on_log(const LogLine& line) override;
  void on_error(const RunError& error) override;

 private:
  int rank_;
};

}  // namespace convstudio::cli
