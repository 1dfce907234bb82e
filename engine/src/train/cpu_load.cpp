#include "cpu_load.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace convstudio {

std::optional<CpuTicks> parse_cpu_ticks(const std::string& proc_stat_cpu_line,
                                        const std::string& proc_self_stat) {
  // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"; guest time is
  // already inside user and nice, so the first eight fields are the whole.
  std::istringstream machine(proc_stat_cpu_line);
  std::string label;
  machine >> label;
  if (label != "cpu") return std::nullopt;
  std::vector<long long> fields;
  long long value = 0;
  while (fields.size() < 8 && machine >> value) fields.push_back(value);
  if (fields.size() < 5) return std::nullopt;
  fields.resize(8, 0);
  const long long idle = fields[3] + fields[4];
  long long total = 0;
  for (const long long field : fields) total += field;
  // "PID (comm) state ppid … utime stime …": comm may hold spaces and parentheses, so the
  // fields are counted from the last ')'; utime and stime are fields 14 and 15.
  const std::size_t close = proc_self_stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream own(proc_self_stat.substr(close + 1));
  std::string field;
  std::vector<std::string> after_comm;
  while (after_comm.size() < 13 && own >> field) after_comm.push_back(field);
  if (after_comm.size() < 13) return std::nullopt;
  CpuTicks ticks;
  ticks.machine_busy = total - idle;
  try {
    ticks.own = std::stoll(after_comm[11]) + std::stoll(after_comm[12]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return ticks;
}

std::optional<CpuTicks> read_cpu_ticks() {
  std::ifstream stat("/proc/stat");
  std::ifstream self("/proc/self/stat");
  std::string cpu_line;
  if (!stat || !self || !std::getline(stat, cpu_line)) return std::nullopt;
  std::stringstream self_text;
  self_text << self.rdbuf();
  return parse_cpu_ticks(cpu_line, self_text.str());
}

double busy_cores_of_others(const CpuTicks& before, const CpuTicks& after, double seconds) {
  const long ticks_per_second = sysconf(_SC_CLK_TCK);
  if (seconds <= 0 || ticks_per_second <= 0) return 0;
  const long long others = (after.machine_busy - before.machine_busy) - (after.own - before.own);
  return std::max(0.0,
                  static_cast<double>(others) / static_cast<double>(ticks_per_second) / seconds);
}

}  // namespace convstudio
