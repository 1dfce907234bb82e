#include "train_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>

#include "byte_size.h"
#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/checkpoint_path.h"
#include "convstudio/train/checkpoint_evaluation.h"
#include "convstudio/train/trainer.h"
#include "exit_codes.h"
#include "peer_rank_log.h"
#include "recorded_training.h"
#include "setting_flags.h"
#include "worker_launcher.h"

namespace convstudio::cli {
namespace {

struct TrainOptions {
  std::string file;
  SettingFlags settings;
  std::optional<std::string> cache;  // a mode or a budget: two settings in one flag
  std::string out;
  std::string resume;
  // Data-parallel launch (torchrun's flags); the workers read the standard variables.
  // Unset: the project's `processes` (1 unless the studio chose several devices).
  std::optional<int> nproc_per_node;
  int nnodes = 1;
  int node_rank = 0;
  std::optional<std::string> master_addr;
  std::optional<int> master_port;
  std::optional<int> dist_timeout;
  bool no_overlap = false;
};

// argv of this process as it was started (the launcher starts its workers with the same).
std::vector<std::string> own_arguments() {
  std::ifstream file("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> arguments;
  std::string argument;
  while (std::getline(file, argument, '\0')) arguments.push_back(argument);
  return arguments;
}

// The flags first, the variables a launcher set over them (it chose the port, the ranks).
std::optional<DistributedOptions> distributed_options(const TrainOptions& options) {
  DistributedOptions defaults;
  if (options.master_addr) defaults.master_addr = *options.master_addr;
  if (options.master_port) defaults.master_port = *options.master_port;
  if (options.dist_timeout) defaults.timeout_seconds = *options.dist_timeout;
  defaults.overlap = !options.no_overlap;
  Result<DistributedOptions> read =
      distributed_options_from_environment(process_environment(), defaults);
  if (!read) {
    std::cerr << "error: " << read.error().describe() << "\n";
    return std::nullopt;
  }
  return read.value();
}

int launch_workers(const TrainOptions& options, int nproc_per_node) {
  if (options.node_rank >= options.nnodes) {
    std::cerr << "error: --node-rank " << options.node_rank << " is not below --nnodes "
              << options.nnodes << "\n";
    return kExitUsageError;
  }
  if (options.nnodes > 1 && (!options.master_addr || !options.master_port)) {
    std::cerr << "error: --nnodes " << options.nnodes
              << " needs --master-addr and --master-port: the address of node 0 (rank 0 hosts "
                 "the rendezvous there) and a port free on it, the same on every node\n";
    return kExitUsageError;
  }
  LaunchPlan plan;
  plan.nproc_per_node = nproc_per_node;
  plan.nnodes = options.nnodes;
  plan.node_rank = options.node_rank;
  if (options.master_addr) plan.master_addr = *options.master_addr;
  plan.master_port = options.master_port.value_or(0);
  plan.timeout_seconds = options.dist_timeout.value_or(kDefaultDistributedTimeoutSeconds);
  return WorkerLauncher(plan, own_arguments()).run();
}

// Ranks other than 0 keep no record and print no summary: rank 0 speaks for the run.
int run_peer_rank(RunOptions run) {
  PeerRankLog log(run.distributed.rank);
  InterruptCatcher catcher;
  Trainer trainer(std::move(run), &log);
  return exit_code_for(run_cancellable(trainer));
}

// The flags over the project's settings; prints each refused value as the project file would.
bool apply_setting_flags(const SettingFlags& flags, Project& project) {
  const std::vector<Error> errors = flags.apply_to(project);
  for (const Error& error : errors) std::cerr << "error: " << error.describe() << "\n";
  return errors.empty();
}

// The rules the studio checks before Start (check_settings), with the flags applied: warnings
// are printed, errors refuse the run.
bool settings_pass_checks(const TrainOptions& options, Project project, int nproc_per_node) {
  if (!apply_setting_flags(options.settings, project)) return false;
  project.training.processes = nproc_per_node;
  return passes_setting_checks(project);
}

int run_train(const TrainOptions& options) {
  const std::map<std::string, std::string> environment = process_environment();
  const bool launched = environment.contains("RANK") && environment.contains("WORLD_SIZE");
  ProjectLoadResult loaded = ProjectFile::load(options.file);
  if (!loaded.ok()) {
    for (const Error& error : loaded.errors) std::cerr << "error: " << error.describe() << "\n";
    return kExitUsageError;
  }
  // A project the studio set to several devices trains with as many processes here too.
  const int nproc_per_node =
      options.nproc_per_node.value_or(static_cast<int>(loaded.project->training.processes));
  // The launcher checks the settings once for all its workers.
  if (!launched && !settings_pass_checks(options, *loaded.project, nproc_per_node)) {
    return kExitUsageError;
  }
  if (!launched && (nproc_per_node > 1 || options.nnodes > 1)) {
    return launch_workers(options, nproc_per_node);
  }
  const std::optional<DistributedOptions> distributed = distributed_options(options);
  if (!distributed) return kExitUsageError;
  RunOptions run;
  run.project = std::move(*loaded.project);
  if (!apply_setting_flags(options.settings, run.project)) return kExitUsageError;
  if (options.cache) {
    if (auto mode = parse_cache_mode(*options.cache)) {
      run.project.dataset.cache = *mode;
    } else {
      std::optional<std::int64_t> budget = parse_byte_size(*options.cache);
      if (!budget) {
        std::cerr << "error: --cache " << *options.cache
                  << ": expected auto, on, off or a budget such as 2G or 500M\n";
        return kExitUsageError;
      }
      run.project.dataset.cache = CacheMode::Auto;
      run.project.dataset.cache_budget_mb = std::max<std::int64_t>(1, *budget >> 20);
    }
  }
  // "RUN/last.ckpt/" (tab completion's trailing slash) is the checkpoint RUN/last.ckpt.
  const std::filesystem::path resume =
      options.resume.empty() ? std::filesystem::path() : checkpoint_folder(options.resume);
  run.resume_checkpoint = resume.string();
  if (!resume.empty()) {
    // A checkpoint that a crash left moved aside (NAME.ckpt.old-XXXXXX) is put back first (by
    // rank 0 alone in a data-parallel run: the others read what it restores).
    if (distributed->writes_files()) recover_moved_aside(resume);
    std::error_code missing;
    if (!std::filesystem::is_directory(resume, missing)) {
      std::cerr << "error: --resume " << options.resume
                << ": not a checkpoint folder (a checkpoint is a NAME.ckpt folder)\n";
      return kExitUsageError;
    }
  }
  // A resumed run goes on in the folder of its checkpoint unless told otherwise, so its record
  // (run.json, metrics) stays one; its end is the planned one unless a new one is given.
  const std::filesystem::path resume_folder =
      resume.empty() ? std::filesystem::path() : checkpoint_run_folder(resume);
  if (!options.out.empty()) {
    run.out_dir = options.out;
  } else if (!resume.empty()) {
    run.out_dir = resume_folder.string();
  } else {
    run.out_dir = new_run_folder(options.file).string();
  }
  run.new_end = options.settings.given("epochs") || options.settings.given("max_steps");
  std::error_code same_error;
  const bool same_folder =
      !resume.empty() && std::filesystem::equivalent(run.out_dir, resume_folder, same_error);
  run.start_weights = ProjectFile::weights_file(run.project, options.file).string();
  run.distributed = *distributed;
  if (!run.distributed.writes_files()) return run_peer_rank(std::move(run));

  InterruptCatcher catcher;
  return train_and_record(std::move(run),
                          same_folder ? RunRecorder::Start::Resumed : RunRecorder::Start::Fresh)
      .exit_code;
}

int run_evaluate(const std::string& checkpoint, const std::string& data,
                 const std::string& device) {
  const CheckpointEvaluation result = evaluate_checkpoint(checkpoint, data, device);
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    return result.input_error ? kExitUsageError : kExitFailure;
  }
  std::cout << "data: " << result.data_path << " (" << result.samples << " images)\n"
            << "device: " << result.device << "\n"
            << "loss: " << result.loss << "\n"
            << "accuracy: " << result.accuracy << "\n"
            << "confusion matrix (rows: true class, columns: predicted):\n";
  for (std::size_t t = 0; t < result.confusion.size(); ++t) {
    std::cout << "  ";
    for (std::int64_t cell : result.confusion[t]) std::cout << std::setw(6) << cell;
    std::cout << "  " << result.class_names[t] << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_evaluate_command(CLI::App& app, int& exit_code) {
  auto checkpoint = std::make_shared<std::string>();
  auto data = std::make_shared<std::string>();
  auto device = std::make_shared<std::string>("auto");
  auto* c = app.add_subcommand("evaluate", "Loss, accuracy and confusion matrix of a checkpoint");
  c->add_option("checkpoint", *checkpoint, "Checkpoint folder (*.ckpt)")
      ->required()
      ->check(CLI::ExistingDirectory);
  c->add_option("--data", *data, "Evaluate on this IDX or image folder instead");
  c->add_option("--device", *device, "auto, cpu, cuda or cuda:K");
  c->callback([=, &exit_code] { exit_code = run_evaluate(*checkpoint, *data, *device); });
}

void add_train_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TrainOptions>();
  auto* c = app.add_subcommand("train", "Train a project's model on its dataset");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  // Every setting with a flag in the setting table (--lr, --batch-size, --channels-last…); the
  // values are checked by the project file's reader when the command runs (SettingFlags).
  o->settings.add_every(c);
  c->add_option("--cache", o->cache,
                "Decoded-image cache: auto (when the set fits a quarter of the memory), on, "
                "off, or auto with a budget such as 2G");
  c->add_option("--out", o->out,
                "Folder for metrics and checkpoints (default: FILE.runs/DATE-TIME; with --resume, "
                "the checkpoint's folder)");
  // Checked in run_train, after a checkpoint a crash left moved aside is put back.
  c->add_option("--resume", o->resume,
                "Checkpoint folder (*.ckpt) to continue from, to the end the run was planned "
                "with unless --epochs or --max-steps is given; in its folder unless --out is");
  c->add_option("--nproc-per-node", o->nproc_per_node,
                "Data-parallel: worker processes to start on this machine (CPU: Gloo; CUDA: one "
                "GPU each, NCCL); the run's batch is --batch-size per process")
      ->check(CLI::Range(1, static_cast<int>(kMaxProcesses)));
  c->add_option("--nnodes", o->nnodes, "Data-parallel: machines taking part")
      ->check(CLI::Range(1, 4096));
  c->add_option("--node-rank", o->node_rank, "Data-parallel: this machine's place, 0 first")
      ->check(CLI::Range(0, 4095));
  c->add_option("--master-addr", o->master_addr,
                "Data-parallel: address of node 0, where rank 0 hosts the rendezvous (default "
                "127.0.0.1; or MASTER_ADDR)");
  c->add_option("--master-port", o->master_port,
                "Data-parallel: its port (default: a free one for one machine; or MASTER_PORT)")
      ->check(CLI::Range(1, 65535));
  c->add_option("--dist-timeout", o->dist_timeout,
                "Data-parallel: seconds a rank waits for a peer before the run fails naming it "
                "(default 60; or CONVSTUDIO_DIST_TIMEOUT)")
      ->check(CLI::Range(1, 24 * 3600));
  c->add_flag("--no-overlap", o->no_overlap,
              "Data-parallel: all-reduce gradients after backward instead of during it (to "
              "measure what the overlap saves)");
  c->callback([o, &exit_code] { exit_code = run_train(*o); });
}

}  // namespace convstudio::cli
