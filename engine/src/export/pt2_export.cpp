#include "export/pt2_export.h"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "convstudio/export/python_torch.h"
#include "convstudio/remote/process_runner.h"
#include "export/pt2_script.h"
#include "export/python_export.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Removes a folder (and what is in it) when it goes out of scope.
struct ScratchFolder {
  fs::path path;
  ~ScratchFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

// The answer's last line as JSON (the script prints one; torch may print warnings before it).
nlohmann::json last_json_line(const std::string& out) {
  std::string answer = out;
  while (!answer.empty() && (answer.back() == '\n' || answer.back() == '\r')) answer.pop_back();
  const std::size_t line = answer.rfind('\n');
  return nlohmann::json::parse(line == std::string::npos ? answer : answer.substr(line + 1),
                               nullptr, false);
}

// What Python said went wrong, with the block when the generated forward raised it.
Error python_failure(const TrainedModel& model, const fs::path& out, const nlohmann::json& answer,
                     ExportFormat format) {
  const std::string message = std::string(export_format_name(format)) + " export failed at " +
                              answer.value("step", std::string("an unknown step")) + ": " +
                              answer.value("error", std::string("no reason given"));
  if (answer.contains("block") && answer["block"].is_string()) {
    const std::string block_id = answer["block"].get<std::string>();
    const Block* block = model.graph.find_block(block_id);
    return Error::in_block(block_id, block != nullptr ? block->type : std::string(), "",
                           message + " (in " + out.filename().string() + ")");
  }
  return Error::in_file(out.string(), message);
}

}  // namespace

std::optional<Error> Pt2Export::write(const TrainedModel& model, const fs::path& out,
                                      ExportFormat format, const std::string& python,
                                      const std::string& device) {
  Result<PythonTorch> found = find_python_torch(format, python);
  if (!found) return found.error();

  std::string scratch_template = (fs::temp_directory_path() / "convstudio-pt2-XXXXXX").string();
  if (mkdtemp(scratch_template.data()) == nullptr) {
    return Error::in_file(fs::temp_directory_path().string(), "cannot make a scratch folder");
  }
  const ScratchFolder scratch{scratch_template};
  if (auto error = PythonExport::write(model, scratch.path / "convstudio_model.py",
                                       scratch.path / "convstudio_model.safetensors")) {
    return error;
  }
  {
    std::ofstream script(scratch.path / "export_pt2.py");
    script << kPt2Script;
    if (!script) return Error::in_file((scratch.path / "export_pt2.py").string(), "cannot write");
  }
  std::string shape;
  for (std::int64_t dim : model.analysis.input_shape.dims) {
    shape += (shape.empty() ? "" : ",") + std::to_string(dim);
  }
  // Beside `out` (same file system, so the rename is atomic); AOTInductor wants a .pt2 name.
  const fs::path partial =
      fs::absolute(out).parent_path() /
      ("." + out.stem().string() + ".partial-" + std::to_string(::getpid()) + ".pt2");
  Result<ProcessOutput> ran = run_process(
      {found.value().python, (scratch.path / "export_pt2.py").string(), scratch.path.string(),
       std::string(export_format_name(format)), partial.string(), shape, device});
  std::error_code ec;
  if (!ran) {
    fs::remove_all(partial, ec);
    return Error::in_setting("python",
                             "cannot start " + found.value().python + ": " + ran.error().message);
  }
  const nlohmann::json answer = last_json_line(ran.value().out);
  if (!answer.is_object() || !answer.value("ok", false)) {
    fs::remove_all(partial, ec);
    if (answer.is_object()) return python_failure(model, out, answer, format);
    const std::string& err = ran.value().err;
    return Error::in_file(out.string(), found.value().python + " failed (exit " +
                                            std::to_string(ran.value().exit_code) + "): " +
                                            err.substr(err.size() > 600 ? err.size() - 600 : 0));
  }
  fs::rename(partial, out, ec);
  if (ec) {
    const std::string reason = ec.message();
    fs::remove_all(partial, ec);
    return Error::in_file(out.string(), "cannot rename the finished file into place: " + reason);
  }
  return std::nullopt;
}

}  // namespace convstudio
