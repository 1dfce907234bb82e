#include "devices_command.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

#include "convstudio/model/units.h"
#include "convstudio/system_info.h"
#include "cuda_support_line.h"
#include "exit_codes.h"

namespace convstudio::cli {
namespace {

nlohmann::json devices_json(const BuildInfo& build, const DeviceReport& report) {
  nlohmann::json cuda = nlohmann::json::array();
  for (const CudaDevice& d : report.cuda_devices) {
    cuda.push_back({{"index", d.index},
                    {"name", d.name},
                    {"total_memory_bytes", d.total_memory_bytes},
                    {"compute_capability",
                     std::to_string(d.compute_major) + "." + std::to_string(d.compute_minor)},
                    {"multiprocessors", d.multiprocessors}});
  }
  return {{"cpu",
           {{"model", report.cpu.model},
            {"hardware_threads", report.cpu.hardware_threads},
            {"torch_threads", report.cpu.torch_threads}}},
          {"cuda_compiled", build.cuda_compiled},
          {"cuda_support", cuda_support_state(build, report)},
          {"cudnn_version", build.cudnn_version},
          {"cuda_available", report.cuda_available},
          {"cuda_unavailable_reason", report.cuda_unavailable_reason},
          {"cuda_driver_version", report.cuda_driver_version},
          {"cuda_devices", cuda}};
}

void print_devices(const BuildInfo& build, const DeviceReport& report, std::ostream& out) {
  out << "cpu      " << report.cpu.model << ", " << report.cpu.hardware_threads
      << " hardware threads, LibTorch uses " << report.cpu.torch_threads << "\n";
  out << cuda_support_line(build, report) << "\n";
  if (!build.cudnn_version.empty()) out << "cuDNN " << build.cudnn_version << "\n";
  if (!report.cuda_available) {
    out << "CUDA is not available: " << report.cuda_unavailable_reason << "\n";
    return;
  }
  for (const CudaDevice& d : report.cuda_devices) {
    out << "cuda:" << d.index << "   " << d.name << ", " << format_bytes(d.total_memory_bytes)
        << ", compute capability " << d.compute_major << "." << d.compute_minor << ", "
        << d.multiprocessors << " multiprocessors\n";
  }
  if (!report.cuda_driver_version.empty()) {
    out << "NVIDIA driver supports CUDA " << report.cuda_driver_version << "\n";
  }
}

}  // namespace

void add_devices_command(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("devices", "List the CPU and every CUDA device");
  auto as_json = std::make_shared<bool>(false);
  command->add_flag("--json", *as_json, "Print one JSON object instead of text");
  command->callback([as_json, &exit_code] {
    const BuildInfo build = build_info();
    const DeviceReport report = probe_devices();
    if (*as_json) {
      std::cout << devices_json(build, report).dump(2) << "\n";
    } else {
      print_devices(build, report, std::cout);
    }
    exit_code = kExitOk;
  });
}

}  // namespace convstudio::cli
