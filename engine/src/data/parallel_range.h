#pragma once
// Splits [0, count) into one contiguous block per hardware thread and runs `work(begin, end)`
// on each. For converting a dataset or sampling its statistics at load time; the loader has
// its own long-lived workers. An exception thrown by `work` on any thread (running out of
// memory, say) is caught there and rethrown to the caller once every thread has finished:
// an uncaught exception on a thread would end the process.

#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace convstudio {

// `min_per_thread`: fewer items than this per thread are not worth a thread of their own.
template <typename Work>
void parallel_range(std::int64_t count, Work work, std::int64_t min_per_thread = 64) {
  const auto threads =
      static_cast<std::int64_t>(std::clamp<unsigned>(std::thread::hardware_concurrency(), 1u, 64u));
  const std::int64_t blocks =
      std::clamp<std::int64_t>(count / std::max<std::int64_t>(1, min_per_thread), 1, threads);
  if (blocks == 1) {
    work(std::int64_t{0}, count);
    return;
  }
  std::mutex mutex;
  std::exception_ptr failure;
  std::vector<std::thread> pool;
  for (std::int64_t b = 0; b < blocks; ++b) {
    pool.emplace_back([&, begin = count * b / blocks, end = count * (b + 1) / blocks] {
      try {
        work(begin, end);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
    });
  }
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace convstudio
