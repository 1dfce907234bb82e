#pragma once
// The CLI flags of the setting table (--lr, --batch-size, --cudnn-benchmark /
// --no-cudnn-benchmark): each value is kept as typed and set through the project file's reader, so
// a flag refuses exactly what the project file refuses, with the same message. A setting gets a
// flag by its table entry's cli_flag; a command names the settings it offers.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/model/project.h"

namespace CLI {
class App;
}

namespace convstudio::cli {

class SettingFlags {
 public:
  // Adds the flag of the setting `key` ("lr") to `command`; `help` replaces the table's line.
  void add(CLI::App* command, const std::string& key, const std::string& help = {});
  void add(CLI::App* command, const std::vector<std::string>& keys);
  // Adds the flag of every setting whose table entry has one, in table order.
  void add_every(CLI::App* command);

  // Whether the flag of `key` was given.
  bool given(std::string_view key) const;
  bool any_given() const;
  // Sets every given flag in `project`, in table order; one error per refused value.
  std::vector<Error> apply_to(Project& project) const;

 private:
  // By key; std::map so the addresses CLI11 writes to stay put.
  std::map<std::string, std::optional<std::string>, std::less<>> values_;
  std::map<std::string, std::optional<bool>, std::less<>> switches_;
};

// check_settings on this machine, as the studio checks before Start: each problem printed as
// "warning: PLACE: …" or "error: PLACE: …"; false when an error refuses the run.
bool passes_setting_checks(const Project& project);

}  // namespace convstudio::cli
