// write_explanation_files (convstudio/explain/model_explainer.h): heat maps as .npy for other
// tools and as PNG for people, drawn with OpenCV's JET colour map over the fitted image.
#include <algorithm>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "convstudio/explain/heat_map_colours.h"
#include "convstudio/explain/model_explainer.h"
#include "convstudio/io/atomic_write.h"
#include "explain/npy_file.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// The map in 0..255 (min-max: occlusion drops and raw activations have any range).
cv::Mat to_bytes(const HeatMap& map) {
  const cv::Mat values(static_cast<int>(map.height), static_cast<int>(map.width), CV_32F,
                       const_cast<float*>(map.values.data()));
  cv::Mat bytes;
  cv::normalize(values, bytes, 0, 255, cv::NORM_MINMAX, CV_8U);
  return bytes;
}

// The fitted image as BGR (the heat map's size: the input's).
cv::Mat image_bgr(const Explanation& explanation) {
  const int type = explanation.image_channels == 1 ? CV_8UC1 : CV_8UC3;
  const cv::Mat pixels(static_cast<int>(explanation.image_height),
                       static_cast<int>(explanation.image_width), type,
                       const_cast<std::uint8_t*>(explanation.image_pixels.data()));
  cv::Mat bgr;
  cv::cvtColor(pixels, bgr,
               explanation.image_channels == 1 ? cv::COLOR_GRAY2BGR : cv::COLOR_RGB2BGR);
  return bgr;
}

cv::Mat jet(const HeatMap& map) {
  cv::Mat colour;
  cv::applyColorMap(to_bytes(map), colour, cv::COLORMAP_JET);
  return colour;
}

std::vector<std::uint8_t> bytes_of(const cv::Mat& image) {
  const cv::Mat continuous = image.isContinuous() ? image : image.clone();
  return {continuous.data, continuous.data + continuous.total() * continuous.elemSize()};
}

class FileWriter {
 public:
  FileWriter(fs::path folder) : folder_(std::move(folder)) {}

  std::optional<Error> npy(const std::string& name, const std::vector<std::int64_t>& shape,
                           const std::vector<float>& values) {
    return write(name, npy_float32(shape, values));
  }
  std::optional<Error> png(const std::string& name, const cv::Mat& image) {
    std::vector<std::uint8_t> bytes;
    if (!cv::imencode(".png", image, bytes)) {
      return Error::in_file((folder_ / name).string(), "OpenCV cannot encode it as PNG");
    }
    return write(name, std::string(bytes.begin(), bytes.end()));
  }
  std::vector<std::string> written;

 private:
  std::optional<Error> write(const std::string& name, const std::string& bytes) {
    if (auto error = write_file_atomically(folder_ / name, bytes)) return error;
    written.push_back(name);
    return std::nullopt;
  }
  fs::path folder_;
};

std::optional<Error> write_heat_map(FileWriter& files, const Explanation& explanation,
                                    const std::string& stem) {
  const HeatMap& map = explanation.heat_map;
  if (auto error = files.npy(stem + ".npy", {map.height, map.width}, map.values)) return error;
  const cv::Mat colour = jet(map);
  if (auto error = files.png(stem + ".png", colour)) return error;
  cv::Mat overlay;
  cv::addWeighted(image_bgr(explanation), 0.5, colour, 0.5, 0, overlay);
  return files.png(stem + ".overlay.png", overlay);
}

std::optional<Error> write_feature_maps(FileWriter& files, const Explanation& explanation,
                                        const std::string& stem) {
  for (const FeatureMap& feature : explanation.feature_maps) {
    const std::string name = stem + "." + std::to_string(feature.channel);
    const HeatMap& map = feature.values;
    if (auto error = files.npy(name + ".npy", {map.height, map.width}, map.values)) return error;
    if (auto error = files.png(name + ".png", to_bytes(map))) return error;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::uint8_t> heat_map_colours(const HeatMap& map) {
  if (map.values.empty()) return {};
  cv::Mat rgb;
  cv::cvtColor(jet(map), rgb, cv::COLOR_BGR2RGB);
  return bytes_of(rgb);
}

std::vector<std::uint8_t> heat_map_grey(const HeatMap& map) {
  if (map.values.empty()) return {};
  return bytes_of(to_bytes(map));
}

std::vector<std::uint8_t> heat_map_colour_scale(int steps) {
  HeatMap ramp;
  ramp.height = 1;
  ramp.width = std::max(steps, 2);
  for (std::int64_t i = 0; i < ramp.width; ++i) ramp.values.push_back(static_cast<float>(i));
  return heat_map_colours(ramp);
}

std::optional<Error> write_overlay_png(const Explanation& explanation, double opacity,
                                       const fs::path& file) {
  const HeatMap& map = explanation.heat_map;
  if (map.values.empty() || map.height != explanation.image_height ||
      map.width != explanation.image_width) {
    return Error::in_file(file.string(), "there is no heat map over the image to save");
  }
  const double alpha = std::clamp(opacity, 0.0, 1.0);
  cv::Mat overlay;
  cv::addWeighted(image_bgr(explanation), 1.0 - alpha, jet(map), alpha, 0, overlay);
  std::vector<std::uint8_t> bytes;
  if (!cv::imencode(".png", overlay, bytes)) {
    return Error::in_file(file.string(), "OpenCV cannot encode it as PNG");
  }
  return write_file_atomically(file, std::string(bytes.begin(), bytes.end()));
}

Result<std::vector<std::string>> write_explanation_files(const Explanation& explanation,
                                                         ExplainMethod method,
                                                         const fs::path& folder,
                                                         const std::string& stem) {
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return Error::in_file(folder.string(), "cannot be created: " + ec.message());
  FileWriter files(folder);
  const std::string method_stem = stem + "." + std::string(explain_method_name(method));
  const std::optional<Error> error = method == ExplainMethod::FeatureMaps
                                         ? write_feature_maps(files, explanation, method_stem)
                                         : write_heat_map(files, explanation, method_stem);
  if (error) return *error;
  if (auto input_error =
          files.npy(stem + ".input.npy",
                    {explanation.image_channels, explanation.image_height, explanation.image_width},
                    explanation.input)) {
    return *input_error;
  }
  return std::move(files.written);
}

}  // namespace convstudio
