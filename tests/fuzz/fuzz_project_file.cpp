// libFuzzer: a .convstudio project file as the studio and the CLI open it (ProjectFile::parse),
// then, when it loads, what opening does next: serialize it again and parse the result back.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace convstudio;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ProjectLoadResult loaded = ProjectFile::parse(text);
  if (!loaded.ok()) return 0;
  // Opening a project runs shape inference over its graph for the canvas and the problems list.
  ShapeInference::run(loaded.project->graph);
  const std::string again = ProjectFile::serialize(*loaded.project);
  if (!ProjectFile::parse(again).ok()) __builtin_trap();  // a loaded project must save readably
  return 0;
}
