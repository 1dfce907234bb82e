#include "profile_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/train/step_profile.h"
#include "exit_codes.h"
#include "tuning_project.h"

namespace convstudio::cli {
namespace {

struct ProfileCommandOptions {
  std::string file;
  SettingFlags overrides;
  ProfileOptions profile;
  std::string trace;
  bool json = false;
};

double mib(std::int64_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

nlohmann::json profile_json(const StepProfile& profile) {
  nlohmann::json blocks = nlohmann::json::array();
  for (const BlockProfile& b : profile.blocks) {
    blocks.push_back({{"block", b.block_id},
                      {"type", b.type},
                      {"forward_ms", b.forward_ms},
                      {"backward_ms", b.backward_ms},
                      {"kept_bytes", b.kept_bytes},
                      {"estimated_kept_bytes", b.estimated_kept_bytes},
                      {"flops", b.flops},
                      {"flops_per_second", b.flops_per_second},
                      {"share", b.share}});
  }
  nlohmann::json stages = nlohmann::json::array();
  for (const StageProfile& s : profile.stages) {
    stages.push_back({{"stage", to_string(s.kind)}, {"ms", s.ms}, {"share", s.share}});
  }
  const BlockProfile* hottest = profile.hottest();
  return {{"device", profile.device},
          {"precision", profile.precision},
          {"timer", profile.timer},
          {"batch_size", profile.batch_size},
          {"steps", profile.steps},
          {"step_ms", profile.step_ms},
          {"rows_ms", profile.rows_ms()},
          {"wall_step_ms", profile.wall_step_ms},
          {"plain_step_ms", profile.plain_step_ms},
          {"peak_bytes", profile.peak_bytes},
          {"forward_peak_bytes", profile.peak_by_part.forward_bytes},
          {"backward_peak_bytes", profile.peak_by_part.backward_bytes},
          {"optimizer_peak_bytes", profile.peak_by_part.optimizer_bytes},
          {"estimated_bytes", profile.estimated_bytes},
          {"estimated_peak_at", profile.estimated_peak_at},
          {"peak_bytes_without_recompute", profile.peak_bytes_without_recompute},
          {"estimated_bytes_without_recompute", profile.estimated_bytes_without_recompute},
          {"hottest", hottest != nullptr ? nlohmann::json(hottest->block_id) : nlohmann::json()},
          {"blocks", blocks},
          {"stages", stages}};
}

std::string format(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// The table, slowest first; blocks that take no time and keep nothing (Input, Flatten) last.
void print_table(const StepProfile& profile, std::ostream& out) {
  std::vector<const BlockProfile*> rows;
  for (const BlockProfile& b : profile.blocks) rows.push_back(&b);
  std::stable_sort(rows.begin(), rows.end(), [](const BlockProfile* a, const BlockProfile* b) {
    return a->total_ms() > b->total_ms();
  });
  std::size_t id_width = 10;
  for (const BlockProfile* b : rows) id_width = std::max(id_width, b->block_id.size());
  const auto pad = [](std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
  };
  const auto right = [](const std::string& text, std::size_t width) {
    return text.size() < width ? std::string(width - text.size(), ' ') + text : text;
  };
  out << pad("block", id_width) << "  " << pad("type", 16) << right("fwd ms", 9)
      << right("bwd ms", 9) << right("kept MiB", 10) << right("est. MiB", 10) << right("GFLOP/s", 9)
      << right("share", 8) << "\n";
  for (const BlockProfile* b : rows) {
    out << pad(b->block_id, id_width) << "  " << pad(b->type, 16)
        << right(format("%.3f", b->forward_ms), 9) << right(format("%.3f", b->backward_ms), 9)
        << right(format("%.2f", mib(b->kept_bytes)), 10)
        << right(format("%.2f", mib(b->estimated_kept_bytes)), 10)
        << right(b->flops_per_second > 0 ? format("%.1f", b->flops_per_second / 1e9) : "-", 9)
        << right(format("%.1f%%", 100 * b->share), 8) << "\n";
  }
  for (const StageProfile& s : profile.stages) {
    out << pad("(" + to_string(s.kind) + ")", id_width + 18) << right(format("%.3f", s.ms), 9)
        << right("", 9) << right("", 10) << right("", 10) << right("", 9)
        << right(format("%.1f%%", 100 * s.share), 8) << "\n";
  }
  out << pad("step", id_width + 18) << right(format("%.3f", profile.step_ms), 9) << "   ("
      << format("%.3f", profile.rows_ms()) << " ms in the rows above; " << profile.steps
      << " steps of batch " << profile.batch_size << " on " << profile.device << ", "
      << profile.precision << ", " << profile.timer << ")\n";
  out << "memory at the step's peak: " << format("%.1f", mib(profile.peak_bytes))
      << " MiB measured, " << format("%.1f", mib(profile.estimated_bytes))
      << " MiB estimated by the builder (at the " << profile.estimated_peak_at << ")\n";
  const MeasuredPeaks& parts = profile.peak_by_part;
  if (parts.forward_bytes > 0) {
    out << "measured peak by part: forward " << format("%.1f", mib(parts.forward_bytes))
        << " MiB, backward " << format("%.1f", mib(parts.backward_bytes)) << " MiB, optimizer step "
        << format("%.1f", mib(parts.optimizer_bytes)) << " MiB\n";
  }
  if (profile.peak_bytes_without_recompute > 0) {
    out << "without recomputing: " << format("%.1f", mib(profile.peak_bytes_without_recompute))
        << " MiB measured, " << format("%.1f", mib(profile.estimated_bytes_without_recompute))
        << " MiB estimated; recomputing saves "
        << format("%.1f", mib(profile.peak_bytes_without_recompute - profile.peak_bytes))
        << " MiB measured, "
        << format("%.1f", mib(profile.estimated_bytes_without_recompute - profile.estimated_bytes))
        << " MiB estimated\n";
  }
  if (profile.plain_step_ms > 0) {
    out << "a step without the profiler: " << format("%.3f", profile.plain_step_ms)
        << " ms; profiled: " << format("%.3f", profile.wall_step_ms) << " ms\n";
  }
}

int run_profile(const ProfileCommandOptions& o) {
  std::optional<Project> project = load_tuning_project(o.file, o.overrides);
  if (!project) return kExitUsageError;
  ProfileOptions options = o.profile;
  options.project = *project;
  options.start_weights = ProjectFile::weights_file(options.project, o.file).string();
  const bool tty = isatty(STDERR_FILENO) != 0;
  const InterruptWatch interrupt;
  const StepProfile profile = profile_training(options, [&](std::int64_t step, std::int64_t steps) {
    if (tty) std::cerr << "\rprofile: step " << step << "/" << steps << "   " << std::flush;
    return !interrupt.requested();
  });
  if (tty) std::cerr << "\n";
  if (profile.error) {
    std::cerr << "error: " << profile.error->describe() << "\n";
    const Error& e = *profile.error;
    const bool placed = !e.field.empty() || !e.block_id.empty() || !e.file.empty();
    return placed ? kExitUsageError : kExitFailure;
  }
  if (profile.cancelled) {
    std::cerr << "profile: cancelled\n";
    return kExitFailure;
  }
  if (!o.trace.empty()) {
    if (std::optional<Error> problem = write_file_atomically(o.trace, chrome_trace_json(profile))) {
      std::cerr << "error: " << problem->describe() << "\n";
      return kExitFailure;
    }
    std::cerr << "wrote the trace to " << o.trace
              << " (open it in ui.perfetto.dev or chrome://tracing)\n";
  }
  if (o.json) {
    std::cout << profile_json(profile).dump() << std::endl;
  } else {
    print_table(profile, std::cout);
  }
  return kExitOk;
}

}  // namespace

void add_profile_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ProfileCommandOptions>();
  auto* c = app.add_subcommand(
      "profile",
      "Measure a few training steps block by block: forward and backward time, activation "
      "memory kept for backward, FLOP/s and share of the step (weights are not saved)");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--steps", o->profile.steps, "Measured steps (the figures are their means)")
      ->capture_default_str();
  c->add_option("--warmup", o->profile.warmup, "Steps run first and not measured")
      ->capture_default_str();
  add_tuning_overrides(c, o->overrides, false);
  c->add_option("--trace", o->trace,
                "Write the measured steps as a Chrome trace (JSON) for Perfetto or "
                "chrome://tracing");
  c->add_flag("--json", o->json, "Print the figures as one JSON object instead of the table");
  c->callback([o, &exit_code] { exit_code = run_profile(*o); });
}

}  // namespace convstudio::cli
