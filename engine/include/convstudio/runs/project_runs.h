#pragma once
// Where a project's runs are kept, also before it has a file of its own, and how they follow it
// when it is saved somewhere new. Runs sit in PROJECT.runs/ next to the file (run_recorder.h);
// an unsaved project gets a file name of its own in the studio's data folder, so its runs never
// mix with another unsaved project's.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "convstudio/runs/message_text.h"

namespace convstudio {

// The studio's data folder (unsaved projects' runs, the autosave recovery file) inside the
// user's data folder (`user_data`: ~/.local/share on Linux): user_data/NAME, NAME being the
// application's name. Studios before issue 32 used user_data/NAME/NAME (the organisation and the
// application, both "ConvStudio"); while that folder exists it stays the data folder, unmoved,
// because the recovery settings and the run queues name paths inside it.
std::filesystem::path studio_data_folder(const std::filesystem::path& user_data,
                                         const std::string& name = "ConvStudio");

// A file name for the runs of a project that has no file yet: DATA/unsaved/DATE-TIME.convstudio,
// whose runs folder does not exist yet. Nothing is written.
std::filesystem::path unsaved_project_file(const std::filesystem::path& data_folder);
// The unsaved projects of `data_folder` (as unsaved_project_file names them) whose runs folder
// holds a recorded run (a folder with run.json), newest first. A project closed without being
// saved leaves its runs there; the studio offers them back (File > Recover Unsaved Runs…).
std::vector<std::filesystem::path> unsaved_projects_with_runs(
    const std::filesystem::path& data_folder);

enum class CarryMode {
  Move,  // the old place goes away (an unsaved project's)
  Copy,  // the old project keeps its runs (Save As of a saved project)
};

struct CarriedRuns {
  int runs = 0;                      // run folders now in the new place
  std::optional<MessageText> error;  // the first run that could not be carried, and why
  // Each carried run folder: where it was, where it is now.
  std::vector<std::pair<std::filesystem::path, std::filesystem::path>> places;
};

// Carries every run of `from_project` into the runs folder of `to_project`, except the run
// folder `busy` (a run still being written; carry it with carry_run once it has ended). A run
// whose folder name is taken there gets a "-2", "-3"… suffix. A move that cannot rename
// (another file system) copies, then removes the original. The run queue (run_queue.h) comes
// along: its entries join the new place's queue (fresh ids, states kept), pointing at where their
// runs went; a move removes the old queue.
CarriedRuns carry_runs(const std::filesystem::path& from_project,
                       const std::filesystem::path& to_project, CarryMode mode,
                       const std::filesystem::path& busy = {});
// Carries one run folder into the runs folder of `to_project`, as carry_runs does; a queue entry
// of `to_project` that named the old folder names the new one.
CarriedRuns carry_run(const std::filesystem::path& run_folder,
                      const std::filesystem::path& to_project, CarryMode mode);

}  // namespace convstudio
