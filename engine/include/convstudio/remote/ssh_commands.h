#pragma once
// The argument vectors of ssh and rsync for one target: the user's OpenSSH client with its keys
// and config (BatchMode: never a password prompt), a remote command always one quoted shell
// command line (shell_words.h), rsync over the same ssh with --protect-args so remote paths
// are never read by the remote shell.

#include <string>
#include <vector>

#include "convstudio/remote/remote_target.h"

namespace convstudio {

class SshCommands {
 public:
  explicit SshCommands(RemoteTarget target) : target_(std::move(target)) {}

  // ssh's options without the destination: BatchMode, keep-alives that notice a dead link
  // within ~15 s, the target's -F config and -p port.
  std::vector<std::string> ssh_options() const;
  // `ssh OPTIONS -- DESTINATION 'sh' '-c' 'SCRIPT'`: the remote runs `script` under sh
  // whatever the user's login shell. `script` must already quote what it holds.
  std::vector<std::string> ssh_script(const std::string& script) const;
  // rsync -a from the local `from` to the remote `to` (a folder ending in '/' copies its
  // contents, as rsync does).
  std::vector<std::string> push(const std::string& from, const std::string& to) const;
  // rsync -a from the remote `from` to the local `to`, with `extra` options (filters, --append).
  std::vector<std::string> pull(const std::string& from, const std::string& to,
                                const std::vector<std::string>& extra) const;

  const RemoteTarget& target() const { return target_; }

 private:
  std::vector<std::string> rsync_base() const;
  std::string remote(const std::string& path) const;

  RemoteTarget target_;
};

// True when an ssh or rsync exit code means the link failed (ssh's 255; rsync's 10, 12, 30, 35
// and 255), so trying again later may succeed; the remote command's own failures are others.
bool is_connection_failure(int exit_code);

}  // namespace convstudio
