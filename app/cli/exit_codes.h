#pragma once
// Exit codes every convstudio-cli command shares, so scripts can tell bad input from failure.

namespace convstudio::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;     // something went wrong while doing valid work
inline constexpr int kExitUsageError = 2;  // bad arguments or bad input files

}  // namespace convstudio::cli
