#include "convstudio/runs/run_follower.h"

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "checkpoint_files.h"

namespace convstudio {
namespace fs = std::filesystem;
namespace {

constexpr char kRunFile[] = "run.json";
constexpr char kMetricsFile[] = "metrics.jsonl";
// Enough to tell a replaced file from the one read before: the first line holds step 1's
// figures, which a new run does not repeat to the byte.
constexpr std::size_t kHeadBytes = 256;

std::optional<fs::file_time_type> written_time(const fs::path& file) {
  std::error_code error;
  const fs::file_time_type time = fs::last_write_time(file, error);
  if (error) return std::nullopt;
  return time;
}

std::chrono::system_clock::time_point system_time(fs::file_time_type time) {
  return std::chrono::time_point_cast<std::chrono::system_clock::duration>(
      std::chrono::file_clock::to_sys(time));
}

// Why `folder` holds no ConvStudio run, with the place; nullopt when it does.
std::optional<Error> not_a_run_folder(const fs::path& folder) {
  std::error_code error;
  if (!fs::exists(folder, error))
    return Error::in_file(folder.string(), "the folder does not exist");
  if (!fs::is_directory(folder, error)) {
    return Error::in_file(folder.string(), "not a folder (a run is a folder)");
  }
  const fs::path run_file = folder / kRunFile;
  std::ifstream in(run_file);
  if (!in) {
    return Error::in_file(folder.string(),
                          "not a run folder: it holds no run.json (a run folder is what a "
                          "ConvStudio run writes: run.json, metrics.jsonl, checkpoints)");
  }
  try {
    const nlohmann::json run = nlohmann::json::parse(in);
    const auto format = run.is_object() ? run.find("format") : run.end();
    if (!run.is_object() || format == run.end() || *format != "convstudio-run") {
      return Error::at_field(run_file.string(), "format",
                             "not a ConvStudio run (the format is not \"convstudio-run\")");
    }
  } catch (const nlohmann::json::parse_error& e) {
    return Error::at_byte(run_file.string(), e.byte, "not valid JSON");
  }
  return std::nullopt;
}

}  // namespace

Result<RunFollower> RunFollower::open(const fs::path& folder) {
  if (auto problem = not_a_run_folder(folder)) return *std::move(problem);
  std::optional<RecordedRun> run = load_recorded_run(folder, RunDetail::Summary);
  if (!run) return Error::in_file((folder / kRunFile).string(), "cannot be read as a run");
  RunFollower follower(std::move(*run));
  follower.run_file_written_ = written_time(folder / kRunFile).value_or(fs::file_time_type{});
  return follower;
}

bool RunFollower::ended() const {
  return run_.state == "finished" || run_.state == "cancelled" || run_.state == "failed";
}

Result<RunFollowUpdate> RunFollower::poll() {
  RunFollowUpdate update;
  if (auto error = read_run_file(update)) return *std::move(error);
  if (auto error = read_metrics(update)) return *std::move(error);
  look_for_checkpoints(update);
  return update;
}

std::optional<Error> RunFollower::read_run_file(RunFollowUpdate& update) {
  const fs::path file = folder() / kRunFile;
  const std::optional<fs::file_time_type> written = written_time(file);
  if (!written) return Error::in_file(file.string(), "cannot be read any more");
  if (*written == run_file_written_) return std::nullopt;
  // Rewritten atomically at each state change: a file that does not read now (a network
  // folder caught mid-rename) reads at the next poll.
  std::optional<RecordedRun> read = load_recorded_run(folder(), RunDetail::Summary);
  if (!read) return std::nullopt;
  run_file_written_ = *written;
  update.state_changed = read->state != run_.state;
  read->folder = run_.folder;
  run_ = std::move(*read);
  return std::nullopt;
}

std::optional<Error> RunFollower::read_metrics(RunFollowUpdate& update) {
  const fs::path file = folder() / kMetricsFile;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;  // not written yet: the run is preparing
  if (const auto written = written_time(file)) metrics_written_ = system_time(*written);
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(std::max<std::streamoff>(0, in.tellg()));
  // Cut shorter than what was read, or another file in its place: read again from its start.
  std::string head(head_.size(), '\0');
  in.seekg(0);
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  in.clear();  // a file now shorter than the head fails that read; it is read again below
  if (size < offset_ || head != head_) {
    update.restarted = true;
    offset_ = 0;
    head_.clear();
    reader_ = MetricsJsonlReader();
  }
  // Only what was appended is read: a long run's file is large, and it is polled every second.
  std::string appended(size - offset_, '\0');
  in.seekg(static_cast<std::streamoff>(offset_));
  in.read(appended.data(), static_cast<std::streamsize>(appended.size()));
  if (in.bad()) return Error::at_byte(file.string(), offset_, "cannot be read");
  // Cut short since its size was taken: what is there now; the next look sees the cut.
  appended.resize(static_cast<std::size_t>(in.gcount()));
  // Complete lines only: the last one may still be being written.
  const std::size_t end = appended.rfind('\n');
  if (end == std::string::npos) return std::nullopt;
  std::string_view lines = std::string_view(appended).substr(0, end + 1);
  if (head_.size() < kHeadBytes) {
    head_ += lines.substr(0, kHeadBytes - head_.size());
  }
  offset_ += end + 1;
  while (!lines.empty()) {
    const std::size_t newline = lines.find('\n');
    reader_.read_line(lines.substr(0, newline), update.metrics);
    lines.remove_prefix(newline + 1);
  }
  return std::nullopt;
}

void RunFollower::look_for_checkpoints(RunFollowUpdate& update) {
  // Each checkpoint folder is replaced whole (its state.json last), so its state.json's time
  // says when it was written.
  for (const char* name : {kBestCheckpointFolder, kLastCheckpointFolder}) {
    const fs::path checkpoint = folder() / name;
    const std::optional<fs::file_time_type> written =
        written_time(checkpoint / kCheckpointStateFile);
    if (!written) continue;
    auto known = std::find_if(checkpoints_.begin(), checkpoints_.end(),
                              [&](const auto& seen) { return seen.first == checkpoint; });
    if (known != checkpoints_.end() && known->second == *written) continue;
    if (known == checkpoints_.end()) {
      checkpoints_.emplace_back(checkpoint, *written);
    } else {
      known->second = *written;
    }
    update.checkpoints.push_back(checkpoint);
  }
}

std::optional<fs::path> owning_project_file(const fs::path& run_folder) {
  const fs::path folder = run_folder.lexically_normal();
  const fs::path runs =
      folder.has_filename() ? folder.parent_path() : folder.parent_path().parent_path();
  const std::string name = runs.filename().string();
  constexpr std::string_view kSuffix = ".runs";
  if (name.size() <= kSuffix.size() || !name.ends_with(kSuffix)) return std::nullopt;
  return runs.parent_path() / name.substr(0, name.size() - kSuffix.size());
}

}  // namespace convstudio
