#include "heap_reuse.h"

#include <malloc.h>

#include <mutex>

namespace convstudio {
namespace {

// Blocks up to this size come from the heap instead of their own mmap (glibc refuses more than
// 32 MiB on some versions; then that is taken).
constexpr int kMmapThreshold = 256 << 20;
constexpr int kMmapThresholdFallback = 32 << 20;
// Free memory at the heap's top is returned to the kernel only beyond this.
constexpr int kTrimThreshold = 1 << 30;
// Kept at the top of a heap; beyond a thread arena's 64 MiB heap size, no heap is unmapped
// (glibc's heap_trim deletes a heap only while the one below has less than this free).
constexpr int kTopPad = 256 << 20;
// glibc's documented defaults (mallopt(3)), put back when the last run ends.
constexpr int kDefaultThreshold = 128 << 10;
constexpr int kDefaultTopPad = 128 << 10;

std::mutex mutex;
int runs_using_it = 0;  // runs may overlap (tests, a studio evaluating while another trains)

}  // namespace

HeapReuseDuringRun::HeapReuseDuringRun() {
#ifdef __GLIBC__
  const std::lock_guard<std::mutex> lock(mutex);
  applied_ = true;
  if (runs_using_it++ > 0) return;
  if (mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 0)
    mallopt(M_MMAP_THRESHOLD, kMmapThresholdFallback);
  mallopt(M_TRIM_THRESHOLD, kTrimThreshold);
  mallopt(M_TOP_PAD, kTopPad);
#endif
}

HeapReuseDuringRun::~HeapReuseDuringRun() {
#ifdef __GLIBC__
  if (!applied_) return;
  const std::lock_guard<std::mutex> lock(mutex);
  if (--runs_using_it > 0) return;
  mallopt(M_MMAP_THRESHOLD, kDefaultThreshold);
  mallopt(M_TRIM_THRESHOLD, kDefaultThreshold);
  mallopt(M_TOP_PAD, kDefaultTopPad);
  malloc_trim(0);  // what the run kept goes back now, not at the next large free
#endif
}

}  // namespace convstudio
