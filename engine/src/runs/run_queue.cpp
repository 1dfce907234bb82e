#include "convstudio/runs/run_queue.h"

#include <algorithm>
#include <array>
#include <utility>

#include "checkpoint_files.h"
#include "convstudio/io/atomic_write.h"

namespace convstudio {
namespace {

constexpr std::array<std::pair<QueuedRunState, const char*>, 5> kStateNames{{
    {QueuedRunState::Queued, "queued"},
    {QueuedRunState::Running, "running"},
    {QueuedRunState::Finished, "finished"},
    {QueuedRunState::Failed, "failed"},
    {QueuedRunState::Cancelled, "cancelled"},
}};

std::vector<QueuedRun>::iterator find_entry(RunQueue& queue, std::string_view id) {
  return std::find_if(queue.runs.begin(), queue.runs.end(),
                      [&](const QueuedRun& run) { return run.id == id; });
}

}  // namespace

std::string to_string(QueuedRunState state) {
  for (const auto& [value, name] : kStateNames) {
    if (value == state) return name;
  }
  return "queued";
}

std::optional<QueuedRunState> parse_queued_run_state(std::string_view text) {
  for (const auto& [value, name] : kStateNames) {
    if (text == name) return value;
  }
  return std::nullopt;
}

std::vector<std::string> add_to_queue(RunQueue& queue, std::vector<QueuedRun> runs) {
  std::vector<std::string> ids;
  for (QueuedRun& run : runs) {
    // A hand-edited file may hold ids above next_id; a fresh id must not meet one of them.
    do {
      run.id = std::to_string(queue.next_id++);
    } while (find_entry(queue, run.id) != queue.runs.end());
    ids.push_back(run.id);
    queue.runs.push_back(std::move(run));
  }
  return ids;
}

std::optional<std::size_t> next_queued_run(const RunQueue& queue, std::string_view sweep) {
  if (queue.paused) return std::nullopt;
  for (QueuedRunState wanted : {QueuedRunState::Running, QueuedRunState::Queued}) {
    for (std::size_t i = 0; i < queue.runs.size(); ++i) {
      const QueuedRun& run = queue.runs[i];
      if (run.state == wanted && (sweep.empty() || run.sweep == sweep)) return i;
    }
  }
  return std::nullopt;
}

QueuedRun* find_queued_run(RunQueue& queue, std::string_view id) {
  const auto found = find_entry(queue, id);
  return found == queue.runs.end() ? nullptr : &*found;
}

bool move_queued_run(RunQueue& queue, std::string_view id, int direction) {
  const auto found = find_entry(queue, id);
  if (found == queue.runs.end() || found->state != QueuedRunState::Queued) return false;
  if (direction == 0) return false;
  const auto index = static_cast<std::ptrdiff_t>(found - queue.runs.begin());
  const std::ptrdiff_t target = index + (direction < 0 ? -1 : 1);
  if (target < 0 || target >= static_cast<std::ptrdiff_t>(queue.runs.size())) return false;
  std::swap(queue.runs[static_cast<std::size_t>(index)],
            queue.runs[static_cast<std::size_t>(target)]);
  return true;
}

bool remove_queued_run(RunQueue& queue, std::string_view id) {
  const auto found = find_entry(queue, id);
  if (found == queue.runs.end() || found->state == QueuedRunState::Running) return false;
  queue.runs.erase(found);
  return true;
}

bool mark_queued_run(RunQueue& queue, std::string_view id, QueuedRunState state,
                     const std::string& run_folder) {
  QueuedRun* run = find_queued_run(queue, id);
  if (run == nullptr) return false;
  run->state = state;
  if (!run_folder.empty()) run->run_folder = run_folder;
  return true;
}

std::optional<std::filesystem::path> interrupted_run_checkpoint(const QueuedRun& run) {
  if (run.run_folder.empty()) return std::nullopt;
  const std::filesystem::path checkpoint =
      std::filesystem::path(run.run_folder) / kLastCheckpointFolder;
  // A crash between the two renames of a checkpoint swap leaves it as last.ckpt.old-XXXXXX.
  recover_moved_aside(checkpoint);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(checkpoint / kCheckpointStateFile, ec)) return std::nullopt;
  return checkpoint;
}

}  // namespace convstudio
