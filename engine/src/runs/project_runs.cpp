#include "convstudio/runs/project_runs.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/run_recorder.h"
#include "engine_messages.h"
#include "timestamped_name.h"

namespace convstudio {
namespace fs = std::filesystem;

// Declared in run_recorder.h, beside the recorder that fills these folders.
fs::path runs_folder(const fs::path& project_file) {
  fs::path runs = project_file;
  runs += ".runs";
  return runs;
}

fs::path new_run_folder(const fs::path& project_file) {
  return unique_timestamped_path(runs_folder(project_file), "", [](const fs::path& folder) {
    std::error_code ec;
    return fs::exists(folder, ec);
  });
}

fs::path studio_data_folder(const fs::path& user_data, const std::string& name) {
  const fs::path folder = user_data / name;
  const fs::path doubled = folder / name;
  std::error_code ec;
  return fs::is_directory(doubled, ec) ? doubled : folder;
}

fs::path unsaved_project_file(const fs::path& data_folder) {
  return unique_timestamped_path(data_folder / "unsaved", ProjectFile::kExtension,
                                 [](const fs::path& file) {
                                   std::error_code ec;
                                   return fs::exists(file, ec) || fs::exists(runs_folder(file), ec);
                                 });
}

std::vector<fs::path> unsaved_projects_with_runs(const fs::path& data_folder) {
  const std::string runs_suffix =
      runs_folder(ProjectFile::kExtension).string();  // .convstudio.runs
  std::vector<fs::path> projects;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(data_folder / "unsaved", ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory(ec) || !name.ends_with(runs_suffix)) continue;
    std::error_code inner;
    const bool has_run =
        std::any_of(fs::directory_iterator(entry.path(), inner), fs::directory_iterator(),
                    [&inner](const fs::directory_entry& run) {
                      return fs::exists(run.path() / "run.json", inner);
                    });
    if (has_run) projects.push_back(fs::path(entry.path()).replace_extension());  // drops .runs
  }
  std::sort(projects.begin(), projects.end(), std::greater<>());
  return projects;
}

namespace {

// Moves `from` to `to`: a rename where it can, else a copy and a removal (another file system).
void move_folder(const fs::path& from, const fs::path& to, std::error_code& ec) {
  fs::rename(from, to, ec);
  if (!ec) return;
  ec.clear();
  fs::copy(from, to, fs::copy_options::recursive, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove_all(to, ignored);  // never leave half a run behind
    return;
  }
  fs::remove_all(from, ec);
}

fs::path free_name(const fs::path& folder, const std::string& name) {
  std::error_code ec;
  fs::path target = folder / name;
  for (int n = 2; fs::exists(target, ec); ++n) target = folder / (name + "-" + std::to_string(n));
  return target;
}

bool same_folder(const std::string& a, const fs::path& b) {
  return !a.empty() && fs::path(a).lexically_normal() == b.lexically_normal();
}

MessageText queue_not_carried(const fs::path& from_project, const fs::path& to_project,
                              const Error& error) {
  return MessageText{messages::kRunsNotCarried,
                     {run_queue_file(from_project).string(), run_queue_file(to_project).string(),
                      error.describe()}};
}

// Entries of `project`'s queue whose run was in `was` now point at `now`.
std::optional<MessageText> repoint_queue(const fs::path& project, const fs::path& was,
                                         const fs::path& now) {
  Result<RunQueue> queue = load_run_queue(project);
  if (!queue) return queue_not_carried(project, project, queue.error());
  bool changed = false;
  for (QueuedRun& run : queue.value().runs) {
    if (!same_folder(run.run_folder, was)) continue;
    run.run_folder = now.string();
    changed = true;
  }
  if (!changed) return std::nullopt;
  if (auto error = save_run_queue(project, queue.value())) {
    return queue_not_carried(project, project, *error);
  }
  return std::nullopt;
}

// The queue follows its runs: its entries join the queue of `to_project` (fresh ids, states
// kept), those of carried runs pointing at where the runs went. Moved: the old queue goes.
std::optional<MessageText> carry_queue(const fs::path& from_project, const fs::path& to_project,
                                       CarryMode mode,
                                       const std::vector<std::pair<fs::path, fs::path>>& places) {
  Result<RunQueue> from = load_run_queue(from_project);
  if (!from) return queue_not_carried(from_project, to_project, from.error());
  std::error_code ec;
  if (!from.value().runs.empty()) {
    Result<RunQueue> to = load_run_queue(to_project);
    if (!to) return queue_not_carried(from_project, to_project, to.error());
    std::vector<QueuedRun> entries = from.value().runs;
    for (QueuedRun& entry : entries) {
      for (const auto& [was, now] : places) {
        if (same_folder(entry.run_folder, was)) entry.run_folder = now.string();
      }
    }
    add_to_queue(to.value(), std::move(entries));
    if (auto error = save_run_queue(to_project, to.value())) {
      return queue_not_carried(from_project, to_project, *error);
    }
  }
  if (mode == CarryMode::Move) fs::remove(run_queue_file(from_project), ec);
  return std::nullopt;
}

}  // namespace

CarriedRuns carry_run(const fs::path& run_folder, const fs::path& to_project, CarryMode mode) {
  CarriedRuns result;
  const fs::path to = runs_folder(to_project);
  std::error_code ec;
  if (run_folder.parent_path() == to) return result;  // already there
  fs::create_directories(to, ec);
  fs::path target;
  if (!ec) {
    target = free_name(to, run_folder.filename().string());
    if (mode == CarryMode::Move) {
      move_folder(run_folder, target, ec);
    } else {
      fs::copy(run_folder, target, fs::copy_options::recursive, ec);
      std::error_code ignored;
      if (ec) fs::remove_all(target, ignored);
    }
  }
  if (ec) {
    result.error =
        MessageText{messages::kRunsNotCarried, {run_folder.string(), to.string(), ec.message()}};
  } else {
    result.runs = 1;
    result.places.emplace_back(run_folder, target);
    // A run carried after the queue (it was training then) is found again by its entry.
    if (!result.error) result.error = repoint_queue(to_project, run_folder, target);
  }
  return result;
}

CarriedRuns carry_runs(const fs::path& from_project, const fs::path& to_project, CarryMode mode,
                       const fs::path& busy) {
  CarriedRuns result;
  const fs::path from = runs_folder(from_project);
  std::error_code ec;
  if (!fs::is_directory(from, ec) || fs::equivalent(from_project, to_project, ec)) return result;
  std::vector<fs::path> runs;
  for (const auto& entry : fs::directory_iterator(from, ec)) {
    if (entry.is_directory(ec) && entry.path() != busy) runs.push_back(entry.path());
  }
  std::sort(runs.begin(), runs.end());  // oldest first, so clashes keep their order
  for (const fs::path& run : runs) {
    const CarriedRuns carried = carry_run(run, to_project, mode);
    result.runs += carried.runs;
    result.places.insert(result.places.end(), carried.places.begin(), carried.places.end());
    if (carried.error && !result.error) result.error = carried.error;
  }
  if (auto error = carry_queue(from_project, to_project, mode, result.places)) {
    if (!result.error) result.error = error;
  }
  // An unsaved project's place goes away once it is empty.
  if (mode == CarryMode::Move && fs::is_empty(from, ec)) fs::remove(from, ec);
  return result;
}

}  // namespace convstudio
