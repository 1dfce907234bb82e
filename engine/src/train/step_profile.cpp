#include <nlohmann/json.hpp>

#include <algorithm>

#include "convstudio/train/step_profile.h"

namespace convstudio {

std::optional<Error> check_profile_options(const ProfileOptions& options) {
  constexpr std::int64_t kMostSteps = 100000;
  if (options.steps < 1 || options.steps > kMostSteps) {
    return Error::in_setting("profile.steps", "the profiler measures between 1 and " +
                                                  std::to_string(kMostSteps) + " steps");
  }
  if (options.warmup < 0 || options.warmup > kMostSteps) {
    return Error::in_setting("profile.warmup", "the warm-up takes between 0 and " +
                                                   std::to_string(kMostSteps) + " steps");
  }
  return std::nullopt;
}

namespace {

// Chrome's trace viewer and Perfetto show one row per thread id; forward, backward and the
// step's other parts each get one, named by a metadata event.
constexpr int kTraceProcess = 1;
int trace_track(const std::string& track) {
  if (track == "forward") return 2;
  if (track == "backward") return 3;
  return 1;  // "step"
}

nlohmann::json trace_track_name(int tid, const std::string& name) {
  return {{"name", "thread_name"},
          {"ph", "M"},
          {"pid", kTraceProcess},
          {"tid", tid},
          {"args", {{"name", name}}}};
}

}  // namespace

std::string chrome_trace_json(const StepProfile& profile) {
  nlohmann::json events = nlohmann::json::array();
  events.push_back({{"name", "process_name"},
                    {"ph", "M"},
                    {"pid", kTraceProcess},
                    {"tid", 1},
                    {"args",
                     {{"name", "ConvStudio training step (" + profile.device + ", " +
                                   profile.precision + ")"}}}});
  events.push_back(trace_track_name(1, "step"));
  events.push_back(trace_track_name(2, "forward"));
  events.push_back(trace_track_name(3, "backward"));
  for (const ProfileEvent& event : profile.events) {
    events.push_back({{"name", event.name},
                      {"cat", event.track},
                      {"ph", "X"},
                      {"ts", event.start_us},
                      {"dur", std::max(0.0, event.duration_us)},
                      {"pid", kTraceProcess},
                      {"tid", trace_track(event.track)},
                      {"args", {{"step", event.step}}}});
  }
  nlohmann::json trace = {{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}};
  trace["otherData"] = {{"batch_size", profile.batch_size},
                        {"steps", profile.steps},
                        {"timer", profile.timer},
                        {"step_ms", profile.step_ms}};
  return trace.dump(1);
}

}  // namespace convstudio
