// The one quoting rule: whatever a word holds, sh reads it back as that one word; and rsync's
// -e rule doubles single quotes.

#include "convstudio/remote/shell_words.h"

#include <gtest/gtest.h>

#include "convstudio/remote/process_runner.h"

namespace convstudio {
namespace {

const std::vector<std::string> kHostileWords = {
    "",
    "plain",
    "two words",
    "it's",
    "'",
    "''",
    "\"double\"",
    "$(touch /tmp/convstudio-quoting-pwned)",
    "`touch /tmp/convstudio-quoting-pwned`",
    "$HOME",
    "a;b && c || d | e > f < g & h",
    "line one\nline two",
    "back\\slash\\",
    "*?[glob]",
    "-n",
    "tab\there",
    "ünïcødé 名字",
};

// What sh prints for `printf %s WORD`: the word as the shell read it.
std::string as_sh_reads_it(const std::string& word) {
  Result<ProcessOutput> output = run_process({"sh", "-c", "printf '%s|' " + shell_quote(word)});
  EXPECT_TRUE(output.ok());
  return output.ok() ? output.value().out : std::string();
}

TEST(ShellQuote, EveryHostileWordReachesTheShellAsItIs) {
  for (const std::string& word : kHostileWords) {
    EXPECT_EQ(as_sh_reads_it(word), word + "|") << "word: " << word;
  }
}

TEST(ShellQuote, ACommandLineKeepsItsWordsApart) {
  const std::string line = shell_command({"printf", "%s|", "a b", "it's", "$(id)", ""});
  Result<ProcessOutput> output = run_process({"sh", "-c", line});
  ASSERT_TRUE(output.ok());
  EXPECT_EQ(output.value().out, "a b|it's|$(id)||");
}

TEST(ShellQuote, QuotingTwiceSurvivesTwoShells) {
  // ssh hands its command to the remote login shell, which runs `sh -c SCRIPT`: two readings.
  const std::string word = "it's $(a) \"b\"\nc";
  const std::string script = "printf '%s' " + shell_quote(word);
  const std::string outer = shell_command({"sh", "-c", script});
  Result<ProcessOutput> output = run_process({"sh", "-c", outer});
  ASSERT_TRUE(output.ok());
  EXPECT_EQ(output.value().out, word);
}

TEST(RsyncCommand, DoublesSingleQuotesInsideSingleQuotes) {
  EXPECT_EQ(rsync_command({"ssh", "-F", "/tmp/my config", "it's"}),
            "'ssh' '-F' '/tmp/my config' 'it''s'");
}

TEST(ProcessRunner, ReportsTheExitCodeAndBothStreams) {
  Result<ProcessOutput> output = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"});
  ASSERT_TRUE(output.ok());
  EXPECT_EQ(output.value().exit_code, 3);
  EXPECT_EQ(output.value().out, "out\n");
  EXPECT_EQ(output.value().err, "err\n");
}

TEST(ProcessRunner, AProgramThatIsNotThereIsAnError) {
  Result<ProcessOutput> output = run_process({"convstudio-no-such-program"});
  ASSERT_FALSE(output.ok());
  EXPECT_NE(output.error().message.find("convstudio-no-such-program"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
