#pragma once
// Where a run came from: the ConvStudio build, the libraries, the machine and the data it ran
// on, recorded in run.json's "origin" so two runs that differ can be explained later. Filled by
// the trainer once its device is chosen and its data loaded; the comparison table shows the
// facts that differ between runs.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace convstudio {

// Said for a CUDA, cuDNN or driver version where the run had none (a CPU run, a CPU-only build).
inline constexpr const char* kNoVersion = "none";

struct RunOrigin {
  std::string convstudio_version;
  std::string commit;  // build_versions.h: the git commit, or "unknown"
  std::string libtorch_version;
  std::string cuda_version = kNoVersion;
  std::string cudnn_version = kNoVersion;
  std::string driver_version = kNoVersion;
  std::string device;                     // the run's device: "cpu", "cuda:0"
  std::vector<std::string> device_names;  // the CPU's model, or the GPU's name
  std::string cpu_model;
  int cpu_threads = 0;    // logical cores
  int torch_threads = 0;  // LibTorch's intra-op threads
  std::string host;
  std::string data_path;
  std::string data_fingerprint;  // DatasetInfo::fingerprint
};

// run.json's "origin" object.
nlohmann::json run_origin_json(const RunOrigin& origin);

// The facts of a recorded "origin" object as name and text ("host", "cuda_version"; lists
// joined by ", "), in the order run_origin_json writes them: the comparison's columns. Empty for
// a run recorded before runs said where they came from.
std::vector<std::pair<std::string, std::string>> origin_facts(const nlohmann::json& origin);

}  // namespace convstudio
