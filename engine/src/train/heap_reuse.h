#pragma once
// Keeps the memory a training step frees in the process's heap for the next step, for the
// life of a run. glibc's defaults hand large freed blocks back to the kernel (munmap, trimming
// the heap top), so every step faults the same pages in again and the kernel zeroes them: on
// the CPU that was a third of a lenet5 step (perf: page faults and clear_page; README
// "Performance"). PyTorch's CUDA allocator caches for the same reason; LibTorch's CPU allocator
// does not, so the run sets glibc's thresholds and puts the defaults back (and trims) at the end.
// A run on another thread than main (the studio's worker) allocates from one of glibc's thread
// arenas, made of 64 MiB heaps that glibc unmaps whenever a heap's last block is freed, whatever
// the trim threshold: a padding at the top larger than a heap keeps them (resnet-small trained
// 9% slower in the studio than in the CLI without it; gui_bench).

namespace convstudio {

class HeapReuseDuringRun {
 public:
  HeapReuseDuringRun();
  ~HeapReuseDuringRun();
  HeapReuseDuringRun(const HeapReuseDuringRun&) = delete;
  HeapReuseDuringRun& operator=(const HeapReuseDuringRun&) = delete;

 private:
  bool applied_ = false;
};

}  // namespace convstudio
