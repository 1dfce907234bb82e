// Per-class precision, recall and F1, macro-F1 and balanced accuracy (issue 34) against
// scikit-learn: its documentation's own examples, and a fixed prediction set checked against
// classification_report's definitions computed by the venv's NumPy
// (tests/interop/classification_report_reference.py; scikit-learn is not in the venv).

#include "convstudio/runs/class_report.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>

#include <nlohmann/json.hpp>

#include "scratch_folder.h"

namespace convstudio {
namespace {

std::vector<std::vector<std::int64_t>> confusion_of(int classes, const std::vector<int>& truth,
                                                    const std::vector<int>& predicted) {
  std::vector<std::vector<std::int64_t>> confusion(
      static_cast<std::size_t>(classes),
      std::vector<std::int64_t>(static_cast<std::size_t>(classes)));
  for (std::size_t i = 0; i < truth.size(); ++i) {
    ++confusion[static_cast<std::size_t>(truth[i])][static_cast<std::size_t>(predicted[i])];
  }
  return confusion;
}

// classification_report's docstring: y_true = [0, 1, 2, 2, 2], y_pred = [0, 0, 2, 2, 1] prints
// precision 0.50 0.00 1.00, recall 1.00 0.00 0.67, f1 0.67 0.00 0.80, macro avg f1 0.49.
TEST(ClassReport, MatchesScikitLearnsDocumentedReport) {
  const ClassReport report = class_report(confusion_of(3, {0, 1, 2, 2, 2}, {0, 0, 2, 2, 1}));
  ASSERT_EQ(report.classes.size(), 3u);
  EXPECT_DOUBLE_EQ(report.classes[0].precision, 0.5);
  EXPECT_DOUBLE_EQ(report.classes[1].precision, 0.0);
  EXPECT_DOUBLE_EQ(report.classes[2].precision, 1.0);
  EXPECT_DOUBLE_EQ(report.classes[0].recall, 1.0);
  EXPECT_DOUBLE_EQ(report.classes[2].recall, 2.0 / 3.0);
  EXPECT_NEAR(report.classes[0].f1, 0.67, 0.005);
  EXPECT_DOUBLE_EQ(report.classes[1].f1, 0.0);
  EXPECT_DOUBLE_EQ(report.classes[2].f1, 0.8);
  EXPECT_EQ(report.classes[2].support, 3);
  EXPECT_NEAR(report.macro_f1, 0.49, 0.005);
}

// balanced_accuracy_score's docstring: y_true = [0, 1, 0, 0, 1, 0], y_pred = [0, 1, 0, 0, 0, 1]
// gives 0.625.
TEST(ClassReport, MatchesScikitLearnsDocumentedBalancedAccuracy) {
  const ClassReport report = class_report(confusion_of(2, {0, 1, 0, 0, 1, 0}, {0, 1, 0, 0, 0, 1}));
  EXPECT_DOUBLE_EQ(report.balanced_accuracy, 0.625);
}

TEST(ClassReport, EqualsClassificationReportOnAFixedPredictionSet) {
  // Five classes: class 3 is never predicted, class 4 never occurs at all, class 0 is most of
  // the set (an imbalanced split), and one case predicts a class that is not in the truth.
  std::mt19937 random(34);
  std::vector<int> truth, predicted;
  for (int i = 0; i < 200; ++i) {
    const int t = i < 120 ? 0 : 1 + i % 3;
    const int guess = static_cast<int>(random() % 4);
    truth.push_back(t);
    predicted.push_back(random() % 3 == 0 ? (guess == 3 ? 2 : guess) : (t == 3 ? 1 : t));
  }
  const std::vector<std::vector<int>> truths = {truth, {0, 0, 0, 1}};
  const std::vector<std::vector<int>> predictions = {predicted, {0, 2, 0, 1}};
  nlohmann::json cases = nlohmann::json::array();
  for (std::size_t i = 0; i < truths.size(); ++i) {
    cases.push_back({{"classes", 5}, {"y_true", truths[i]}, {"y_pred", predictions[i]}});
  }
  const auto dir = testing::scratch_folder("classification-report");
  std::ofstream(dir / "cases.json") << nlohmann::json{{"cases", cases}}.dump();
  const std::string command = std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_REPORT_REFERENCE +
                              " " + (dir / "cases.json").string() + " " +
                              (dir / "results.json").string() + " > " +
                              (dir / "python.log").string() + " 2>&1";
  const int status = std::system(command.c_str());
  std::ifstream log(dir / "python.log");
  ASSERT_EQ(status, 0) << std::string(std::istreambuf_iterator<char>(log), {});
  std::ifstream results_file(dir / "results.json");
  const nlohmann::json results = nlohmann::json::parse(results_file);
  for (std::size_t i = 0; i < truths.size(); ++i) {
    const ClassReport report = class_report(confusion_of(5, truths[i], predictions[i]));
    const nlohmann::json& expected = results[i];
    for (std::size_t c = 0; c < 5; ++c) {
      EXPECT_NEAR(report.classes[c].precision, expected["precision"][c].get<double>(), 1e-12);
      EXPECT_NEAR(report.classes[c].recall, expected["recall"][c].get<double>(), 1e-12);
      EXPECT_NEAR(report.classes[c].f1, expected["f1"][c].get<double>(), 1e-12);
      EXPECT_EQ(report.classes[c].support, expected["support"][c].get<std::int64_t>());
    }
    EXPECT_NEAR(report.macro_f1, expected["macro_f1"].get<double>(), 1e-12) << "case " << i;
    EXPECT_NEAR(report.balanced_accuracy, expected["balanced_accuracy"].get<double>(), 1e-12);
  }
}

}  // namespace
}  // namespace convstudio
