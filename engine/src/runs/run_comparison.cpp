#include "convstudio/runs/run_comparison.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "convstudio/io/stable_hash.h"
#include "convstudio/model/graph_json.h"
#include "convstudio/runs/training_events.h"
#include "settings_json.h"

namespace convstudio {
namespace {

// A setting's value as the user reads it: strings without JSON's quotes.
std::string value_text(const nlohmann::ordered_json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

void flatten(const nlohmann::ordered_json& settings, const std::string& prefix,
             std::vector<std::pair<std::string, std::string>>& out) {
  for (const auto& [name, value] : settings.items()) {
    if (value.is_object()) {
      flatten(value, prefix + name + ".", out);
    } else {
      out.emplace_back(prefix + name, value_text(value));
    }
  }
}

std::string number_text(const std::optional<double>& figure) {
  if (!figure) return {};
  char buffer[32];
  const auto end = std::to_chars(buffer, buffer + sizeof buffer, *figure).ptr;
  return std::string(buffer, end);
}

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

using NamedValues = std::vector<std::pair<std::string, std::string>>;

std::string value_of(const NamedValues& list, const std::string& name) {
  const auto found = std::find_if(list.begin(), list.end(),
                                  [&](const auto& entry) { return entry.first == name; });
  return found == list.end() ? std::string() : found->second;
}

// The origin facts whose values differ between the runs that recorded an origin (older runs
// have none: they neither differ nor agree).
std::vector<std::string> differing_origin_facts(const std::vector<RecordedRun>& runs) {
  std::vector<std::string> names;
  const auto first = std::find_if(runs.begin(), runs.end(),
                                  [](const RecordedRun& run) { return !run.origin.empty(); });
  if (first == runs.end()) return names;
  for (const auto& entry : first->origin) {
    const bool differs = std::any_of(runs.begin(), runs.end(), [&](const RecordedRun& run) {
      return !run.origin.empty() && value_of(run.origin, entry.first) != entry.second;
    });
    if (differs) names.push_back(entry.first);
  }
  return names;
}

}  // namespace

std::string graph_version(const Graph& graph) {
  nlohmann::ordered_json json = GraphJson::to_json(graph);
  // Where a block sits on the canvas is not part of the network.
  for (auto& block : json["blocks"]) {
    block.erase("x");
    block.erase("y");
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx",
                static_cast<unsigned long long>(StableHash::of(json.dump())));
  return std::string(text, 8);
}

std::vector<std::pair<std::string, std::string>> setting_values(const Project& project) {
  std::vector<std::pair<std::string, std::string>> values;
  flatten(SettingsJson::to_json(project.training, SettingsJson::Keys::Every), "", values);
  flatten(SettingsJson::to_json(project.dataset, SettingsJson::Keys::Every), "dataset.", values);
  return values;
}

RunComparison compare_runs(const std::vector<RecordedRun>& runs) {
  // Every run's settings by name; a run without a readable project has none.
  std::vector<std::vector<std::pair<std::string, std::string>>> values;
  for (const RecordedRun& run : runs) {
    values.push_back(run.project ? setting_values(*run.project)
                                 : std::vector<std::pair<std::string, std::string>>{});
  }
  RunComparison comparison;
  // Every run has the same setting names in the same order (setting_values writes them all), so
  // any readable run's list gives the order.
  const auto named =
      std::find_if(values.begin(), values.end(), [](const auto& list) { return !list.empty(); });
  if (named != values.end()) {
    // Not a structured binding: C++20 lets lambdas capture those, but clang 14 (the fuzz and
    // sanitizer builds) refuses it.
    for (const auto& entry : *named) {
      const bool differs = std::any_of(values.begin(), values.end(), [&](const auto& list) {
        return value_of(list, entry.first) != entry.second;
      });
      if (differs) comparison.settings.push_back(entry.first);
    }
  }
  comparison.origin = differing_origin_facts(runs);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RecordedRun& run = runs[i];
    ComparisonRow row;
    row.run = run.name;
    row.state = run.state;
    row.sweep = run.sweep;
    row.label = run.label;
    row.graph_version = run.graph_version;
    for (const std::string& name : comparison.settings) {
      row.settings.push_back(value_of(values[i], name));
    }
    for (const std::string& name : comparison.origin)
      row.origin.push_back(value_of(run.origin, name));
    row.final_val_accuracy = run.figures.val_accuracy;
    row.final_val_loss = run.figures.val_loss;
    row.best_val_accuracy = run.figures.val_accuracy;
    for (const RecordedEpoch& epoch : run.epochs) {
      if (!std::isfinite(epoch.val_accuracy)) continue;  // not measured
      if (!row.best_val_accuracy || epoch.val_accuracy > *row.best_val_accuracy) {
        row.best_val_accuracy = epoch.val_accuracy;
      }
    }
    row.final_val_balanced_accuracy = run.figures.val_balanced_accuracy;
    row.final_val_macro_f1 = run.figures.val_macro_f1;
    row.final_val_mean_iou = run.figures.val_mean_iou;
    row.best_val_mean_iou = run.figures.best_val_mean_iou;
    for (const RecordedEpoch& epoch : run.epochs) {
      if (epoch.val_class_iou.empty() || !std::isfinite(epoch.val_mean_iou)) continue;
      if (!row.best_val_mean_iou || epoch.val_mean_iou > *row.best_val_mean_iou) {
        row.best_val_mean_iou = epoch.val_mean_iou;
      }
    }
    comparison.has_mean_iou = comparison.has_mean_iou || row.final_val_mean_iou.has_value() ||
                              row.best_val_mean_iou.has_value();
    row.wall_seconds = run.figures.wall_seconds;
    row.samples_per_second = run.figures.samples_per_second;
    row.peak_memory_bytes = run.figures.peak_memory_bytes;
    row.steps = run.figures.steps;
    comparison.rows.push_back(std::move(row));
  }
  return comparison;
}

std::string run_state_word(std::string_view recorded_state) {
  if (recorded_state == to_string(RunState::Cancelled)) return "stopped";
  return std::string(recorded_state);
}

std::string comparison_csv(const RunComparison& comparison) {
  std::vector<std::string> header = {"run", "state", "sweep", "label", "graph_version"};
  header.insert(header.end(), comparison.settings.begin(), comparison.settings.end());
  for (const char* figure : {"final_val_accuracy", "final_val_loss", "best_val_accuracy",
                             "wall_seconds", "samples_per_second", "peak_memory_bytes", "steps",
                             "final_val_balanced_accuracy", "final_val_macro_f1"}) {
    header.emplace_back(figure);
  }
  if (comparison.has_mean_iou) {
    header.emplace_back("final_val_mean_iou");
    header.emplace_back("best_val_mean_iou");
  }
  for (const std::string& fact : comparison.origin) header.push_back("origin." + fact);
  auto line = [](const std::vector<std::string>& fields) {
    std::string text;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i > 0) text += ',';
      text += csv_field(fields[i]);
    }
    return text + "\r\n";
  };
  std::string csv = line(header);
  for (const ComparisonRow& row : comparison.rows) {
    std::vector<std::string> fields = {row.run, run_state_word(row.state), row.sweep, row.label,
                                       row.graph_version};
    fields.insert(fields.end(), row.settings.begin(), row.settings.end());
    for (const auto& figure : {row.final_val_accuracy, row.final_val_loss, row.best_val_accuracy,
                               row.wall_seconds, row.samples_per_second}) {
      fields.push_back(number_text(figure));
    }
    fields.push_back(std::to_string(row.peak_memory_bytes));
    fields.push_back(std::to_string(row.steps));
    fields.push_back(number_text(row.final_val_balanced_accuracy));
    fields.push_back(number_text(row.final_val_macro_f1));
    if (comparison.has_mean_iou) {
      fields.push_back(number_text(row.final_val_mean_iou));
      fields.push_back(number_text(row.best_val_mean_iou));
    }
    fields.insert(fields.end(), row.origin.begin(), row.origin.end());
    csv += line(fields);
  }
  return csv;
}

}  // namespace convstudio
