// A flat folder of images with a labels file beside them (labels.csv or
// labels.txt of file,label lines, or labels.json of {"file": "label"}): the
// layout many annotation tools export.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"
#include "data/formats/labelled_folder/labels_sidecar_names.h"

namespace convstudio::formats::labelled_folder {
namespace {

SniffMatch sniff(const std::string& path) {
  if (!is_folder(path)) return SniffMatch::No;
  for (std::string_view name : kSidecarNames) {
    if (is_regular_file(path + '/' + std::string(name))) return SniffMatch::Certain;
  }
  return SniffMatch::No;
}

}  // namespace

DatasetFormat format() {
  DatasetFormat format;
  format.name = "labelled-folder";
  format.path = DatasetPath::Folder;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Image folder with a labels file");
  format.tooltip = QT_TRANSLATE_NOOP("DatasetFormat",
                                     "Images in one folder, labelled by labels.csv or "
                                     "labels.txt (file,label lines) or "
                                     "labels.json ({\"file\": \"label\"}) beside them");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "choose a folder");
  format.cli_text = "a folder of images with labels.csv, labels.txt or labels.json";
  format.names_files = true;
  format.sniff = sniff;
  return format;
}

}  // namespace convstudio::formats::labelled_folder
