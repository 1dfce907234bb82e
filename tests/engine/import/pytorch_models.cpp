#include "pytorch_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace convstudio::testing {
namespace {

namespace fs = std::filesystem;

torch::Tensor read_floats(const fs::path& file, std::vector<std::int64_t> shape) {
  std::ifstream in(file, std::ios::binary);
  torch::Tensor t = torch::empty(shape, torch::kFloat32);
  in.read(static_cast<char*>(t.data_ptr()), static_cast<std::streamsize>(t.nbytes()));
  EXPECT_TRUE(in.good()) << file;
  return t;
}

std::vector<PyTorchModel> make_models() {
  const fs::path dir =
      fs::temp_directory_path() / ("convstudio_import_models_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string command = std::string(CONVSTUDIO_PYTHON) + " " + CONVSTUDIO_MAKE_IMPORT_MODELS +
                              " " + dir.string() + " > " + (dir / "python.log").string() + " 2>&1";
  if (std::system(command.c_str()) != 0) {
    std::ifstream log(dir / "python.log");
    ADD_FAILURE() << "make_import_models.py failed:\n" << log.rdbuf();
    return {};
  }
  std::ifstream manifest_stream(dir / "manifest.json");
  const nlohmann::json manifest = nlohmann::json::parse(manifest_stream);
  std::vector<PyTorchModel> models;
  for (const auto& [name, entry] : manifest.items()) {
    PyTorchModel m;
    m.name = name;
    m.onnx = dir / entry["file"].get<std::string>();
    m.refused = entry["refused"].get<bool>();
    m.external_data = entry["external_data"].get<bool>();
    m.parameters = entry["parameters"].get<std::int64_t>();
    m.input = read_floats(dir / (name + ".input"), entry["input"].get<std::vector<std::int64_t>>());
    m.expected =
        read_floats(dir / (name + ".expected"), entry["output"].get<std::vector<std::int64_t>>());
    models.push_back(std::move(m));
  }
  return models;
}

}  // namespace

const std::vector<PyTorchModel>& pytorch_models() {
  static const std::vector<PyTorchModel> models = make_models();
  return models;
}

}  // namespace convstudio::testing
