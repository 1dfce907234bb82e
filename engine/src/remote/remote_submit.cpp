// Submitting a run to a remote target: plan, copy, start (remote_training.h).

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <ctime>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/remote/remote_training.h"
#include "convstudio/remote/shell_words.h"
#include "convstudio/remote/ssh_commands.h"
#include "convstudio/runs/run_recorder.h"
#include "remote_calls.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Letters, digits, '.', '_' and '-': safe in a job name, an #SBATCH line and a folder name.
std::string plain_name(const std::string& text) {
  std::string name;
  for (const char c : text) {
    const bool plain =
        std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
    name += plain ? c : '_';
  }
  while (!name.empty() && (name.front() == '.' || name.front() == '-')) name.erase(0, 1);
  return name.empty() ? std::string("run") : name;
}

std::string utc_stamp() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y%m%d-%H%M%S", &parts);
  return text;
}

// The data to copy: the folder holding it (a CSV file's folder, or the data folder) and the
// dataset.path the remote project gets. Nothing when the path is empty (the built-in set).
struct DataCopy {
  fs::path folder;
  std::string remote_path;
};

Result<std::optional<DataCopy>> data_to_copy(const std::string& path, const fs::path& project) {
  if (path.empty()) return std::optional<DataCopy>{};
  std::error_code ec;
  const fs::path local = fs::absolute(path, ec).lexically_normal();
  if (fs::is_regular_file(local, ec)) {
    const fs::path folder = local.parent_path();
    return std::optional<DataCopy>{
        DataCopy{folder, "data/" + folder.filename().string() + "/" + local.filename().string()}};
  }
  if (fs::is_directory(local, ec)) {
    const fs::path folder = local.has_filename() ? local : local.parent_path();
    return std::optional<DataCopy>{DataCopy{folder, "data/" + folder.filename().string()}};
  }
  return Error::at_field(project.string(), "dataset.path",
                         "'" + path +
                             "' is not here to be copied to the remote; give the data's "
                             "path there instead (--data-on-remote)");
}

// The staging folder with the project as the remote will read it (and its weights, and the
// sbatch script).
Result<fs::path> stage_project(const SubmitRequest& request, const SubmitPlan& plan,
                               Project project) {
  std::string pattern = (fs::temp_directory_path() / "convstudio-submit-XXXXXX").string();
  if (mkdtemp(pattern.data()) == nullptr) {
    return Error::in_file(pattern, "cannot create a staging folder");
  }
  const fs::path staging = pattern;
  Result<Project> saved =
      ProjectFile::save_as(std::move(project), request.project_file, staging / plan.job.project);
  if (!saved) return saved.error();
  if (!plan.script.empty()) {
    const std::string script = request.script.value_or(plan.script);
    if (auto error = write_file_atomically(staging / "job.sbatch", script)) return *error;
  }
  return staging;
}

Result<RemoteRun> start_run(const SshCommands& ssh, const SubmitPlan& plan, RemoteRun run) {
  const std::string folder = shell_quote(plan.job.job_folder);
  if (plan.script.empty()) {
    // Its own session (setsid), so Stop can signal the whole group and a dropped link cannot
    // hang it up; nohup and the redirections keep it off the ssh session's terminal and pipes.
    const std::string script = "cd " + folder + " && setsid nohup " +
                               shell_command(train_words(run.target, plan.job)) +
                               " > train.log 2>&1 < /dev/null & echo $!";
    Result<ProcessOutput> started =
        remote_call(ssh.ssh_script(script), "starting the run", run.target.destination);
    if (!started) return started.error();
    run.pid = std::atoll(started.value().out.c_str());
    if (run.pid <= 0) return Error::without_place("the remote did not give the run's process id");
    run.launch = RemoteLaunch::Direct;
    return run;
  }
  Result<ProcessOutput> submitted =
      remote_call(ssh.ssh_script("cd " + folder + " && sbatch --parsable job.sbatch"), "sbatch",
                  run.target.destination);
  if (!submitted) return submitted.error();
  const std::string& out = submitted.value().out;
  run.job_id = out.substr(0, out.find_first_of(";\n"));
  if (run.job_id.empty()) return Error::without_place("sbatch did not give a job id: " + out);
  run.launch = RemoteLaunch::Slurm;
  return run;
}

}  // namespace

Result<SubmitPlan> plan_submission(const RemoteTarget& target, const SubmitRequest& request) {
  if (auto problem = target_problem(target)) return *problem;
  SubmitPlan plan;
  const std::string stamp = utc_stamp();
  const std::string stem = plain_name(request.project_file.stem().string());
  plan.job.name = stem + "-" + stamp;
  plan.job.job_folder = target.work_folder + "/" + plan.job.name;
  plan.job.project = stem + ProjectFile::kExtension;
  plan.job.run_folder = "run";
  plan.job.train_arguments = request.train_arguments;
  plan.mirror_folder = request.mirror_folder.empty() ? runs_folder(request.project_file) /
                                                           (plain_name(target.name) + "-" + stamp)
                                                     : request.mirror_folder;
  if (request.slurm) {
    plan.script = sbatch_script(target, target.slurm.value_or(SlurmSettings{}), plan.job);
  }
  return plan;
}

Result<RemoteRun> submit_remote_run(const RemoteTarget& target, const SubmitRequest& request,
                                    const SubmitPlan& plan) {
  ProjectLoadResult loaded = ProjectFile::load(request.project_file);
  if (!loaded.ok()) return loaded.errors.front();
  Project project = std::move(*loaded.project);
  const std::string on_remote =
      request.data_on_remote.empty() ? target.data_path : request.data_on_remote;
  std::optional<DataCopy> data;
  if (on_remote.empty()) {
    Result<std::optional<DataCopy>> copy = data_to_copy(project.dataset.path, request.project_file);
    if (!copy) return copy.error();
    data = copy.value();
    if (data) project.dataset.path = data->remote_path;
  } else {
    project.dataset.path = on_remote;
  }
  Result<fs::path> staging = stage_project(request, plan, std::move(project));
  if (!staging) return staging.error();
  const SshCommands ssh(target);
  const std::string& destination = target.destination;
  auto copied = [&]() -> std::optional<Error> {
    const std::string run = plan.job.job_folder + "/" + plan.job.run_folder;
    Result<ProcessOutput> made =
        remote_call(ssh.ssh_script("mkdir -p " + shell_quote(run) + " " +
                                   shell_quote(plan.job.job_folder + "/data")),
                    "creating the job folder", destination);
    if (!made) return made.error();
    Result<ProcessOutput> pushed =
        remote_call(ssh.push(staging.value().string() + "/", plan.job.job_folder + "/"),
                    "copying the project", destination);
    if (!pushed) return pushed.error();
    if (!data) return std::nullopt;
    Result<ProcessOutput> sent =
        remote_call(ssh.push(data->folder.string(), plan.job.job_folder + "/data/"),
                    "copying the data", destination);
    if (!sent) return sent.error();
    return std::nullopt;
  }();
  std::error_code ec;
  fs::remove_all(staging.value(), ec);
  if (copied) return *copied;
  RemoteRun run;
  run.target = target;
  run.job = plan.job;
  run.mirror_folder = plan.mirror_folder.string();
  Result<RemoteRun> started = start_run(ssh, plan, std::move(run));
  if (!started) return started.error();
  fs::create_directories(plan.mirror_folder, ec);
  if (ec) return Error::in_file(plan.mirror_folder.string(), "cannot be created: " + ec.message());
  if (auto error = save_remote_run(started.value())) return *error;
  return started;
}

}  // namespace convstudio
