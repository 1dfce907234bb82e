// remote.json: a submitted run's record in its mirror folder (remote_run.h).

#include "convstudio/remote/remote_run.h"

#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "json_fields.h"
#include "target_json.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kRemoteRunFormat[] = "convstudio-remote-run";

std::optional<RemoteLaunch> parse_launch(std::string_view text) {
  if (text == "direct") return RemoteLaunch::Direct;
  if (text == "slurm") return RemoteLaunch::Slurm;
  return std::nullopt;
}

RemoteJob job_from_json(const Json& json, std::string path, std::vector<Error>& errors) {
  RemoteJob job;
  JsonFields fields(json, std::move(path), errors);
  if (!fields.valid()) return job;
  fields.read("name", job.name);
  fields.read("job_folder", job.job_folder);
  fields.read("project", job.project);
  fields.read("run_folder", job.run_folder);
  if (const Json* arguments = fields.array("train_arguments")) {
    for (const Json& argument : *arguments) {
      if (argument.is_string()) job.train_arguments.push_back(argument.get<std::string>());
    }
  }
  fields.finish();
  return job;
}

}  // namespace

std::string to_string(RemoteLaunch launch) {
  return launch == RemoteLaunch::Slurm ? "slurm" : "direct";
}

std::string to_string(RemoteRunState state) {
  switch (state) {
    case RemoteRunState::Running:
      return "running";
    case RemoteRunState::Finished:
      return "finished";
    case RemoteRunState::Stopped:
      return "stopped";
    case RemoteRunState::Failed:
      return "failed";
  }
  return "failed";
}

std::optional<RemoteRunState> parse_remote_run_state(std::string_view text) {
  for (RemoteRunState state : {RemoteRunState::Running, RemoteRunState::Finished,
                               RemoteRunState::Stopped, RemoteRunState::Failed}) {
    if (to_string(state) == text) return state;
  }
  return std::nullopt;
}

std::string RemoteRun::remote_run_folder() const {
  return job.job_folder + "/" + job.run_folder;
}

std::filesystem::path remote_run_file(const std::filesystem::path& mirror_folder) {
  return mirror_folder / kRemoteRunFile;
}

Result<RemoteRun> load_remote_run(const std::filesystem::path& mirror_folder) {
  const std::filesystem::path file = remote_run_file(mirror_folder);
  std::ifstream in(file, std::ios::binary);
  if (!in) return Error::in_file(file.string(), "cannot be read: is this a remote run's folder?");
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("format") || json["format"] != kRemoteRunFormat) {
    return Error::in_file(file.string(), "not a ConvStudio remote run record");
  }
  RemoteRun run;
  std::vector<Error> errors;
  JsonFields fields(json, "remote", errors);
  fields.skip("format");
  if (const Json* target = fields.object("target")) {
    run.target = target_from_json(*target, fields.field("target"), errors);
  }
  if (const Json* job = fields.object("job")) {
    run.job = job_from_json(*job, fields.field("job"), errors);
  }
  fields.read_enum<RemoteLaunch>("launch", run.launch, parse_launch, "direct, slurm");
  fields.read("pid", run.pid, 0, std::int64_t{1} << 40);
  fields.read("job_id", run.job_id);
  fields.read_enum<RemoteRunState>("state", run.state, parse_remote_run_state,
                                   "running, finished, stopped, failed");
  fields.read("stop_requested", run.stop_requested);
  fields.read("checkpoints_fetched", run.checkpoints_fetched);
  fields.finish();
  if (!errors.empty()) {
    Error first = errors.front();
    first.file = file.string();
    return first;
  }
  run.mirror_folder = mirror_folder.string();
  return run;
}

std::optional<Error> save_remote_run(const RemoteRun& run) {
  const Json json{{"format", kRemoteRunFormat},
                  {"target", target_json(run.target)},
                  {"job",
                   {{"name", run.job.name},
                    {"job_folder", run.job.job_folder},
                    {"project", run.job.project},
                    {"run_folder", run.job.run_folder},
                    {"train_arguments", run.job.train_arguments}}},
                  {"launch", to_string(run.launch)},
                  {"pid", run.pid},
                  {"job_id", run.job_id},
                  {"state", to_string(run.state)},
                  {"stop_requested", run.stop_requested},
                  {"checkpoints_fetched", run.checkpoints_fetched}};
  return write_file_atomically(remote_run_file(run.mirror_folder), json.dump(2) + "\n");
}

}  // namespace convstudio
