// torchvision's ImageFolder layout: root/<class>/*.png, or root/train/<class>/… with
// root/val/<class>/… for a fixed split.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"
#include "data/formats/imagefolder/validation_folder.h"

namespace convstudio::formats::imagefolder {
namespace {

// Any folder may be one; a format that recognises its own files in the folder wins.
SniffMatch sniff(const std::string& path) {
  return is_folder(path) ? SniffMatch::Possible : SniffMatch::No;
}

}  // namespace

std::string validation_folder(const std::string& root) {
  if (!is_folder(root + "/train")) return {};
  for (const char* name : {"val", "valid", "validation", "test"}) {
    if (is_folder(root + '/' + name)) return name;
  }
  return {};
}

DatasetFormat format() {
  DatasetFormat format;
  format.name = "imagefolder";
  format.path = DatasetPath::Folder;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Image folder");
  format.tooltip = QT_TRANSLATE_NOOP(
      "DatasetFormat", "One subfolder of images per class; the folder names are the classes");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "choose a folder");
  format.cli_text = "an image folder";
  format.sniff = sniff;
  format.validation_folder = validation_folder;
  return format;
}

}  // namespace convstudio::formats::imagefolder
