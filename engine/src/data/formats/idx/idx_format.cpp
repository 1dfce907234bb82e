// An MNIST-format folder: train-images-idx3-ubyte[.gz] and its labels, usually a t10k-* pair.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"

namespace convstudio::formats::idx {
namespace {

SniffMatch sniff(const std::string& path) {
  return is_folder(path) && folder_has_name_containing(path, "idx3-ubyte") ? SniffMatch::Certain
                                                                           : SniffMatch::No;
}

}  // namespace

DatasetFormat format() {
  DatasetFormat format;
  format.name = "idx";
  format.path = DatasetPath::Folder;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "IDX folder (MNIST format)");
  format.tooltip = QT_TRANSLATE_NOOP("DatasetFormat",
                                     "A folder with train-images-idx3-ubyte[.gz] and its labels");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "choose a folder");
  format.cli_text = "an IDX folder";
  format.has_test_set = true;
  format.warn_on_mirror = true;  // digits and letters
  format.sniff = sniff;
  return format;
}

}  // namespace convstudio::formats::idx
