// Segmentation's figures from a pixel confusion (issue 38) and where they go: metrics.jsonl and
// metrics.csv, run.json's summary and the comparison table carry the mean IoU for segmentation
// runs only, so a classification run's files keep their keys and columns. (The figures against
// NumPy: tests/engine/train/segmentation_training_test.cpp, from real logits.)

#include "convstudio/runs/segmentation_report.h"

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "convstudio/runs/metric_files.h"
#include "convstudio/runs/metrics_jsonl_reader.h"
#include "convstudio/runs/run_comparison.h"
#include "convstudio/runs/run_summary_json.h"

namespace convstudio {
namespace {

// Three classes: class 0 found well, class 1 only predicted (IoU 0), class 2 in neither.
const std::vector<std::vector<std::int64_t>> kConfusion = {{6, 2, 0}, {0, 0, 0}, {0, 0, 0}};

TEST(SegmentationReport, IoUIsHitsOverTheUnionAndTheMeanSkipsAbsentClasses) {
  const SegmentationReport report = segmentation_report(kConfusion);
  ASSERT_EQ(report.class_iou.size(), 3u);
  EXPECT_DOUBLE_EQ(report.class_iou[0], 6.0 / 8.0);  // 6 / (8 true + 6 predicted − 6)
  EXPECT_DOUBLE_EQ(report.class_iou[1], 0.0);        // 0 / (0 + 2 − 0)
  EXPECT_TRUE(std::isnan(report.class_iou[2]));
  EXPECT_DOUBLE_EQ(report.mean_iou, (0.75 + 0.0) / 2);
  EXPECT_DOUBLE_EQ(report.pixel_accuracy, 6.0 / 8.0);
  const SegmentationReport empty = segmentation_report({});
  EXPECT_EQ(empty.mean_iou, 0.0);
  EXPECT_EQ(empty.pixel_accuracy, 0.0);
  EXPECT_TRUE(empty.class_iou.empty());
}

EpochMetrics segmentation_epoch() {
  EpochMetrics epoch;
  epoch.epoch = 1;
  epoch.step = 20;
  epoch.val_accuracy = 0.75;
  epoch.confusion = kConfusion;
  epoch.class_names = {"background", "circle", "square"};
  const SegmentationReport report = segmentation_report(kConfusion);
  epoch.val_mean_iou = report.mean_iou;
  epoch.val_class_iou = report.class_iou;
  return epoch;
}

TEST(SegmentationReport, MetricFilesCarryTheMeanIoUOfSegmentationRunsOnly) {
  EpochMetrics classification;
  classification.epoch = 1;
  classification.val_accuracy = 0.5;
  const nlohmann::json plain = nlohmann::json::parse(epoch_jsonl_line(classification));
  EXPECT_FALSE(plain.contains("val_mean_iou"));
  EXPECT_FALSE(plain.contains("val_class_iou"));

  const std::string line = epoch_jsonl_line(segmentation_epoch());
  const nlohmann::json written = nlohmann::json::parse(line);
  EXPECT_DOUBLE_EQ(written["val_mean_iou"].get<double>(), 0.375);
  EXPECT_EQ(written["val_class_iou"].dump(), "[0.75,0.0,null]");
  std::istringstream in(line);
  const RecordedMetrics read = read_metrics_jsonl(in);
  ASSERT_EQ(read.epochs.size(), 1u);
  EXPECT_DOUBLE_EQ(read.epochs[0].val_mean_iou, 0.375);
  ASSERT_EQ(read.epochs[0].val_class_iou.size(), 3u);
  EXPECT_TRUE(std::isnan(read.epochs[0].val_class_iou[2]));

  // One column for every run; a classification run leaves it empty.
  const MetricsCsv csv;
  EXPECT_NE(csv.header().find(",val_mean_iou"), std::string::npos);
  EXPECT_EQ(csv.row(classification).back(), '\n');
  EXPECT_EQ(csv.row(classification).substr(csv.row(classification).size() - 2), ",\n");
  EXPECT_NE(csv.row(segmentation_epoch()).find(",0.375\n"), std::string::npos);
}

TEST(SegmentationReport, TheSummaryNamesTheMeanIoUOnlyForSegmentationRuns) {
  RunSummary summary;
  const nlohmann::json plain = run_summary_json(summary);
  EXPECT_FALSE(plain.contains("val_mean_iou"));
  EXPECT_FALSE(plain.contains("best_val_mean_iou"));
  summary.segmentation.mean_iou = 0.375;
  summary.segmentation.best_mean_iou = 0.5;
  summary.segmentation.class_iou = segmentation_report(kConfusion).class_iou;
  const nlohmann::json json = run_summary_json(summary);
  EXPECT_DOUBLE_EQ(json["val_mean_iou"].get<double>(), 0.375);
  EXPECT_DOUBLE_EQ(json["best_val_mean_iou"].get<double>(), 0.5);
  EXPECT_EQ(json["val_class_iou"].dump(), "[0.75,0.0,null]");
}

TEST(SegmentationReport, TheComparisonGainsMeanIoUColumnsWhenARunHasOne) {
  RecordedRun classification;
  classification.name = "a";
  classification.state = "finished";
  const RunComparison plain = compare_runs({classification});
  EXPECT_FALSE(plain.has_mean_iou);
  EXPECT_EQ(comparison_csv(plain).find("mean_iou"), std::string::npos);

  RecordedRun segmentation = classification;
  segmentation.name = "b";
  segmentation.figures.val_mean_iou = 0.375;
  RecordedEpoch earlier;
  static_cast<EpochMetrics&>(earlier) = segmentation_epoch();
  earlier.val_mean_iou = 0.6;
  segmentation.epochs.push_back(earlier);
  const RunComparison both = compare_runs({classification, segmentation});
  EXPECT_TRUE(both.has_mean_iou);
  EXPECT_FALSE(both.rows[0].final_val_mean_iou);
  EXPECT_DOUBLE_EQ(*both.rows[1].final_val_mean_iou, 0.375);
  EXPECT_DOUBLE_EQ(*both.rows[1].best_val_mean_iou, 0.6);
  const std::string csv = comparison_csv(both);
  EXPECT_NE(csv.find("final_val_mean_iou,best_val_mean_iou"), std::string::npos);
  EXPECT_NE(csv.find(",0.375,0.6"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
