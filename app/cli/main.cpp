// convstudio-cli: the headless face of the ConvStudio engine, for servers, CI and scripts.

#include <CLI/CLI.hpp>

#include <csignal>
#include <iostream>

#include "devices_command.h"
#include "exit_codes.h"
#include "explain_command.h"
#include "export_command.h"
#include "find_batch_size_command.h"
#include "find_lr_command.h"
#include "import_command.h"
#include "inspect_data_command.h"
#include "predict_command.h"
#include "profile_command.h"
#include "remote_command.h"
#include "run_app.h"
#include "study_command.h"
#include "sweep_command.h"
#include "targets_command.h"
#include "template_commands.h"
#include "train_command.h"
#include "version_command.h"

int main(int argc, char** argv) {
  using namespace convstudio::cli;
  // Past a file-size limit (ulimit -f) the kernel would kill us with SIGXFSZ in the middle of a
  // save; ignored, the write fails with EFBIG and the save says which file and why.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{kAppDescription, kAppName};
  bool show_version = false;
  add_version_flag(app, show_version);

  int exit_code = kExitOk;
  add_devices_command(app, exit_code);
  add_templates_command(app, exit_code);
  add_new_command(app, exit_code);
  add_inspect_command(app, exit_code);
  add_inspect_data_command(app, exit_code);
  add_train_command(app, exit_code);
  add_study_command(app, exit_code);
  add_sweep_command(app, exit_code);
  add_evaluate_command(app, exit_code);
  add_find_lr_command(app, exit_code);
  add_find_batch_size_command(app, exit_code);
  add_profile_command(app, exit_code);
  add_import_command(app, exit_code);
  add_weights_command(app, exit_code);
  add_export_command(app, exit_code);
  add_predict_command(app, exit_code);
  add_explain_command(app, exit_code);
  add_submit_command(app, exit_code);
  add_targets_command(app, exit_code);
  add_remote_command(app, exit_code);

  return run_app(app, argc, argv, show_version, exit_code);
}
