#include "formats/segmentation_test_files.h"

#include <gtest/gtest.h>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "convstudio/data/class_colours.h"
#include "convstudio/model/dataset_format.h"

namespace convstudio::testing {

namespace fs = std::filesystem;

int stripe_class(int index, int x, int y) {
  return ((x + index) / 3 + (y >= 4 ? 1 : 0)) % 3;
}

void write_mask_pair(const fs::path& folder, const std::string& name, int index, int width,
                     int height) {
  fs::create_directories(folder / "images");
  fs::create_directories(folder / "masks");
  cv::Mat image(height, width, CV_8UC3);
  cv::Mat mask(height, width, CV_8UC1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const int label = stripe_class(index, x, y);
      const ClassColour colour = default_class_colour(label + 1);  // never black
      image.at<cv::Vec3b>(y, x) = {colour[2], colour[1], colour[0]};
      mask.at<std::uint8_t>(y, x) = static_cast<std::uint8_t>(label);
    }
  }
  ASSERT_TRUE(cv::imwrite((folder / "images" / (name + ".png")).string(), image));
  ASSERT_TRUE(cv::imwrite((folder / "masks" / (name + ".png")).string(), mask));
}

void write_segmentation_folder(const fs::path& root, int train, int validation) {
  for (int i = 0; i < train; ++i) write_mask_pair(root, "t" + std::to_string(i), i);
  for (int i = 0; i < validation; ++i) write_mask_pair(root / "val", "v" + std::to_string(i), i);
}

DatasetRequest segmentation_request(const std::string& name, const fs::path& path) {
  DatasetRequest request;
  const DatasetFormat* format = find_dataset_format(name);
  EXPECT_NE(format, nullptr) << name;
  request.kind = format != nullptr ? format->kind : DatasetKind::ImageFolder;
  request.path = path.string();
  request.channels = 3;
  request.height = 6;
  request.width = 8;
  request.compute_statistics = false;
  return request;
}

}  // namespace convstudio::testing
