// Following a remote run: is it alive, its folder's new bytes, stop, fetch (remote_training.h).

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "convstudio/remote/remote_training.h"
#include "convstudio/remote/shell_words.h"
#include "convstudio/remote/ssh_commands.h"
#include "remote_calls.h"

namespace convstudio {
namespace {

// Files a run only ever appends to: rsync --append-verify sends just their new bytes (and
// checks the old ones), which is what a follower reading from an offset wants.
const std::vector<std::string> kAppendedFiles = {"metrics.jsonl", "metrics.csv"};

constexpr int kRsyncVanished = 24;

// run.json's "state" in the mirror ("finished", "cancelled", "failed", "running"), or "".
std::string mirrored_state(const std::string& mirror_folder) {
  std::ifstream in(std::filesystem::path(mirror_folder) / "run.json", std::ios::binary);
  if (!in) return {};
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto json = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("state") || !json["state"].is_string()) return {};
  return json["state"].get<std::string>();
}

RemoteRunState ended_state(const RemoteRun& run) {
  const std::string state = mirrored_state(run.mirror_folder);
  if (state == "finished") return RemoteRunState::Finished;
  if (state == "cancelled" || run.stop_requested) return RemoteRunState::Stopped;
  return RemoteRunState::Failed;
}

// Pulls the run folder: first everything but the appended files (so a run.json that says
// "finished" is never newer than the metrics pulled after it), then the appended files' new
// bytes. Checkpoints only with `with_checkpoints` (at the end: they can be large).
std::optional<Error> pull(const RemoteRun& run, bool with_checkpoints, bool* lost) {
  const SshCommands ssh(run.target);
  const std::string from = run.remote_run_folder() + "/";
  const std::string to = run.mirror_folder + "/";
  // The run's atomic writes leave NAME.tmp-XXXXXX and NAME.old-XXXXXX for a moment: never
  // copied, and one that vanishes mid-transfer (rsync's exit 24) is no failure.
  std::vector<std::string> rest{"--exclude=/run.lock", "--exclude=*.tmp-*", "--exclude=*.old-*"};
  for (const std::string& file : kAppendedFiles) rest.push_back("--exclude=/" + file);
  if (!with_checkpoints) rest.push_back("--exclude=*.ckpt");
  Result<ProcessOutput> pulled = remote_call(ssh.pull(from, to, rest), "copying the run folder",
                                             run.target.destination, lost, kRsyncVanished);
  if (!pulled) return pulled.error();
  std::vector<std::string> appended{"--append-verify"};
  for (const std::string& file : kAppendedFiles) appended.push_back("--include=/" + file);
  appended.push_back("--exclude=*");
  Result<ProcessOutput> grown = remote_call(ssh.pull(from, to, appended), "copying the metrics",
                                            run.target.destination, lost, kRsyncVanished);
  if (!grown) return grown.error();
  return std::nullopt;
}

}  // namespace

Result<bool> remote_run_alive(const RemoteRun& run, bool* lost) {
  const SshCommands ssh(run.target);
  std::string script;
  if (run.launch == RemoteLaunch::Direct) {
    script = "if kill -0 " + std::to_string(run.pid) + " 2>/dev/null; then echo alive; fi";
  } else {
    // squeue forgets a job some minutes after its end, and then fails: both mean gone.
    script = "squeue -h -j " + shell_quote(run.job_id) + " -o %T 2>/dev/null || true";
  }
  Result<ProcessOutput> answer =
      remote_call(ssh.ssh_script(script), "asking after the run", run.target.destination, lost);
  if (!answer) return answer.error();
  std::string state = answer.value().out;
  state.erase(std::remove_if(state.begin(), state.end(), [](char c) { return std::isspace(c); }),
              state.end());
  if (run.launch == RemoteLaunch::Direct) return state == "alive";
  static const std::vector<std::string> kEnded = {
      "",          "COMPLETED", "CANCELLED",     "FAILED",    "TIMEOUT",     "NODE_FAIL",
      "BOOT_FAIL", "DEADLINE",  "OUT_OF_MEMORY", "PREEMPTED", "SPECIAL_EXIT"};
  return std::find(kEnded.begin(), kEnded.end(), state) == kEnded.end();
}

Result<MirrorStep> mirror_remote_run(RemoteRun& run) {
  MirrorStep step;
  if (run.ended()) return step;
  bool lost = false;
  Result<bool> alive = remote_run_alive(run, &lost);
  if (!alive) {
    if (!lost) return alive.error();
    step.connection_lost = true;
    step.problem = alive.error().describe();
    return step;
  }
  if (auto error = pull(run, /*with_checkpoints=*/!alive.value(), &lost)) {
    if (!lost) return *error;
    step.connection_lost = true;
    step.problem = error->describe();
    return step;
  }
  if (alive.value()) return step;
  run.checkpoints_fetched = true;
  run.state = ended_state(run);
  step.ended_now = true;
  if (auto error = save_remote_run(run)) return *error;
  return step;
}

std::optional<Error> stop_remote_run(RemoteRun& run) {
  const SshCommands ssh(run.target);
  // The CLI stops on SIGTERM as on Ctrl+C: the run is cancelled and its checkpoint written.
  // scancel sends SIGTERM to every step's tasks first, and SIGKILL only after KillWait.
  const std::string script = run.launch == RemoteLaunch::Direct
                                 ? "kill -TERM -" + std::to_string(run.pid)
                                 : "scancel " + shell_quote(run.job_id);
  Result<ProcessOutput> stopped =
      remote_call(ssh.ssh_script(script), "stopping the run", run.target.destination);
  if (!stopped) return stopped.error();
  run.stop_requested = true;
  return save_remote_run(run);
}

std::optional<Error> fetch_remote_run(RemoteRun& run) {
  bool lost = false;
  if (auto error = pull(run, /*with_checkpoints=*/true, &lost)) return error;
  run.checkpoints_fetched = true;
  return save_remote_run(run);
}

int reconnect_delay_seconds(int failures) {
  int delay = 1;
  for (int i = 1; i < failures && delay < 30; ++i) delay *= 2;
  return std::min(delay, 30);
}

}  // namespace convstudio
