#pragma once
// Follows a remote run from the terminal to its end: mirror steps once a second, each new step
// and epoch printed from the mirror by RunFollower (as the studio reads it), a lost link
// retried with backoff ("reconnecting"), and the state it ended in.

#include "convstudio/remote/remote_run.h"

namespace convstudio::cli {

// 0 when the run finished; 1 when it was stopped or failed; 2 when the remote refused.
int follow_remote_run(RemoteRun& run);

}  // namespace convstudio::cli
