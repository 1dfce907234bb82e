#include "worker_launcher.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "exit_codes.h"

#include <unistd.h>  // environ

namespace convstudio::cli {
namespace {

std::atomic<int> forwarded_signal{0};

extern "C" void remember_signal(int signal_number) {
  forwarded_signal = signal_number;
}

struct Worker {
  int rank = 0;
  pid_t pid = -1;
  std::optional<int> status;  // waitpid's, once it ended
};

std::string describe_end(const Worker& worker) {
  const int status = *worker.status;
  const std::string who =
      "rank " + std::to_string(worker.rank) + " (pid " + std::to_string(worker.pid) + ")";
  if (WIFSIGNALED(status)) {
    return who + " was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
           strsignal(WTERMSIG(status)) + ")";
  }
  return who + " exited with code " + std::to_string(WEXITSTATUS(status));
}

bool succeeded(const Worker& worker) {
  return worker.status && WIFEXITED(*worker.status) && WEXITSTATUS(*worker.status) == 0;
}

// The parent's environment, less the variables the launcher sets, plus the worker's own.
std::vector<std::string> worker_environment(const LaunchPlan& plan, int rank, int local) {
  std::vector<std::string> environment;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string text(*entry);
    const std::string name = text.substr(0, text.find('='));
    if (name == "WORLD_SIZE" || name == "RANK" || name == "LOCAL_RANK" || name == "MASTER_ADDR" ||
        name == "MASTER_PORT" || name == "CONVSTUDIO_DIST_TIMEOUT") {
      continue;
    }
    environment.push_back(text);
  }
  environment.push_back("WORLD_SIZE=" + std::to_string(plan.nproc_per_node * plan.nnodes));
  environment.push_back("RANK=" + std::to_string(rank));
  environment.push_back("LOCAL_RANK=" + std::to_string(local));
  environment.push_back("MASTER_ADDR=" + plan.master_addr);
  environment.push_back("MASTER_PORT=" + std::to_string(plan.master_port));
  environment.push_back("CONVSTUDIO_DIST_TIMEOUT=" + std::to_string(plan.timeout_seconds));
  return environment;
}

// Forks and runs `program` with `arguments` and `environment`; the child's pid, or -1.
pid_t start_worker(const std::string& program, const std::vector<std::string>& arguments,
                   const std::vector<std::string>& environment) {
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (const std::string& entry : environment) envp.push_back(const_cast<char*>(entry.c_str()));
  envp.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    execve(program.c_str(), argv.data(), envp.data());
    std::cerr << "error: cannot start " << program << ": " << std::strerror(errno) << "\n";
    _exit(kExitFailure);
  }
  return pid;
}

// Waits for every worker, forwarding remembered signals; after the first failure the others
// get `patience` and are then ended. The first failed worker's exit code, or kExitOk.
int supervise(std::vector<Worker>& workers, std::chrono::seconds patience) {
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> first_failure;
  int exit_code = kExitOk;
  bool killed = false;
  for (;;) {
    bool running = false;
    for (Worker& worker : workers) {
      if (worker.status) continue;
      int status = 0;
      const pid_t ended = waitpid(worker.pid, &status, WNOHANG);
      if (ended == worker.pid) {
        worker.status = status;
        if (!succeeded(worker)) {
          std::cerr << "worker " << describe_end(worker) << "\n";
          if (!first_failure) {
            first_failure = Clock::now();
            exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitFailure;
          }
        }
      } else {
        running = true;
      }
    }
    if (!running) break;
    if (const int signal_number = forwarded_signal.exchange(0)) {
      for (const Worker& worker : workers) {
        if (!worker.status) kill(worker.pid, signal_number);
      }
    }
    if (first_failure && !killed && Clock::now() - *first_failure > patience) {
      for (const Worker& worker : workers) {
        if (worker.status) continue;
        std::cerr << "ending rank " << worker.rank << " (pid " << worker.pid
                  << "): it did not stop within " << patience.count()
                  << " s of the first failure\n";
        kill(worker.pid, SIGKILL);
      }
      killed = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return exit_code;
}

}  // namespace

WorkerLauncher::WorkerLauncher(LaunchPlan plan, std::vector<std::string> arguments)
    : plan_(std::move(plan)), arguments_(std::move(arguments)) {}

std::string WorkerLauncher::executable() const {
  // This very program (convstudio-cli-engine), wherever it was started from.
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? arguments_.front() : self.string();
}

int WorkerLauncher::run() {
  if (plan_.master_port == 0) plan_.master_port = free_local_port();
  if (plan_.master_port == 0) {
    std::cerr << "error: no free TCP port on 127.0.0.1 for the workers to meet; give one with "
                 "--master-port\n";
    return kExitFailure;
  }
  const std::string program = executable();
  std::vector<Worker> workers;
  // Signals are remembered, then forwarded from supervise's loop (a handler may do little).
  forwarded_signal = 0;
  auto previous_int = std::signal(SIGINT, remember_signal);
  auto previous_term = std::signal(SIGTERM, remember_signal);
  for (int local = 0; local < plan_.nproc_per_node; ++local) {
    const int rank = plan_.node_rank * plan_.nproc_per_node + local;
    const pid_t pid = start_worker(program, arguments_, worker_environment(plan_, rank, local));
    if (pid < 0) {
      std::cerr << "error: cannot start worker " << rank << ": " << std::strerror(errno) << "\n";
      for (Worker& started : workers) kill(started.pid, SIGTERM);
      break;
    }
    workers.push_back({rank, pid, std::nullopt});
  }
  // After a worker fails the others get the timeout within which they notice (and name it),
  // plus a grace for the dead rank's diagnosis and rank 0's checkpoint; then they are ended.
  const int exit_code = supervise(workers, std::chrono::seconds(plan_.timeout_seconds + 15));
  std::signal(SIGINT, previous_int);
  std::signal(SIGTERM, previous_term);
  if (workers.size() < static_cast<std::size_t>(plan_.nproc_per_node)) return kExitFailure;
  return exit_code;
}

}  // namespace convstudio::cli
