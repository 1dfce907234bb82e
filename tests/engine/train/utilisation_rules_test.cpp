// The rules that keep utilisation honest, without measuring anything: what the peak cache keeps,
// when a CPU probe counts as taken on a busy machine, and that no share above 100 % is shown.

#include <gtest/gtest.h>
#include <unistd.h>

#include "train/cpu_load.h"
#include "train/peak_cache.h"
#include "train/utilisation_meter.h"

namespace convstudio {
namespace {

const std::string kDevice = "cpu (EPYC, 2 threads)";

TEST(PeakCache, ABusyProbeIsKeptApartAndTheDeviceProbedAgain) {
  nlohmann::json cache = nlohmann::json::object();
  keep_peak(cache, kDevice, "bf16", 69e9, /*busy=*/true);
  const KeptPeak kept = read_kept_peak(cache, kDevice, "bf16");
  EXPECT_EQ(kept.idle, 0);
  EXPECT_EQ(kept.busy, 69e9);
  EXPECT_TRUE(needs_probe(kept, /*remeasure=*/false));
  // Meanwhile the busy figure is the best known.
  EXPECT_EQ(best_peak(kept, 0), 69e9);
}

TEST(PeakCache, AnIdleProbeReplacesABusyOneAndIsNotProbedAgain) {
  nlohmann::json cache = nlohmann::json::object();
  keep_peak(cache, kDevice, "bf16", 69e9, /*busy=*/true);
  keep_peak(cache, kDevice, "bf16", 365e9, /*busy=*/false);
  const KeptPeak kept = read_kept_peak(cache, kDevice, "bf16");
  EXPECT_EQ(kept.idle, 365e9);
  EXPECT_EQ(kept.busy, 0);  // dropped: the idle figure is higher
  EXPECT_FALSE(needs_probe(kept, false));
  EXPECT_TRUE(needs_probe(kept, true));
}

TEST(PeakCache, ANewProbeNeverLowersTheKeptFigure) {
  nlohmann::json cache = nlohmann::json::object();
  keep_peak(cache, kDevice, "fp32", 94e9, false);
  keep_peak(cache, kDevice, "fp32", 40e9, false);  // a probe disturbed after all
  EXPECT_EQ(read_kept_peak(cache, kDevice, "fp32").idle, 94e9);
  EXPECT_EQ(best_peak(read_kept_peak(cache, kDevice, "fp32"), 40e9), 94e9);
  EXPECT_EQ(best_peak(read_kept_peak(cache, kDevice, "fp32"), 120e9), 120e9);
}

TEST(PeakCache, ACacheOfTheEarlierFormatReadsAsIdleAndDamageAsNothing) {
  // Versions before this rule kept one number per precision.
  const nlohmann::json old = {{kDevice, {{"fp32", 94e9}}}};
  EXPECT_EQ(read_kept_peak(old, kDevice, "fp32").idle, 94e9);
  const nlohmann::json damaged = {{kDevice, {{"fp32", "fast"}, {"fp32 busy", -3}}}};
  EXPECT_EQ(read_kept_peak(damaged, kDevice, "fp32").idle, 0);
  EXPECT_EQ(read_kept_peak(damaged, kDevice, "fp32").busy, 0);
  EXPECT_EQ(read_kept_peak(nlohmann::json::array(), kDevice, "fp32").idle, 0);
}

TEST(CpuLoad, ParsesTheKernelsFilesAndCountsOnlyOtherProcesses) {
  // Two readings one second apart at 100 ticks per second (the usual USER_HZ).
  const std::string self_before =
      "4242 (convstudio (cli)) R 1 4242 4242 0 -1 4194304 100 0 0 0 500 20 0 0 20 0 3 0";
  const std::string self_after =
      "4242 (convstudio (cli)) R 1 4242 4242 0 -1 4194304 100 0 0 0 590 30 0 0 20 0 3 0";
  const auto before = parse_cpu_ticks("cpu  1000 0 200 5000 100 0 0 0 0 0", self_before);
  const auto after = parse_cpu_ticks("cpu  1150 0 250 5050 100 0 0 0 0 0", self_after);
  ASSERT_TRUE(before && after);
  EXPECT_EQ(before->own, 520);
  EXPECT_EQ(after->machine_busy - before->machine_busy, 200);
  // 200 busy ticks on the machine, 100 of them ours: others kept one core busy (at 100 Hz).
  if (sysconf(_SC_CLK_TCK) == 100) {
    EXPECT_DOUBLE_EQ(busy_cores_of_others(*before, *after, 1.0), 1.0);
  }
  EXPECT_TRUE(probe_was_busy(1.0));
  EXPECT_FALSE(probe_was_busy(0.1));
  EXPECT_FALSE(parse_cpu_ticks("intr 1 2 3", self_before));
  EXPECT_FALSE(parse_cpu_ticks("cpu  1 2 3 4 5", "no parenthesis here"));
  EXPECT_TRUE(read_cpu_ticks().has_value());  // this machine's /proc
}

TEST(UtilisationMeter, NeverShowsMoreThanTheWholeDevice) {
  UtilisationMeter meter(/*flops_per_sample=*/1'000'000, /*peak=*/69e9);
  const UtilisationMeter::Reading fine = meter.read(/*samples_per_second=*/34'500);
  EXPECT_DOUBLE_EQ(fine.utilisation, 0.5);
  EXPECT_FALSE(meter.remeasure_due());

  // 92 GFLOP/s against a 69 GFLOP/s peak: the peak was probed low.
  const UtilisationMeter::Reading above = meter.read(92'000);
  EXPECT_EQ(above.utilisation, 0);
  EXPECT_DOUBLE_EQ(above.achieved_flops, 92e9);
  EXPECT_TRUE(above.peak_remeasuring);
  EXPECT_TRUE(meter.remeasure_due());

  meter.remeasured(365e9);
  EXPECT_FALSE(meter.remeasure_due());
  EXPECT_NEAR(meter.read(92'000).utilisation, 92.0 / 365.0, 1e-12);
}

TEST(UtilisationMeter, ProbesAgainOnlyOncePerRun) {
  UtilisationMeter meter(1'000'000, 50e9);
  (void)meter.read(60'000);
  ASSERT_TRUE(meter.remeasure_due());
  meter.remeasured(40e9);  // a lower probe never lowers the peak
  EXPECT_EQ(meter.peak(), 50e9);
  const UtilisationMeter::Reading still = meter.read(60'000);
  EXPECT_EQ(still.utilisation, 0);
  EXPECT_FALSE(still.peak_remeasuring);
  EXPECT_FALSE(meter.remeasure_due());
}

TEST(UtilisationMeter, AnUnknownPeakGivesNoShare) {
  UtilisationMeter meter(1'000'000, 0);
  const UtilisationMeter::Reading reading = meter.read(1000);
  EXPECT_DOUBLE_EQ(reading.achieved_flops, 1e9);
  EXPECT_EQ(reading.utilisation, 0);
  EXPECT_FALSE(reading.peak_remeasuring);
}

}  // namespace
}  // namespace convstudio
