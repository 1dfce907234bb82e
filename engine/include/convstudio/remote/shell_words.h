#pragma once
// The one quoting rule for text that a shell will read (the remote command of `ssh`, an sbatch
// script, rsync's -e): every word in single quotes, a single quote written as '\''. Nothing the
// user typed ever reaches a shell any other way.

#include <string>
#include <string_view>
#include <vector>

namespace convstudio {

// `word` as one shell word, whatever it holds (spaces, quotes, $(), newlines, an empty string).
std::string shell_quote(std::string_view word);

// The words quoted and joined by spaces: one command line a POSIX shell runs as `words`.
std::string shell_command(const std::vector<std::string>& words);

// rsync's -e COMMAND is split by rsync itself, not by a shell: single quotes keep spaces, and
// a single quote inside them is written twice (a backslash means nothing there).
std::string rsync_command(const std::vector<std::string>& words);

}  // namespace convstudio
