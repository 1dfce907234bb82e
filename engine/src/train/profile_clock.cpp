#include "profile_clock.h"

#include <c10/core/Event.h>
#include <c10/core/impl/VirtualGuardImpl.h>

#include <chrono>
#include <vector>

namespace convstudio {
namespace {

class HostClock final : public ProfileClock {
 public:
  void clear() override { points_.clear(); }
  int mark() override {
    points_.push_back(std::chrono::steady_clock::now());
    return static_cast<int>(points_.size()) - 1;
  }
  void settle() override {}
  double ms_between(int from, int to) const override {
    return std::chrono::duration<double, std::milli>(points_[to] - points_[from]).count();
  }
  const char* name() const override { return "host clock"; }

 private:
  std::vector<std::chrono::steady_clock::time_point> points_;
};

// c10's device-generic events: the CUDA backend that the CUDA plugin registers answers them, so
// the engine (linked with LibTorch's CPU half) needs no CUDA header. Events are kept across steps
// and recorded again: creating one costs more than recording it.
class DeviceEventClock final : public ProfileClock {
 public:
  explicit DeviceEventClock(const torch::Device& device) : device_(device), guard_(device.type()) {}
  void clear() override { used_ = 0; }
  int mark() override {
    if (used_ == events_.size()) {
      events_.emplace_back(device_.type(), c10::EventFlag::BACKEND_DEFAULT);  // timing enabled
    }
    events_[used_].record(guard_.getStream(device_));
    return static_cast<int>(used_++);
  }
  void settle() override {
    if (used_ > 0) events_[used_ - 1].synchronize();
  }
  double ms_between(int from, int to) const override {
    return events_[from].elapsedTime(events_[to]);
  }
  const char* name() const override { return "CUDA events"; }

 private:
  torch::Device device_;
  c10::impl::VirtualGuardImpl guard_;
  std::vector<c10::Event> events_;
  std::size_t used_ = 0;
};

}  // namespace

std::unique_ptr<ProfileClock> make_profile_clock(const torch::Device& device) {
  if (device.is_cuda()) return std::make_unique<DeviceEventClock>(device);
  return std::make_unique<HostClock>();
}

}  // namespace convstudio
