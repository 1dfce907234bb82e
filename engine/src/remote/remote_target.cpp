#include "convstudio/remote/remote_target.h"

#include <algorithm>

namespace convstudio {
namespace {

bool has_control_character(const std::string& text) {
  return std::any_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

bool has_space(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) { return c == ' ' || c == '\t'; });
}

}  // namespace

std::optional<Error> target_problem(const RemoteTarget& target) {
  const auto problem = [](std::string field, std::string message) {
    return Error::at_field("", std::move(field), std::move(message));
  };
  if (target.name.empty()) return problem("name", "is empty");
  if (target.destination.empty()) return problem("destination", "is empty");
  // ssh would read a leading '-' as one of its options (-oProxyCommand=… runs a command).
  if (target.name.front() == '-') return problem("name", "may not start with '-'");
  if (target.destination.front() == '-') return problem("destination", "may not start with '-'");
  if (has_space(target.destination)) return problem("destination", "may not contain spaces");
  if (target.port < 0 || target.port > 65535) return problem("port", "is not 0..65535");
  if (target.cli.empty()) return problem("cli", "is empty");
  if (target.work_folder.empty()) return problem("work_folder", "is empty");
  const std::pair<const char*, const std::string*> texts[] = {{"name", &target.name},
                                                              {"destination", &target.destination},
                                                              {"ssh_config", &target.ssh_config},
                                                              {"cli", &target.cli},
                                                              {"work_folder", &target.work_folder},
                                                              {"data_path", &target.data_path}};
  for (const auto& [field, text] : texts) {
    if (has_control_character(*text)) return problem(field, "may not contain control characters");
  }
  if (!target.slurm) return std::nullopt;
  const SlurmSettings& slurm = *target.slurm;
  if (slurm.nodes < 1) return problem("slurm.nodes", "must be at least 1");
  if (slurm.ranks_per_node < 1) return problem("slurm.ranks_per_node", "must be at least 1");
  if (slurm.gpus_per_node < 0) return problem("slurm.gpus_per_node", "may not be negative");
  // #SBATCH lines are read by sbatch, not by a shell: a value cannot be quoted there.
  if (has_space(slurm.partition) || has_control_character(slurm.partition)) {
    return problem("slurm.partition", "may not contain spaces or control characters");
  }
  if (has_space(slurm.time_limit) || has_control_character(slurm.time_limit)) {
    return problem("slurm.time_limit", "may not contain spaces or control characters");
  }
  for (std::size_t i = 0; i < slurm.extra_lines.size(); ++i) {
    const std::string& line = slurm.extra_lines[i];
    if (line.rfind("#SBATCH ", 0) != 0 || has_control_character(line)) {
      return problem("slurm.extra_lines[" + std::to_string(i) + "]",
                     "must be one line starting with \"#SBATCH \"");
    }
  }
  return std::nullopt;
}

}  // namespace convstudio
