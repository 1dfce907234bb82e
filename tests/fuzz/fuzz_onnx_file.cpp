// libFuzzer: an .onnx file as `convstudio-cli import` and `weights --from` read it: the protobuf,
// initializers in the file and in external data beside it, the mapping onto blocks with its
// constant folding, shape inference, and the stored weights checked against what the blocks need
// (everything before a LibTorch layer is built). The scratch folder the model is written to holds
// external data to name: "weights.bin" (plain bytes), "outside.bin" (a link out of the folder),
// "sub" (a linked folder) and "fifo.bin" (a FIFO); the seeds name them.
#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>

#include "convstudio/model/shape_inference.h"
#include "fuzz_input_file.h"
#include "import/onnx_file_reader.h"
#include "import/onnx_graph_mapper.h"
#include "import/stored_weight_sizes.h"

namespace {

namespace fs = std::filesystem;

void prepare_folder() {
  const fs::path folder = convstudio::fuzz::scratch_folder();
  std::ofstream(folder / "weights.bin", std::ios::binary) << std::string(4096, '\x3f');
  std::error_code ignored;
  fs::create_symlink("/etc/hostname", folder / "outside.bin", ignored);
  fs::create_directory_symlink("/etc", folder / "sub", ignored);
  ::mkfifo((folder / "fifo.bin").c_str(), 0600);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace convstudio;
  static const bool prepared = (prepare_folder(), true);
  (void)prepared;
  const std::string model = fuzz::write_input("model.onnx", data, size);
  // The importer turns any exception (LibTorch's among them) into a refusal; so does this.
  try {
    Result<onnx_import::OnnxModelView> view = onnx_import::read_onnx_file(model);
    if (!view) return 0;
    const onnx_import::MappedModel mapped = onnx_import::map_onnx_graph(view.value());
    if (!mapped.refusals.empty()) return 0;
    const ModelAnalysis analysis = ShapeInference::run(mapped.graph);
    if (!analysis.ok()) return 0;
    (void)onnx_import::check_stored_weight_sizes(mapped, analysis);
  } catch (const std::exception&) {
  }
  return 0;
}
