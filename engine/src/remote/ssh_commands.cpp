#include "convstudio/remote/ssh_commands.h"

#include "convstudio/remote/shell_words.h"

namespace convstudio {

std::vector<std::string> SshCommands::ssh_options() const {
  // BatchMode: a missing key fails at once instead of asking for a password we must not see.
  // ServerAlive*: a link that died without a word is noticed within about 15 s.
  std::vector<std::string> options{"-o", "BatchMode=yes",         "-o", "ConnectTimeout=15",
                                   "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3"};
  if (!target_.ssh_config.empty()) {
    options.push_back("-F");
    options.push_back(target_.ssh_config);
  }
  if (target_.port != 0) {
    options.push_back("-p");
    options.push_back(std::to_string(target_.port));
  }
  return options;
}

std::vector<std::string> SshCommands::ssh_script(const std::string& script) const {
  std::vector<std::string> argv{"ssh"};
  for (std::string& option : ssh_options()) argv.push_back(std::move(option));
  argv.push_back("--");
  argv.push_back(target_.destination);
  // ssh joins its command words with spaces for the remote login shell: one quoted line.
  argv.push_back(shell_command({"sh", "-c", script}));
  return argv;
}

std::vector<std::string> SshCommands::rsync_base() const {
  std::vector<std::string> ssh{"ssh"};
  for (std::string& option : ssh_options()) ssh.push_back(std::move(option));
  return {"rsync", "-a", "--protect-args", "-e", rsync_command(ssh)};
}

std::string SshCommands::remote(const std::string& path) const {
  return target_.destination + ":" + path;
}

std::vector<std::string> SshCommands::push(const std::string& from, const std::string& to) const {
  std::vector<std::string> argv = rsync_base();
  argv.push_back("--");
  argv.push_back(from);
  argv.push_back(remote(to));
  return argv;
}

std::vector<std::string> SshCommands::pull(const std::string& from, const std::string& to,
                                           const std::vector<std::string>& extra) const {
  std::vector<std::string> argv = rsync_base();
  argv.insert(argv.end(), extra.begin(), extra.end());
  argv.push_back("--");
  argv.push_back(remote(from));
  argv.push_back(to);
  return argv;
}

bool is_connection_failure(int exit_code) {
  // rsync: 10 socket I/O, 12 protocol data stream, 30 timeout, 35 connection timeout; 255 is
  // ssh's own failure, which rsync passes on.
  return exit_code == 255 || exit_code == 10 || exit_code == 12 || exit_code == 30 ||
         exit_code == 35;
}

}  // namespace convstudio
