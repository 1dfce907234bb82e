// ssh and rsync argument vectors: never a password prompt, the user's destination after `--`
// (so it is never an option), the remote command one quoted line, rsync's paths protected.

#include "convstudio/remote/ssh_commands.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace convstudio {
namespace {

RemoteTarget target() {
  RemoteTarget t;
  t.name = "server";
  t.destination = "me@gpu1";
  t.port = 2222;
  t.ssh_config = "/home/me/my ssh/config";
  return t;
}

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

TEST(SshCommands, RunsAScriptUnderShWithTheTargetsOptions) {
  const std::vector<std::string> argv = SshCommands(target()).ssh_script("echo 'hi there'");
  ASSERT_GE(argv.size(), 4u);
  EXPECT_EQ(argv.front(), "ssh");
  EXPECT_TRUE(contains(argv, "BatchMode=yes"));
  EXPECT_TRUE(contains(argv, "2222"));
  EXPECT_TRUE(contains(argv, "/home/me/my ssh/config"));
  EXPECT_EQ(argv[argv.size() - 3], "--");
  EXPECT_EQ(argv[argv.size() - 2], "me@gpu1");
  EXPECT_EQ(argv.back(), "'sh' '-c' 'echo '\\''hi there'\\'''");
}

TEST(SshCommands, RsyncUsesTheSameSshAndProtectsRemotePaths) {
  const std::vector<std::string> argv =
      SshCommands(target()).pull("runs/a b/run/", "/tmp/mirror/", {"--append-verify"});
  EXPECT_EQ(argv.front(), "rsync");
  EXPECT_TRUE(contains(argv, "--protect-args"));
  EXPECT_TRUE(contains(argv, "--append-verify"));
  const auto e = std::find(argv.begin(), argv.end(), "-e");
  ASSERT_NE(e, argv.end());
  EXPECT_NE((e + 1)->find("'-F' '/home/me/my ssh/config'"), std::string::npos);
  EXPECT_EQ(argv[argv.size() - 2], "me@gpu1:runs/a b/run/");
  EXPECT_EQ(argv.back(), "/tmp/mirror/");
}

TEST(SshCommands, ALostLinkIsToldFromARemoteFailure) {
  EXPECT_TRUE(is_connection_failure(255));  // ssh could not connect, or the link died
  EXPECT_TRUE(is_connection_failure(12));   // rsync's stream broke
  EXPECT_FALSE(is_connection_failure(1));   // the remote command failed
  EXPECT_FALSE(is_connection_failure(23));  // rsync: some files were not there
}

}  // namespace
}  // namespace convstudio
