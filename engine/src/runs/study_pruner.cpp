#include "convstudio/runs/study_pruner.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace convstudio {

std::string to_string(StudyPruner kind) {
  switch (kind) {
    case StudyPruner::Median:
      return "median";
    case StudyPruner::Asha:
      return "asha";
    case StudyPruner::None:
      break;
  }
  return "none";
}

std::optional<StudyPruner> parse_study_pruner(std::string_view text) {
  for (StudyPruner kind : {StudyPruner::None, StudyPruner::Median, StudyPruner::Asha}) {
    if (to_string(kind) == text) return kind;
  }
  return std::nullopt;
}
namespace {

// The accuracy of the last validation at or before `step`.
std::optional<double> accuracy_at_or_before(const ValidationCurve& curve, std::int64_t step) {
  std::optional<double> found;
  for (const ValidationPoint& point : curve) {
    if (point.step > step) break;
    found = point.accuracy;
  }
  return found;
}

// The accuracy of the first validation at or after `step` (where a trial met a rung).
std::optional<double> accuracy_at_rung(const ValidationCurve& curve, std::int64_t step) {
  for (const ValidationPoint& point : curve) {
    if (point.step >= step) return point.accuracy;
  }
  return std::nullopt;
}

bool median_prunes(const PrunerSettings& settings, const ValidationCurve& current,
                   const std::vector<ValidationCurve>& earlier) {
  if (static_cast<int>(earlier.size()) < settings.startup_trials) return false;
  const std::int64_t step = current.back().step;
  std::vector<double> others;
  for (const ValidationCurve& curve : earlier) {
    if (auto accuracy = accuracy_at_or_before(curve, step)) others.push_back(*accuracy);
  }
  if (others.empty()) return false;
  std::sort(others.begin(), others.end());
  const std::size_t n = others.size();
  const double median = n % 2 == 1 ? others[n / 2] : 0.5 * (others[n / 2 - 1] + others[n / 2]);
  double best = current.front().accuracy;
  for (const ValidationPoint& point : current) best = std::max(best, point.accuracy);
  return best < median;
}

bool asha_prunes(const PrunerSettings& settings, const ValidationCurve& current,
                 const std::vector<ValidationCurve>& earlier) {
  const std::int64_t eta = std::max(settings.eta, 2);
  const std::int64_t step = current.back().step;
  const std::int64_t before = current.size() >= 2 ? current[current.size() - 2].step : 0;
  for (std::int64_t rung = std::max<std::int64_t>(settings.min_resource, 1); rung <= step;
       rung *= eta) {
    if (rung <= before) continue;  // judged at an earlier point
    std::vector<double> competing{current.back().accuracy};
    for (const ValidationCurve& curve : earlier) {
      if (auto accuracy = accuracy_at_rung(curve, rung)) competing.push_back(*accuracy);
    }
    std::sort(competing.begin(), competing.end(), std::greater<>());
    const std::size_t kept = std::max<std::size_t>(competing.size() / eta, 1);
    if (current.back().accuracy < competing[kept - 1]) return true;
  }
  return false;
}

}  // namespace

bool should_prune(const PrunerSettings& settings, const ValidationCurve& current,
                  const std::vector<ValidationCurve>& earlier) {
  if (current.empty()) return false;
  switch (settings.kind) {
    case StudyPruner::Median:
      return median_prunes(settings, current, earlier);
    case StudyPruner::Asha:
      return asha_prunes(settings, current, earlier);
    case StudyPruner::None:
      break;
  }
  return false;
}

}  // namespace convstudio
