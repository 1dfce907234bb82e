#include "export/image_batch.h"

#include <opencv2/imgcodecs.hpp>

#include "data/image_conversion.h"

namespace convstudio {
namespace {

cv::Mat decode(const std::filesystem::path& file, int channels) {
  try {
    // The flags the image-folder dataset uses, so predict sees what training saw.
    return cv::imread(file.string(), channels == 1 ? cv::IMREAD_GRAYSCALE : cv::IMREAD_COLOR);
  } catch (const cv::Exception&) {
    return {};  // some codecs throw on corrupt files rather than return nothing
  }
}

}  // namespace

ImageBatch load_image_batch(const std::vector<std::filesystem::path>& files,
                            const PreprocessingContract& contract) {
  const int channels = static_cast<int>(contract.input.channels());
  const int height = static_cast<int>(contract.input.height());
  const int width = static_cast<int>(contract.input.width());
  const std::size_t plane = static_cast<std::size_t>(height) * static_cast<std::size_t>(width);
  ImageBatch batch;
  batch.errors.resize(files.size());
  std::vector<torch::Tensor> rows;
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(channels) * plane);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (channels != 1 && channels != 3) {
      batch.errors[i] = "the model takes " + std::to_string(channels) +
                        " channels; images give 1 (grey) or 3 (RGB)";
      continue;
    }
    const cv::Mat image = decode(files[i], channels);
    if (image.empty()) {
      batch.errors[i] = "cannot be read as an image (missing, unsupported or corrupt)";
      continue;
    }
    write_planar(image, true, pixels.data(), channels, height, width);
    torch::Tensor row = torch::from_blob(pixels.data(), {channels, height, width}, torch::kUInt8)
                            .to(torch::kFloat)
                            .div_(255.0f);
    for (int c = 0; c < channels; ++c) {
      const auto index = static_cast<std::size_t>(c);
      const float mean = index < contract.mean.size() ? contract.mean[index] : 0.f;
      const float std =
          index < contract.std.size() && contract.std[index] > 0 ? contract.std[index] : 1.f;
      row[c].sub_(mean).div_(std);
    }
    rows.push_back(row);
    batch.rows.push_back(i);
  }
  if (!rows.empty()) batch.input = torch::stack(rows);
  return batch;
}

}  // namespace convstudio
