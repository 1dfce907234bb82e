#pragma once
// A full disk, simulated: while a FileSizeLimit lives, this process may not write any file past
// `bytes` (RLIMIT_FSIZE), so writes fail as they do on a full file system (EFBIG rather than
// ENOSPC). SIGXFSZ, which the kernel would otherwise kill the process with, is ignored meanwhile
// (the programs ignore it too: app/cli/main.cpp). The soft limit goes back on destruction.

#include <sys/resource.h>

#include <csignal>

#include <gtest/gtest.h>

namespace convstudio::testing {

class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    previous_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    EXPECT_EQ(::getrlimit(RLIMIT_FSIZE, &previous_), 0);
    rlimit limited = previous_;
    limited.rlim_cur = bytes;
    EXPECT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &previous_);
    std::signal(SIGXFSZ, previous_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit previous_{};
  void (*previous_handler_)(int) = SIG_DFL;
};

}  // namespace convstudio::testing
