#include "peer_rank_log.h"

#include <iostream>

namespace convstudio::cli {

void PeerRankLog::on_log(const LogLine& line) {
  if (line.level == LogLevel::Info) return;
  std::cerr << "[rank " << rank_ << "] warning: " << line.text << "\n";
}

void PeerRankLog::on_error(const RunError& error) {
  std::cerr << "[rank " << rank_ << "] error: " << error.describe() << "\n";
}

}  // namespace convstudio::cli
