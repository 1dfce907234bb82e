// PROJECT.runs/studies/ID.json: reading and writing a study's plan (study_plan.h).

#include "convstudio/runs/study_plan.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "convstudio/io/atomic_write.h"
#include "convstudio/model/project_file.h"
#include "convstudio/runs/run_recorder.h"
#include "convstudio/runs/study_fold_groups.h"
#include "versioned_json_file.h"

namespace convstudio {
namespace {

using Json = nlohmann::ordered_json;

constexpr char kStudyFormat[] = "convstudio-study";
constexpr int kStudyVersion = 1;

Json optional_json(const std::optional<std::int64_t>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json trial_json(const StudyTrial& trial) {
  return Json{{"values", trial.values},
              {"label", trial.label},
              {"state", to_string(trial.state)},
              {"queue_id", trial.queue_id},
              {"score", trial.score ? Json(*trial.score) : Json(nullptr)},
              {"refusal", trial.refusal},
              {"fold", trial.fold ? Json(*trial.fold) : Json(nullptr)}};
}

// Reads the plan's fields; a missing or mistyped one throws nlohmann's exception, which the
// caller turns into an error naming the file and `field`.
struct PlanReader {
  const Json& json;
  std::string field;

  const Json& at(const Json& object, const std::string& key, const std::string& path) {
    field = path;
    if (!object.is_object() || !object.contains(key)) throw std::runtime_error("is missing");
    return object.at(key);
  }
  std::optional<std::int64_t> optional_count(const Json& object, const std::string& key) {
    const Json& value = at(object, key, key);
    if (value.is_null()) return std::nullopt;
    return value.get<std::int64_t>();
  }
};

// "pruner" and "folds": absent in plans written before pruning and k-fold studies.
void read_search_options(const Json& json, PlanReader& r, StudyPlan& plan) {
  if (json.contains("pruner")) {
    const Json& pruner = r.at(json, "pruner", "pruner");
    const auto kind = parse_study_pruner(r.at(pruner, "kind", "pruner.kind").get<std::string>());
    if (!kind) throw std::runtime_error("is none of none, median, asha");
    plan.pruner.kind = *kind;
    plan.pruner.eta = r.at(pruner, "eta", "pruner.eta").get<int>();
    plan.pruner.min_resource =
        r.at(pruner, "min_resource", "pruner.min_resource").get<std::int64_t>();
    plan.pruner.startup_trials = r.at(pruner, "startup_trials", "pruner.startup_trials").get<int>();
  }
  if (json.contains("folds")) {
    const Json& folds = r.at(json, "folds", "folds");
    plan.folds = r.at(folds, "k", "folds.k").get<int>();
    plan.stratified_folds = r.at(folds, "stratified", "folds.stratified").get<bool>();
    plan.refit = r.at(folds, "refit", "folds.refit").get<bool>();
  }
}

Result<StudyPlan> plan_from_json(const Json& json, const std::string& file) {
  PlanReader r{json, ""};
  StudyPlan plan;
  try {
    plan.id = r.at(json, "id", "id").get<std::string>();
    const auto sampler = parse_study_sampler(r.at(json, "sampler", "sampler").get<std::string>());
    if (!sampler) throw std::runtime_error("is neither random nor tpe");
    plan.sampler = *sampler;
    plan.seed = r.at(json, "seed", "seed").get<std::uint64_t>();
    plan.trials = r.at(json, "trials", "trials").get<std::int64_t>();
    const Json& spaces = r.at(json, "spaces", "spaces");
    for (std::size_t i = 0; i < spaces.size(); ++i) {
      r.field = "spaces[" + std::to_string(i) + "]";
      Result<StudySpace> space = parse_study_space(spaces[i].get<std::string>());
      if (!space) throw std::runtime_error(space.error().describe());
      plan.spaces.push_back(std::move(space).value());
    }
    const Json& limits = r.at(json, "constraints", "constraints");
    plan.constraints.max_params = r.optional_count(limits, "max_params");
    plan.constraints.max_macs = r.optional_count(limits, "max_macs");
    plan.constraints.max_memory_bytes = r.optional_count(limits, "max_memory_bytes");
    // Absent in plans written before the time limit.
    if (limits.contains("max_minutes") && !limits["max_minutes"].is_null()) {
      r.field = "constraints.max_minutes";
      plan.constraints.max_minutes = limits["max_minutes"].get<double>();
    }
    read_search_options(json, r, plan);
    ProjectLoadResult base = ProjectFile::parse(r.at(json, "project", "project").dump());
    if (!base.ok()) throw std::runtime_error(base.errors.front().describe());
    plan.base = std::move(*base.project);
    const Json& drawn = r.at(json, "drawn", "drawn");
    for (std::size_t i = 0; i < drawn.size(); ++i) {
      const std::string path = "drawn[" + std::to_string(i) + "]";
      StudyTrial trial;
      trial.values = r.at(drawn[i], "values", path + ".values").get<std::vector<double>>();
      if (trial.values.size() != plan.spaces.size()) {
        throw std::runtime_error("has " + std::to_string(trial.values.size()) + " values for " +
                                 std::to_string(plan.spaces.size()) + " spaces");
      }
      trial.label = r.at(drawn[i], "label", path + ".label").get<std::string>();
      const auto state =
          parse_study_trial_state(r.at(drawn[i], "state", path + ".state").get<std::string>());
      if (!state) throw std::runtime_error("is none of queued, finished, refused, failed, pruned");
      trial.state = *state;
      trial.queue_id = r.at(drawn[i], "queue_id", path + ".queue_id").get<std::string>();
      const Json& score = r.at(drawn[i], "score", path + ".score");
      if (!score.is_null()) trial.score = score.get<double>();
      trial.refusal = r.at(drawn[i], "refusal", path + ".refusal").get<std::string>();
      // Plans written before k-fold studies have no "fold".
      if (drawn[i].contains("fold") && !drawn[i]["fold"].is_null()) {
        r.field = path + ".fold";
        trial.fold = drawn[i]["fold"].get<int>();
      }
      plan.drawn.push_back(std::move(trial));
    }
  } catch (const std::exception& e) {
    const std::string why = dynamic_cast<const nlohmann::json::exception*>(&e)
                                ? std::string("has the wrong type")
                                : std::string(e.what());
    return Error::at_field(file, r.field, why);
  }
  return plan;
}

}  // namespace

std::string to_string(StudyTrialState state) {
  switch (state) {
    case StudyTrialState::Queued:
      return "queued";
    case StudyTrialState::Finished:
      return "finished";
    case StudyTrialState::Refused:
      return "refused";
    case StudyTrialState::Failed:
      return "failed";
    case StudyTrialState::Pruned:
      return "pruned";
  }
  return "queued";
}

std::optional<StudyTrialState> parse_study_trial_state(std::string_view text) {
  for (StudyTrialState state :
       {StudyTrialState::Queued, StudyTrialState::Finished, StudyTrialState::Refused,
        StudyTrialState::Failed, StudyTrialState::Pruned}) {
    if (to_string(state) == text) return state;
  }
  return std::nullopt;
}

bool StudyPlan::complete() const {
  return static_cast<std::int64_t>(drawn.size()) >= trials &&
         std::none_of(drawn.begin(), drawn.end(), [](const StudyTrial& trial) {
           return trial.state == StudyTrialState::Queued;
         });
}

std::filesystem::path study_plan_file(const std::filesystem::path& project_file,
                                      std::string_view id) {
  return runs_folder(project_file) / "studies" / (std::string(id) + ".json");
}

Result<StudyPlan> load_study_plan(const std::filesystem::path& file) {
  const Result<Json> json = read_versioned_json(file, kStudyFormat, kStudyVersion, "study");
  if (!json) return json.error();
  return plan_from_json(json.value(), file.string());
}

std::optional<Error> save_study_plan(const std::filesystem::path& file, const StudyPlan& plan) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) {
    return Error::in_file(file.parent_path().string(), "cannot create the folder: " + ec.message());
  }
  Json spaces = Json::array();
  for (const StudySpace& space : plan.spaces) spaces.push_back(to_string(space));
  Json drawn = Json::array();
  for (const StudyTrial& trial : plan.drawn) drawn.push_back(trial_json(trial));
  const Json json{
      {"format", kStudyFormat},
      {"version", kStudyVersion},
      {"id", plan.id},
      {"sampler", to_string(plan.sampler)},
      {"seed", plan.seed},
      {"trials", plan.trials},
      {"spaces", std::move(spaces)},
      {"constraints",
       Json{{"max_params", optional_json(plan.constraints.max_params)},
            {"max_macs", optional_json(plan.constraints.max_macs)},
            {"max_memory_bytes", optional_json(plan.constraints.max_memory_bytes)},
            {"max_minutes",
             plan.constraints.max_minutes ? Json(*plan.constraints.max_minutes) : Json(nullptr)}}},
      {"pruner", Json{{"kind", to_string(plan.pruner.kind)},
                      {"eta", plan.pruner.eta},
                      {"min_resource", plan.pruner.min_resource},
                      {"startup_trials", plan.pruner.startup_trials}}},
      {"folds",
       Json{{"k", plan.folds}, {"stratified", plan.stratified_folds}, {"refit", plan.refit}}},
      {"project", Json::parse(ProjectFile::serialize(plan.base))},
      {"drawn", std::move(drawn)}};
  return write_file_atomically(file, json.dump(2) + "\n");
}

std::optional<std::string> unfinished_study(const std::filesystem::path& project_file) {
  const std::filesystem::path folder = runs_folder(project_file) / "studies";
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& item : std::filesystem::directory_iterator(folder, ec)) {
    if (item.path().extension() == ".json") files.push_back(item.path());
  }
  // Study ids are timestamps (new_sweep_id), so the name orders them by start.
  std::sort(files.begin(), files.end());
  for (auto file = files.rbegin(); file != files.rend(); ++file) {
    Result<StudyPlan> plan = load_study_plan(*file);
    if (plan && !plan.value().complete()) return plan.value().id;
  }
  return std::nullopt;
}

std::vector<StudyObservation> study_observations(const StudyPlan& plan) {
  std::vector<StudyObservation> observations;
  if (plan.folds >= 2) {  // a setting is learnt from once all its folds ended: their mean
    for (const StudyFoldGroup& group : study_fold_groups(plan)) {
      if (group.ended) observations.push_back({plan.drawn[group.first].values, group.mean_score});
    }
    return observations;
  }
  for (const StudyTrial& trial : plan.drawn) {
    if (trial.state == StudyTrialState::Queued) continue;
    observations.push_back({trial.values, trial.score, trial.state == StudyTrialState::Pruned});
  }
  return observations;
}

}  // namespace convstudio
