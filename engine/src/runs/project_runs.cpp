#include "convstudio/runs/project_runs.h"

#include <algorithm>
#include <vector>

#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_recorder.h"
#include "engine_messages.h"
#include "timestamped_name.h"

namespace convstudio {
namespace fs = std::filesystem;

fs::path unsaved_project_file(const fs::path& data_folder) {
  return unique_timestamped_path(data_folder / "unsaved", ProjectFile::kExtension,
                                 [](const fs::path& file) {
                                   std::error_code ec;
                                   return fs::exists(file, ec) || fs::exists(runs_folder(file), ec);
                                 });
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

}  // namespace

CarriedRuns carry_run(const fs::path& run_folder, const fs::path& to_project, CarryMode mode) {
  CarriedRuns result;
  const fs::path to = runs_folder(to_project);
  std::error_code ec;
  if (run_folder.parent_path() == to) return result;  // already there
  fs::create_directories(to, ec);
  if (!ec) {
    const fs::path target = free_name(to, run_folder.filename().string());
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
    if (carried.error && !result.error) result.error = carried.error;
  }
  // An unsaved project's place goes away once it is empty.
  if (mode == CarryMode::Move && fs::is_empty(from, ec)) fs::remove(from, ec);
  return result;
}

}  // namespace convstudio
