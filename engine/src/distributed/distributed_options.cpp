#include "convstudio/train/distributed_options.h"

#include <charconv>
#include <cstdint>
#include <optional>
#include <type_traits>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>  // environ, close

namespace convstudio {
namespace {

// A whole number in [low, high] from `name`'s text, or an error naming the variable.
Result<std::int64_t> whole_number(const std::string& name, const std::string& text,
                                  std::int64_t low, std::int64_t high) {
  std::int64_t value = 0;
  const auto [end, problem] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (problem != std::errc() || end != text.data() + text.size()) {
    return Error::in_setting(name, name + "=" + text + ": not a whole number");
  }
  if (value < low || value > high) {
    return Error::in_setting(name, name + "=" + text + ": expected " + std::to_string(low) +
                                       " to " + std::to_string(high));
  }
  return value;
}

}  // namespace

Result<DistributedOptions> distributed_options_from_environment(
    const std::map<std::string, std::string>& environment, DistributedOptions defaults) {
  DistributedOptions options = std::move(defaults);
  const auto read = [&](const char* name, std::int64_t low, std::int64_t high,
                        auto& target) -> std::optional<Error> {
    const auto found = environment.find(name);
    if (found == environment.end() || found->second.empty()) return std::nullopt;
    Result<std::int64_t> value = whole_number(name, found->second, low, high);
    if (!value) return value.error();
    target = static_cast<std::remove_reference_t<decltype(target)>>(value.value());
    return std::nullopt;
  };
  constexpr std::int64_t kMaxRanks = 1 << 20;
  if (auto problem = read("WORLD_SIZE", 1, kMaxRanks, options.world_size)) return *problem;
  if (auto problem = read("RANK", 0, kMaxRanks, options.rank)) return *problem;
  if (auto problem = read("LOCAL_RANK", 0, kMaxRanks, options.local_rank)) return *problem;
  if (auto problem = read("MASTER_PORT", 1, 65535, options.master_port)) return *problem;
  if (auto problem = read("CONVSTUDIO_DIST_TIMEOUT", 1, 24 * 3600, options.timeout_seconds))
    return *problem;
  if (const auto found = environment.find("MASTER_ADDR");
      found != environment.end() && !found->second.empty()) {
    options.master_addr = found->second;
  }
  if (options.rank >= options.world_size) {
    return Error::in_setting("RANK",
                             "RANK=" + std::to_string(options.rank) +
                                 " is not below WORLD_SIZE=" + std::to_string(options.world_size));
  }
  if (options.local_rank > options.rank && options.world_size > 1) {
    return Error::in_setting("LOCAL_RANK", "LOCAL_RANK=" + std::to_string(options.local_rank) +
                                               " is above RANK=" + std::to_string(options.rank));
  }
  return options;
}

std::map<std::string, std::string> process_environment() {
  std::map<std::string, std::string> variables;
  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string text(*entry);
    const auto equals = text.find('=');
    if (equals != std::string::npos)
      variables.emplace(text.substr(0, equals), text.substr(equals + 1));
  }
  return variables;
}

int free_local_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof(address);
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  close(fd);
  return port;
}

}  // namespace convstudio
