#pragma once
// Recorded runs drawn over the live charts so they can be compared with the run on screen and
// with each other: each run's smoothed loss on the loss chart, its validation accuracy per epoch
// on the accuracy chart and its memory on the memory chart, in one colour per run on all three.

#include <QString>

#include <vector>

#include "convstudio/runs/run_history.h"

namespace convstudio {

class LiveChart;

class RunOverlays {
 public:
  // The overlay curves go after the curves each chart has now (the run's own).
  RunOverlays(LiveChart* loss, LiveChart* accuracy, LiveChart* memory);

  // Replaces the overlaid runs; the loss is smoothed with the EMA weight `smoothing`.
  void set(const std::vector<RecordedRun>& runs, double smoothing);
  // Redraws the same runs with another smoothing.
  void resmooth(double smoothing);
  const std::vector<RecordedRun>& runs() const { return runs_; }
  // Whether `curve` of `chart` belongs to an overlaid run (beginRun keeps those).
  bool isOverlay(const LiveChart* chart, int curve) const;

  // Writes the debiased EMA of `keys`/`values` with weight `smoothing` into `curve` of `chart`
  // (cleared first): the run's own smoothed loss is drawn the same way.
  static void drawSmoothed(LiveChart* chart, int curve, const std::vector<double>& keys,
                           const std::vector<double>& values, double smoothing);
  // How a run is named in the legends: its sweep label when it has one, else its folder name.
  static QString runName(const RecordedRun& run);

 private:
  struct Target {
    LiveChart* chart = nullptr;
    int first = 0;  // the first overlay curve
  };
  Target loss_, accuracy_, memory_;
  std::vector<RecordedRun> runs_;
};

}  // namespace convstudio
