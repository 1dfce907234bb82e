// queue.json: reading and writing the run queue (run_queue.h).

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_queue.h"
#include "convstudio/runs/run_recorder.h"
#include "json_fields.h"
#include "versioned_json_file.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kQueueFormat[] = "convstudio-queue";
constexpr int kQueueVersion = 1;

Json entry_json(const QueuedRun& run) {
  return Json{{"id", run.id},
              {"label", run.label},
              {"sweep", run.sweep},
              {"state", to_string(run.state)},
              {"run_folder", run.run_folder},
              {"project", Json::parse(ProjectFile::serialize(run.project))}};
}

// One entry; its problems go to `errors` with the field path "runs[I]…".
QueuedRun entry_from_json(const Json& json, const std::string& path, std::vector<Error>& errors) {
  QueuedRun run;
  JsonFields fields(json, path, errors);
  if (!fields.valid()) return run;
  fields.read("id", run.id);
  fields.read("label", run.label);
  fields.read("sweep", run.sweep);
  fields.read_enum<QueuedRunState>("state", run.state, parse_queued_run_state,
                                   "queued, running, finished, failed, cancelled");
  fields.read("run_folder", run.run_folder);
  if (const Json* project = fields.object("project")) {
    ProjectLoadResult loaded = ProjectFile::parse(project->dump());
    for (Error& error : loaded.errors) {
      error.field = fields.field("project") + (error.field.empty() ? "" : "." + error.field);
      errors.push_back(std::move(error));
    }
    if (loaded.ok()) run.project = std::move(*loaded.project);
  } else {
    fields.error("project", "is missing");
  }
  if (run.id.empty()) fields.error("id", "is missing");
  fields.finish();
  return run;
}

}  // namespace

std::filesystem::path run_queue_file(const std::filesystem::path& project_file) {
  return runs_folder(project_file) / "queue.json";
}

Result<RunQueue> load_run_queue(const std::filesystem::path& project_file) {
  const std::filesystem::path file = run_queue_file(project_file);
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return RunQueue{};
  const Result<Json> read = read_versioned_json(file, kQueueFormat, kQueueVersion, "run queue");
  if (!read) return read.error();
  const Json& json = read.value();
  RunQueue queue;
  std::vector<Error> errors;
  JsonFields fields(json, "queue", errors);
  fields.skip("format");
  fields.skip("version");
  fields.read("paused", queue.paused);
  fields.read("next_id", queue.next_id, 1, std::int64_t{1} << 62);
  if (const Json* runs = fields.array("runs")) {
    for (std::size_t i = 0; i < runs->size(); ++i) {
      queue.runs.push_back(entry_from_json((*runs)[i], "runs[" + std::to_string(i) + "]", errors));
    }
  }
  fields.finish();
  if (!errors.empty()) {
    Error first = errors.front();
    first.file = file.string();
    return first;
  }
  return queue;
}

std::optional<Error> save_run_queue(const std::filesystem::path& project_file,
                                    const RunQueue& queue) {
  const std::filesystem::path file = run_queue_file(project_file);
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) {
    return Error::in_file(file.parent_path().string(), "cannot create the folder: " + ec.message());
  }
  Json runs = Json::array();
  for (const QueuedRun& run : queue.runs) runs.push_back(entry_json(run));
  const Json json{{"format", kQueueFormat},
                  {"version", kQueueVersion},
                  {"paused", queue.paused},
                  {"next_id", queue.next_id},
                  {"runs", std::move(runs)}};
  return write_file_atomically(file, json.dump(2) + "\n");
}

}  // namespace convstudio
