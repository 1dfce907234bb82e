#pragma once
// Pause, resume and cancel requests from other threads, checked by the training loop between
// micro-batches.

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace convstudio {

class RunControl {
 public:
  void pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
  }
  void resume() {
    {
      std::lock_guard lock(mutex_);
      paused_ = false;
    }
    changed_.notify_all();
  }
  void cancel() {
    {
      std::lock_guard lock(mutex_);
      cancelled_ = true;
    }
    changed_.notify_all();
  }
  bool cancelled() const { return cancelled_.load(); }

  // Blocks while paused (calling on_pause once before waiting and on_resume after); returns
  // false when the run was cancelled.
  bool wait_while_paused(const std::function<void()>& on_pause,
                         const std::function<void()>& on_resume) {
    std::unique_lock lock(mutex_);
    if (paused_ && !cancelled_) {
      lock.unlock();
      on_pause();
      lock.lock();
      changed_.wait(lock, [this] { return !paused_ || cancelled_; });
      if (!cancelled_) {
        lock.unlock();
        on_resume();
        lock.lock();
      }
    }
    return !cancelled_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool paused_ = false;
  std::atomic<bool> cancelled_{false};
};

}  // namespace convstudio
