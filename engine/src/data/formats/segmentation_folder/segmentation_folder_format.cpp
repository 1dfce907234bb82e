// A segmentation folder: ROOT/images/*.png|jpg with ROOT/masks/<same stem>.png, an optional
// ROOT/classes.txt or classes.json, and an optional ROOT/val/{images,masks} validation split.
#include <filesystem>

#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"
#include "data/formats/segmentation_folder/mask_folder_layout.h"

namespace convstudio::formats::segmentation_folder {
namespace {

namespace fs = std::filesystem;

// Certain only when some image in images/ has its mask in masks/: a classification folder whose
// classes happen to be called "images" and "masks" holds no such pairs of names.
SniffMatch sniff(const std::string& path) {
  const std::string images = path + '/' + kImagesFolder;
  const std::string masks = path + '/' + kMasksFolder;
  if (!is_folder(images) || !is_folder(masks)) return SniffMatch::No;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(images, ec)) {
    if (is_regular_file(mask_path_for(masks, entry.path().filename().string()))) {
      return SniffMatch::Certain;
    }
  }
  return SniffMatch::No;
}

}  // namespace

std::string mask_path_for(const std::string& masks_folder, const std::string& image_name) {
  return masks_folder + '/' + fs::path(image_name).stem().string() + ".png";
}

std::string validation_folder(const std::string& root) {
  return is_folder(root + "/val/" + kImagesFolder) ? "val" : "";
}

DatasetFormat format() {
  DatasetFormat format;
  format.name = "segmentation-folder";
  format.path = DatasetPath::Folder;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Segmentation folder (images/ and masks/)");
  format.tooltip = QT_TRANSLATE_NOOP(
      "DatasetFormat",
      "Images in images/ and a PNG mask of the same name in masks/ (class indices, or colours "
      "named in classes.txt or classes.json); a val/ folder of the same layout validates");
  format.placeholder =
      QT_TRANSLATE_NOOP("DatasetFormat", "choose a folder holding images/ and masks/");
  format.cli_text = "a segmentation folder (images/ and masks/)";
  format.masks = true;
  format.sniff = sniff;
  format.validation_folder = validation_folder;
  return format;
}

}  // namespace convstudio::formats::segmentation_folder
