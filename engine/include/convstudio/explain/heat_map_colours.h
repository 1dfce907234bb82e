#pragma once
// A heat map as people see it: OpenCV's JET colours (the PNG files' colours) or grey, min-max
// scaled, and the overlay over the image saved as PNG. One home for the colours, so the studio's
// view, its colour bar and the files written by the CLI agree. Torch-free.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <vector>

#include "convstudio/error.h"
#include "convstudio/explain/explanation.h"

namespace convstudio {

// H×W×3 RGB bytes: the lowest value blue, the highest red (JET). All blue for a flat map.
std::vector<std::uint8_t> heat_map_colours(const HeatMap& map);
// H×W bytes, the lowest value 0 and the highest 255 (a feature map as a grey image).
std::vector<std::uint8_t> heat_map_grey(const HeatMap& map);
// The colour bar: `steps` RGB colours from the lowest value to the highest.
std::vector<std::uint8_t> heat_map_colour_scale(int steps = 256);

// The heat map over the image (`opacity` 0..1 of the heat map) as a PNG at `file`, written
// atomically. An Error with the file when it has no heat map or cannot be written.
std::optional<Error> write_overlay_png(const Explanation& explanation, double opacity,
                                       const std::filesystem::path& file);

}  // namespace convstudio
