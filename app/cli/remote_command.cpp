#include "remote_command.h"

#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "convstudio/remote/remote_training.h"
#include "convstudio/remote/targets_file.h"
#include "exit_codes.h"
#include "remote_follow.h"

namespace convstudio::cli {
namespace {

struct SubmitOptions {
  std::string project;
  std::string target;
  bool sbatch = false;
  std::string script_file;
  bool print_script = false;
  bool follow = false;
  std::string data_on_remote;
  std::string out;
  std::vector<std::string> train_arguments;
};

int print_problem(const Error& error) {
  std::cerr << "error: " << error.describe() << "\n";
  return kExitUsageError;
}

int run_submit(const SubmitOptions& o) {
  const std::filesystem::path file = default_targets_file();
  Result<std::vector<RemoteTarget>> targets = load_targets(file);
  if (!targets) return print_problem(targets.error());
  Result<RemoteTarget> target = find_target(targets.value(), o.target, file);
  if (!target) return print_problem(target.error());
  SubmitRequest request;
  request.project_file = o.project;
  request.slurm = o.sbatch || !o.script_file.empty() || target.value().slurm.has_value();
  request.data_on_remote = o.data_on_remote;
  request.train_arguments = o.train_arguments;
  request.mirror_folder = o.out;
  if (!o.script_file.empty()) {
    std::ifstream in(o.script_file, std::ios::binary);
    if (!in) return print_problem(Error::in_file(o.script_file, "cannot be read"));
    request.script = std::string{std::istreambuf_iterator<char>(in), {}};
  }
  Result<SubmitPlan> plan = plan_submission(target.value(), request);
  if (!plan) return print_problem(plan.error());
  if (o.print_script) {
    std::cout << (plan.value().script.empty() ? "(no sbatch script: a direct run)\n"
                                              : plan.value().script);
    return kExitOk;
  }
  Result<RemoteRun> run = submit_remote_run(target.value(), request, plan.value());
  if (!run) return print_problem(run.error());
  const RemoteRun& started = run.value();
  std::cout << "submitted to " << started.target.name << " as "
            << (started.launch == RemoteLaunch::Slurm ? "SLURM job " + started.job_id
                                                      : "process " + std::to_string(started.pid))
            << " in " << started.job.job_folder << "\nmirror: " << started.mirror_folder
            << std::endl;
  if (!o.follow) return kExitOk;
  return follow_remote_run(run.value());
}

// RUN: the mirror folder submit printed.
int with_run(const std::string& folder, int (*action)(RemoteRun&)) {
  Result<RemoteRun> run = load_remote_run(folder);
  if (!run) return print_problem(run.error());
  return action(run.value());
}

int status(RemoteRun& run) {
  Result<MirrorStep> step = mirror_remote_run(run);
  if (!step) return print_problem(step.error());
  if (step.value().connection_lost) {
    std::cout << "unreachable: " << step.value().problem << "\n";
    return kExitFailure;
  }
  std::cout << to_string(run.state) << "\n";
  return kExitOk;
}

int stop(RemoteRun& run) {
  if (run.ended()) {
    std::cout << "already " << to_string(run.state) << "\n";
    return kExitOk;
  }
  if (auto error = stop_remote_run(run)) return print_problem(*error);
  std::cout << "stop sent ("
            << (run.launch == RemoteLaunch::Slurm
                    ? "scancel " + run.job_id
                    : "SIGTERM to process group " + std::to_string(run.pid))
            << ")\n";
  return kExitOk;
}

int fetch(RemoteRun& run) {
  if (auto error = fetch_remote_run(run)) return print_problem(*error);
  std::cout << "fetched into " << run.mirror_folder << "\n";
  return kExitOk;
}

}  // namespace

void add_submit_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SubmitOptions>();
  auto* c = app.add_subcommand(
      "submit",
      "Train a project on a remote target (see `targets`): copy it, start it there "
      "(directly or through sbatch), and optionally follow it here");
  c->add_option("file", o->project, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("train_arguments", o->train_arguments,
                "After --: more `train` flags for the remote run (--max-steps 100 …)");
  c->add_option("--target", o->target, "The target's name")->required();
  c->add_flag("--sbatch", o->sbatch, "Through SLURM's sbatch (default when the target has SLURM)");
  c->add_option("--script", o->script_file,
                "Submit this sbatch script (edited from --print-script's) instead")
      ->check(CLI::ExistingFile);
  c->add_flag("--print-script", o->print_script, "Print the sbatch script and submit nothing");
  c->add_flag("--follow", o->follow, "Follow the run here to its end");
  c->add_option("--data-on-remote", o->data_on_remote,
                "The data's path on the remote (nothing is copied)");
  c->add_option("--out", o->out, "Local mirror folder (default: FILE.runs/TARGET-DATE-TIME)");
  c->callback([o, &exit_code] { exit_code = run_submit(*o); });
}

void add_remote_command(CLI::App& app, int& exit_code) {
  auto* remote = app.add_subcommand("remote", "A submitted remote run, by its mirror folder");
  remote->require_subcommand(1);
  const std::pair<const char*, const char*> actions[] = {
      {"follow", "Follow it to its end (reconnecting when the link drops)"},
      {"status", "Bring its folder up to date and print its state"},
      {"stop", "Stop it: SIGTERM to its process group, or scancel (a checkpoint is written)"},
      {"fetch", "Bring its whole folder here now, checkpoints included"}};
  for (const auto& [name, help] : actions) {
    auto folder = std::make_shared<std::string>();
    auto* c = remote->add_subcommand(name, help);
    c->add_option("run", *folder, "The run's local mirror folder")->required();
    const std::string action = name;
    c->callback([folder, action, &exit_code] {
      if (action == "follow") exit_code = with_run(*folder, follow_remote_run);
      if (action == "status") exit_code = with_run(*folder, status);
      if (action == "stop") exit_code = with_run(*folder, stop);
      if (action == "fetch") exit_code = with_run(*folder, fetch);
    });
  }
}

}  // namespace convstudio::cli
