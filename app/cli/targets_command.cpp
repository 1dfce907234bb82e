#include "targets_command.h"

#include <iostream>
#include <memory>

#include "convstudio/remote/targets_file.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

struct TargetOptions {
  RemoteTarget target;
  bool slurm = false;
  SlurmSettings slurm_settings;
  bool replace = false;
};

int print_problem(const Error& error) {
  std::cerr << "error: " << error.describe() << "\n";
  return kExitUsageError;
}

int add_target(const TargetOptions& options) {
  const std::filesystem::path file = default_targets_file();
  Result<std::vector<RemoteTarget>> targets = load_targets(file);
  if (!targets) return print_problem(targets.error());
  RemoteTarget target = options.target;
  if (options.slurm) target.slurm = options.slurm_settings;
  if (auto problem = target_problem(target)) return print_problem(*problem);
  std::vector<RemoteTarget>& list = targets.value();
  auto same = std::find_if(list.begin(), list.end(),
                           [&](const RemoteTarget& t) { return t.name == target.name; });
  if (same != list.end() && !options.replace) {
    std::cerr << "error: " << file.string() << ": a target named '" << target.name
              << "' is there already (--replace changes it)\n";
    return kExitUsageError;
  }
  if (same != list.end()) {
    *same = target;
  } else {
    list.push_back(target);
  }
  if (auto error = save_targets(file, list)) return print_problem(*error);
  std::cout << "target '" << target.name << "' saved in " << file.string() << "\n";
  return kExitOk;
}

int list_targets() {
  const std::filesystem::path file = default_targets_file();
  Result<std::vector<RemoteTarget>> targets = load_targets(file);
  if (!targets) return print_problem(targets.error());
  for (const RemoteTarget& target : targets.value()) {
    std::cout << target.name << "\t" << target.destination
              << (target.port != 0 ? ":" + std::to_string(target.port) : "") << "\t"
              << target.work_folder;
    if (target.slurm) {
      std::cout << "\tslurm " << target.slurm->nodes << "x" << target.slurm->ranks_per_node
                << (target.slurm->partition.empty() ? "" : " on " + target.slurm->partition);
    }
    std::cout << "\n";
  }
  if (targets.value().empty()) std::cout << "no targets in " << file.string() << "\n";
  return kExitOk;
}

int remove_target(const std::string& name) {
  const std::filesystem::path file = default_targets_file();
  Result<std::vector<RemoteTarget>> targets = load_targets(file);
  if (!targets) return print_problem(targets.error());
  if (auto found = find_target(targets.value(), name, file); !found) {
    return print_problem(found.error());
  }
  std::erase_if(targets.value(), [&](const RemoteTarget& t) { return t.name == name; });
  if (auto error = save_targets(file, targets.value())) return print_problem(*error);
  std::cout << "target '" << name << "' removed\n";
  return kExitOk;
}

void add_add_command(CLI::App& targets, int& exit_code) {
  auto o = std::make_shared<TargetOptions>();
  auto* c = targets.add_subcommand("add", "Add a target (an SSH host with ConvStudio installed)");
  c->add_option("name", o->target.name, "The target's name")->required();
  c->add_option("destination", o->target.destination,
                "As you would write it for ssh: host, user@host or a ~/.ssh/config Host")
      ->required();
  c->add_option("--port", o->target.port, "ssh port (default: ssh's own choice)")
      ->check(CLI::Range(1, 65535));
  c->add_option("--ssh-config", o->target.ssh_config, "An ssh config file (ssh -F)");
  c->add_option("--cli", o->target.cli, "convstudio-cli on the remote")->default_str(o->target.cli);
  c->add_option("--work-folder", o->target.work_folder,
                "Where submitted runs live on the remote (relative: its home)")
      ->default_str(o->target.work_folder);
  c->add_option("--data-path", o->target.data_path,
                "The data on the remote (its dataset.path there); default: copy the local data");
  c->add_flag("--slurm", o->slurm, "Submit through SLURM's sbatch by default");
  c->add_option("--partition", o->slurm_settings.partition, "SLURM partition");
  c->add_option("--nodes", o->slurm_settings.nodes, "SLURM nodes")->check(CLI::Range(1, 100000));
  c->add_option("--ranks-per-node", o->slurm_settings.ranks_per_node,
                "Worker processes per node (one per GPU, or CPU ranks)")
      ->check(CLI::Range(1, 1024));
  c->add_option("--gpus-per-node", o->slurm_settings.gpus_per_node, "GPUs per node (--gres)")
      ->check(CLI::Range(0, 1024));
  c->add_option("--time", o->slurm_settings.time_limit, "SLURM time limit (e.g. 02:00:00)");
  c->add_option("--sbatch-line", o->slurm_settings.extra_lines,
                "One more \"#SBATCH ...\" line (repeatable)");
  c->add_flag("--replace", o->replace, "Replace a target of the same name");
  c->callback([o, &exit_code] { exit_code = add_target(*o); });
}

}  // namespace

void add_targets_command(CLI::App& app, int& exit_code) {
  auto* targets = app.add_subcommand(
      "targets",
      "Remote targets for `submit` (kept in $XDG_CONFIG_HOME/convstudio/targets.json, "
      "or $CONVSTUDIO_TARGETS)");
  targets->require_subcommand(1);
  add_add_command(*targets, exit_code);
  targets->add_subcommand("list", "List the targets")->callback([&exit_code] {
    exit_code = list_targets();
  });
  auto name = std::make_shared<std::string>();
  auto* remove = targets->add_subcommand("remove", "Remove a target");
  remove->add_option("name", *name, "The target's name")->required();
  remove->callback([name, &exit_code] { exit_code = remove_target(*name); });
}

}  // namespace convstudio::cli
