#include "process_group.h"

#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <chrono>

#include "collective_backend.h"

namespace convstudio {
namespace {

using namespace std::chrono_literals;

// A rank's heartbeat: a counter in the store that it bumps twice a second from its own thread
// (and connection). A peer whose counter stands still for kSilence is gone: killed, stopped, or
// its machine unreachable. Much shorter than any timeout a user would pick, so a failure is
// named within the timeout plus a few seconds.
constexpr auto kBeatInterval = 500ms;
constexpr auto kSilence = 2500ms;

std::string alive_key(int rank) {
  return "convstudio/alive/" + std::to_string(rank);
}
std::string joined_key(int rank) {
  return "convstudio/joined/" + std::to_string(rank);
}
std::string failed_key(int rank) {
  return "convstudio/failed/" + std::to_string(rank);
}

std::string seconds_text(int seconds) {
  return std::to_string(seconds) + " s";
}

// "rank 1" or "ranks 1, 3"
std::string rank_list(const std::vector<int>& ranks) {
  std::string text = ranks.size() == 1 ? "rank " : "ranks ";
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    text += (i > 0 ? ", " : "") + std::to_string(ranks[i]);
  }
  return text;
}

}  // namespace

Result<std::unique_ptr<ProcessGroup>> ProcessGroup::connect(const DistributedOptions& options,
                                                            const torch::Device& device) {
  const std::chrono::milliseconds timeout = std::chrono::seconds(options.timeout_seconds);
  const std::string where = options.master_addr + ":" + std::to_string(options.master_port);
  c10::intrusive_ptr<c10d::Store> store;
  try {
    c10d::TCPStoreOptions store_options;
    store_options.port = static_cast<std::uint16_t>(options.master_port);
    store_options.isServer = options.rank == 0;
    store_options.numWorkers = static_cast<std::size_t>(options.world_size);
    store_options.waitWorkers = false;  // we wait below, and can then say who is missing
    store_options.timeout = timeout;
    store = c10::make_intrusive<c10d::TCPStore>(options.master_addr, store_options);
  } catch (const std::exception& error) {
    const std::string message =
        options.rank == 0
            ? "rank 0 cannot host the rendezvous store on " + where + ": " + error.what()
            : "rank 0 (the rendezvous store on " + where + ") is unreachable after " +
                  seconds_text(options.timeout_seconds) + ": " + error.what();
    return Error::in_setting("distributed.master_addr", message);
  }

  std::unique_ptr<ProcessGroup> group(new ProcessGroup(options, store));
  try {
    store->set(joined_key(options.rank), std::vector<std::uint8_t>{1});
    std::vector<std::string> everyone;
    for (int r = 0; r < options.world_size; ++r) everyone.push_back(joined_key(r));
    try {
      store->wait(everyone, timeout);
    } catch (const std::exception&) {
      std::vector<int> missing;
      for (int r = 0; r < options.world_size; ++r) {
        if (!store->check({joined_key(r)})) missing.push_back(r);
      }
      return Error::in_setting("distributed.world_size",
                               rank_list(missing) + " of " + std::to_string(options.world_size) +
                                   " did not join the run on " + where + " within " +
                                   seconds_text(options.timeout_seconds));
    }
    CollectiveBackendRequest request;
    request.store = store;
    request.rank = options.rank;
    request.size = options.world_size;
    request.timeout = timeout;
    request.master_addr = options.master_addr;
    request.device_index = device.is_cuda() ? device.index() : 0;
    group->backend_ = device.is_cuda() ? make_nccl_backend(request) : make_gloo_backend(request);
  } catch (const std::exception& error) {
    return Error::in_setting("distributed.master_addr",
                             "the ranks could not connect their " +
                                 std::string(device.is_cuda() ? "NCCL" : "Gloo") +
                                 " backend through " + where + ": " + error.what());
  }
  group->heartbeat_ = std::thread(&ProcessGroup::beat, group.get());
  return group;
}

ProcessGroup::ProcessGroup(DistributedOptions options, c10::intrusive_ptr<c10d::Store> store)
    : options_(std::move(options)), store_(std::move(store)) {}

ProcessGroup::~ProcessGroup() {
  {
    std::lock_guard lock(heartbeat_mutex_);
    stopping_ = true;
  }
  heartbeat_stop_.notify_all();
  if (heartbeat_.joinable()) heartbeat_.join();
}

std::string ProcessGroup::backend_name() const {
  return backend_ ? backend_->getBackendName() : std::string();
}

void ProcessGroup::beat() {
  // Its own connection: c10d's store client serves one caller at a time, and the training
  // thread may be blocked in a wait on the other one.
  c10::intrusive_ptr<c10d::Store> store;
  try {
    store = store_->clone();
  } catch (const std::exception&) {
    return;  // the store is gone already: nobody is left to watch this rank
  }
  std::unique_lock lock(heartbeat_mutex_);
  while (!stopping_) {
    lock.unlock();
    try {
      store->add(alive_key(options_.rank), 1);
    } catch (const std::exception&) {
      // Rank 0's store went away (it finished, or died): its peers find out in their next
      // collective, and diagnose() says so.
    }
    lock.lock();
    heartbeat_stop_.wait_for(lock, kBeatInterval, [this] { return stopping_; });
  }
}

c10::intrusive_ptr<c10d::Work> ProcessGroup::start_allreduce(torch::Tensor& tensor,
                                                             c10d::ReduceOp::RedOpType op) {
  std::vector<torch::Tensor> tensors{tensor};
  c10d::AllreduceOptions reduce;
  reduce.reduceOp = c10d::ReduceOp(op);
  try {
    return backend_->allreduce(tensors, reduce);
  } catch (const std::exception& error) {
    throw diagnose(error.what());
  }
}

void ProcessGroup::wait(const c10::intrusive_ptr<c10d::Work>& work) {
  try {
    work->wait();
  } catch (const std::exception& error) {
    throw diagnose(error.what());
  }
}

void ProcessGroup::allreduce(torch::Tensor& tensor, c10d::ReduceOp::RedOpType op) {
  wait(start_allreduce(tensor, op));
}

void ProcessGroup::broadcast(std::vector<torch::Tensor>& tensors, int root) {
  c10d::BroadcastOptions options;
  options.rootRank = root;
  for (torch::Tensor& tensor : tensors) {
    std::vector<torch::Tensor> one{tensor};
    try {
      wait(backend_->broadcast(one, options));
    } catch (const PeerFailure&) {
      throw;
    } catch (const std::exception& error) {
      throw diagnose(error.what());
    }
  }
}

void ProcessGroup::announce_failure(const std::string& reason) {
  try {
    store_->set(failed_key(options_.rank), std::vector<std::uint8_t>(reason.begin(), reason.end()));
  } catch (const std::exception&) {
    // The store is gone (rank 0 died first): the others learn of rank 0, not of this one.
  }
}

PeerFailure ProcessGroup::diagnose(const std::string& backend_error) {
  // Gloo appends advice meant for PyTorch users ("This is typically caused by ..."); the rank
  // we name says more.
  std::string what_failed = backend_error;
  if (const auto advice = what_failed.find(". This is typically"); advice != std::string::npos) {
    what_failed.resize(advice + 1);
  }
  const std::string seconds = seconds_text(options_.timeout_seconds);
  try {
    store_->setTimeout(5s);
    // A peer that stopped with an error of its own said why before it left.
    const auto said_why = [&]() -> std::optional<PeerFailure> {
      for (int r = 0; r < options_.world_size; ++r) {
        if (r == options_.rank || !store_->check({failed_key(r)})) continue;
        const std::vector<std::uint8_t> reason = store_->get(failed_key(r));
        return PeerFailure(r, "rank " + std::to_string(r) +
                                  " stopped: " + std::string(reason.begin(), reason.end()));
      }
      return std::nullopt;
    };
    if (auto failure = said_why()) return *failure;
    const auto counters = [&] {
      std::vector<std::int64_t> beats;
      for (int r = 0; r < options_.world_size; ++r) beats.push_back(store_->add(alive_key(r), 0));
      return beats;
    };
    const std::vector<std::int64_t> before = counters();
    std::this_thread::sleep_for(kSilence);
    if (auto failure = said_why()) return *failure;
    const std::vector<std::int64_t> after = counters();
    for (int r = 0; r < options_.world_size; ++r) {
      if (r != options_.rank &&
          after[static_cast<std::size_t>(r)] == before[static_cast<std::size_t>(r)]) {
        return PeerFailure(r, "rank " + std::to_string(r) +
                                  " stopped responding (the process died or hangs; collectives "
                                  "wait at most " +
                                  seconds + "): " + what_failed);
      }
    }
  } catch (const std::exception&) {
    // Rank 0 hosts the store: when the store does not answer, rank 0 is gone.
    if (options_.rank != 0) {
      return PeerFailure(0, "rank 0 (which hosts the rendezvous store on " + options_.master_addr +
                                ":" + std::to_string(options_.master_port) +
                                ") is unreachable: " + what_failed);
    }
  }
  return PeerFailure(-1, "a collective failed and every rank still answers: " + what_failed);
}

}  // namespace convstudio
