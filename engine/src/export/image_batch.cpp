#include "export/image_batch.h"

#include "data/image_decoder.h"

namespace convstudio {

ImageBatch load_image_batch(const std::vector<std::filesystem::path>& files,
                            const PreprocessingContract& contract, bool keep_pixels) {
  ImageTarget target;
  target.channels = static_cast<int>(contract.input.channels());
  target.height = static_cast<int>(contract.input.height());
  target.width = static_cast<int>(contract.input.width());
  target.fit = contract.fit;
  const std::size_t plane =
      static_cast<std::size_t>(target.height) * static_cast<std::size_t>(target.width);
  ImageBatch batch;
  batch.errors.resize(files.size());
  std::vector<torch::Tensor> rows;
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(target.channels) * plane);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (target.channels != 1 && target.channels != 3) {
      batch.errors[i] = "the model takes " + std::to_string(target.channels) +
                        " channels; images give 1 (grey) or 3 (RGB)";
      continue;
    }
    // The reader training uses, so predict sees what training saw (fit, EXIF, size limit).
    if (auto error = read_image_file(files[i].string(), target, pixels.data())) {
      batch.errors[i] = error->message;
      continue;
    }
    torch::Tensor row =
        torch::from_blob(pixels.data(), {target.channels, target.height, target.width},
                         torch::kUInt8)
            .to(torch::kFloat)
            .div_(255.0f);
    for (int c = 0; c < target.channels; ++c) {
      const auto index = static_cast<std::size_t>(c);
      const float mean = index < contract.mean.size() ? contract.mean[index] : 0.f;
      const float std =
          index < contract.std.size() && contract.std[index] > 0 ? contract.std[index] : 1.f;
      row[c].sub_(mean).div_(std);
    }
    rows.push_back(row);
    batch.rows.push_back(i);
    if (keep_pixels) {
      batch.pixels.push_back({target.channels, target.height, target.width, pixels});
    }
  }
  if (!rows.empty()) batch.input = torch::stack(rows);
  return batch;
}

}  // namespace convstudio
