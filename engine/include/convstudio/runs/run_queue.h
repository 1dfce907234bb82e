#pragma once
// The run queue: runs waiting to train one after another (different settings, or different
// versions of the graph), kept in PROJECT.runs/queue.json so the queue survives a restart of the
// studio, and a run a restart interrupted resumes from its checkpoint. The studio and
// `convstudio-cli sweep` read and write the same file with the functions below.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"
#include "convstudio/result.h"

namespace convstudio {

// Where a queued run stands. Running in a queue that was just loaded means the program that ran
// it stopped before it ended (a crash, a restart): it is resumed first.
enum class QueuedRunState { Queued, Running, Finished, Failed, Cancelled };

std::string to_string(QueuedRunState state);  // "queued" | "running" | "finished" | …
std::optional<QueuedRunState> parse_queued_run_state(std::string_view text);

// One run in the queue, with a full copy of the project it trains (graph and settings as they
// were when it was queued), so later edits of the open project do not change it.
struct QueuedRun {
  std::string id;     // unique within its queue ("3"); given by add_to_queue
  std::string label;  // what the user reads: "lr=0.01, batch_size=64"; for a sweep, its values
  std::string sweep;  // the sweep it belongs to (sweep.h); empty when queued on its own
  Project project;
  QueuedRunState state = QueuedRunState::Queued;
  // The run's folder (PROJECT.runs/DATE-TIME), set when it starts; where an interrupted run's
  // checkpoint is found.
  std::string run_folder;

  bool operator==(const QueuedRun&) const = default;
};

// The queue of one project. Paused: the run that is training finishes, the next does not start.
struct RunQueue {
  std::vector<QueuedRun> runs;
  bool paused = false;
  // The id the next added run gets; kept in the file so an id is never given twice, even after
  // the run that had it was removed.
  std::int64_t next_id = 1;

  bool operator==(const RunQueue&) const = default;
};

// PROJECT.runs/queue.json next to `project_file`.
std::filesystem::path run_queue_file(const std::filesystem::path& project_file);

// The project's queue; an empty queue when it has no queue file yet. A file that cannot be read
// is an error naming the file and the field (e.g. "runs[2].state").
Result<RunQueue> load_run_queue(const std::filesystem::path& project_file);
// Writes the queue atomically (a crash leaves the previous queue.json), creating PROJECT.runs/.
std::optional<Error> save_run_queue(const std::filesystem::path& project_file,
                                    const RunQueue& queue);

// Appends `runs` (their ids are replaced by fresh ones) and returns the ids they got.
std::vector<std::string> add_to_queue(RunQueue& queue, std::vector<QueuedRun> runs);

// The entry to train next, for a caller with nothing training: an entry still Running then was
// interrupted and comes first; otherwise the first Queued one. Either may have been started
// before (its run folder is set): resume it with interrupted_run_checkpoint. Only entries of
// `sweep` when it is not empty. nullopt when the queue is paused or nothing waits.
std::optional<std::size_t> next_queued_run(const RunQueue& queue, std::string_view sweep = {});

// The entry with this id, or nullptr.
QueuedRun* find_queued_run(RunQueue& queue, std::string_view id);

// Moves a waiting (Queued) entry one place earlier (-1) or later (+1) among the entries; false
// when the id is unknown, the entry is not waiting, or it is already first or last.
bool move_queued_run(RunQueue& queue, std::string_view id, int direction);

// Removes an entry that is not Running (the running one is stopped first, then removed); false
// when the id is unknown or the entry is running.
bool remove_queued_run(RunQueue& queue, std::string_view id);

// Sets an entry's state, and its run folder when `run_folder` is not empty (when it starts);
// false when the id is unknown.
bool mark_queued_run(RunQueue& queue, std::string_view id, QueuedRunState state,
                     const std::string& run_folder = {});

// The checkpoint an entry that was started before resumes from: RUN_FOLDER/last.ckpt (the one
// the trainer writes at every epoch end and when stopped), put back first when a crash left it
// moved aside. That is a Running entry a restart interrupted, or one the user stopped and left
// Queued (Ctrl+C in `convstudio-cli sweep`). nullopt when the entry has no run folder or its run
// left no checkpoint: it starts over.
std::optional<std::filesystem::path> interrupted_run_checkpoint(const QueuedRun& run);

}  // namespace convstudio
