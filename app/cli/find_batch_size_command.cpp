#include "find_batch_size_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iomanip>
#include <iostream>
#include <memory>

#include "byte_size.h"
#include "convstudio/model/units.h"
#include "convstudio/train/batch_size_finder.h"
#include "exit_codes.h"
#include "tuning_project.h"

namespace convstudio::cli {
namespace {

struct FindBatchSizeOptions {
  std::string file;
  SettingFlags overrides;
  BatchSizeFinderOptions finder;
  std::string memory_budget;
  std::string apply;  // "", "largest" or "fastest"
};

nlohmann::json result_json(const BatchSizeResult& result) {
  nlohmann::json trials = nlohmann::json::array();
  for (const BatchSizeTrial& t : result.trials) {
    trials.push_back({{"batch_size", t.batch_size},
                      {"fits", t.fits},
                      {"out_of_memory", t.out_of_memory},
                      {"predicted", t.predicted},
                      {"peak_bytes", t.peak_bytes},
                      {"samples_per_second", t.samples_per_second}});
  }
  return {{"largest_batch", result.largest_batch},
          {"reached_limit", result.reached_limit},
          {"fastest_batch", result.fastest_batch},
          {"fastest_samples_per_second", result.fastest_samples_per_second},
          {"device", result.device},
          {"capacity_bytes", result.capacity_bytes},
          {"limit_bytes", result.limit_bytes},
          {"cancelled", result.cancelled},
          {"trials", trials}};
}

void print_trial(const BatchSizeTrial& t) {
  std::cerr << "batch " << std::setw(6) << t.batch_size << "  ";
  if (t.out_of_memory) {
    std::cerr << "out of memory\n";
  } else if (t.predicted) {
    std::cerr << "not tried: would need about " << format_bytes(t.peak_bytes) << "\n";
  } else {
    std::cerr << format_bytes(t.peak_bytes) << (t.fits ? "" : " (over the limit)") << ", "
              << static_cast<std::int64_t>(t.samples_per_second) << " samples/s\n";
  }
}

int run_find_batch_size(const FindBatchSizeOptions& o) {
  std::optional<Project> project = load_tuning_project(o.file, o.overrides);
  if (!project) return kExitUsageError;
  BatchSizeFinderOptions options = o.finder;
  options.project = *project;
  if (!o.memory_budget.empty()) {
    const std::optional<std::int64_t> budget = parse_byte_size(o.memory_budget);
    if (!budget || *budget <= 0) {
      std::cerr << "error: --memory-budget " << o.memory_budget
                << ": expected a size such as 2G or 500M\n";
      return kExitUsageError;
    }
    options.memory_budget_bytes = static_cast<std::uint64_t>(*budget);
  }
  const InterruptWatch interrupt;
  const BatchSizeResult result = find_batch_size(options, [&](const BatchSizeTrial& trial) {
    print_trial(trial);
    return !interrupt.requested();
  });
  if (result.error) {
    std::cerr << "error: " << result.error->describe() << "\n";
    const Error& e = *result.error;
    return e.field.empty() && e.block_id.empty() && e.file.empty() ? kExitFailure : kExitUsageError;
  }
  std::cerr << "memory limit on " << result.device << ": " << format_bytes(result.limit_bytes)
            << " (" << format_bytes(result.capacity_bytes) << " less a "
            << options.safety_margin * 100 << "% margin)\n";
  if (result.largest_batch > 0) {
    if (result.reached_limit) {
      // Not the device's limit: the search stopped at its own (--max-batch).
      std::cerr << "batch " << result.largest_batch
                << " fits (the finder's upper limit, --max-batch; larger was not tried)\n";
    } else {
      std::cerr << "largest batch that fits: " << result.largest_batch << "\n";
    }
    std::cerr << "fastest batch: " << result.fastest_batch << " ("
              << static_cast<std::int64_t>(result.fastest_samples_per_second) << " samples/s)\n";
  } else {
    std::cerr << "not even batch " << options.start_batch << " fits\n";
  }
  std::cout << result_json(result).dump() << std::endl;
  if (!o.apply.empty() && result.largest_batch > 0 && !result.cancelled) {
    std::optional<Project> saved = load_tuning_project(o.file, {});
    if (!saved) return kExitFailure;
    saved->training.batch_size = o.apply == "largest" ? result.largest_batch : result.fastest_batch;
    if (!save_tuning_project(*saved, o.file)) return kExitFailure;
    std::cerr << "wrote training.batch_size = " << saved->training.batch_size << " into " << o.file
              << "\n";
  }
  if (result.cancelled) return kExitFailure;
  return result.largest_batch > 0 ? kExitOk : kExitFailure;
}

}  // namespace

void add_find_batch_size_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<FindBatchSizeOptions>();
  auto* c = app.add_subcommand(
      "find-batch-size",
      "The largest batch that fits the device with a safety margin, and the fastest batch, by "
      "trial steps on synthetic data");
  c->add_option("file", o->file, "Project file (*.convstudio)")
      ->required()
      ->check(CLI::ExistingFile);
  c->add_option("--memory-budget", o->memory_budget,
                "CPU: memory the steps may take, such as 2G (default: half the memory available)");
  c->add_option("--margin", o->finder.safety_margin, "Share of the memory kept free")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 0.9));
  c->add_option("--start-batch", o->finder.start_batch, "First batch size tried")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  c->add_option("--max-batch", o->finder.max_batch, "Largest batch size tried")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  c->add_option("--timed-steps", o->finder.timed_steps, "Timed steps per batch size")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  add_tuning_overrides(c, o->overrides, false);
  c->add_option("--apply", o->apply, "Write the largest or the fastest batch into the project")
      ->check(CLI::IsMember({"largest", "fastest"}));
  c->callback([o, &exit_code] { exit_code = run_find_batch_size(*o); });
}

}  // namespace convstudio::cli
