#pragma once
// Splits [0, count) into one contiguous block per hardware thread and runs `work(begin, end)`
// on each. For decoding and converting a dataset once at load time; the loader has its own
// long-lived workers.

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

namespace convstudio {

template <typename Work>
void parallel_range(std::int64_t count, Work work) {
  const auto threads =
      static_cast<std::int64_t>(std::clamp<unsigned>(std::thread::hardware_concurrency(), 1u, 64u));
  const std::int64_t blocks = std::clamp<std::int64_t>(count / 64, 1, threads);
  if (blocks == 1) {
    work(std::int64_t{0}, count);
    return;
  }
  std::vector<std::thread> pool;
  for (std::int64_t b = 0; b < blocks; ++b) {
    pool.emplace_back(work, count * b / blocks, count * (b + 1) / blocks);
  }
  for (std::thread& t : pool) t.join();
}

}  // namespace convstudio
