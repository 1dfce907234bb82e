// A segmentation list: a CSV whose header names the columns image and mask, one pair per row,
// paths relative to the CSV's folder; classes.txt or classes.json beside it names the classes.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"

namespace convstudio::formats::segmentation_csv {
namespace {

SniffMatch sniff(const std::string& path) {
  if (lower_extension(path) != ".csv" || !is_regular_file(path)) return SniffMatch::No;
  return names_all(csv_header_names(path), {"image", "mask"}) ? SniffMatch::Certain
                                                              : SniffMatch::No;
}

}  // namespace

DatasetFormat format() {
  DatasetFormat format;
  format.name = "segmentation-csv";
  format.path = DatasetPath::File;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Images and masks in a CSV file (image,mask)");
  format.tooltip = QT_TRANSLATE_NOOP(
      "DatasetFormat",
      "A CSV file with the columns image and mask, paths relative to it; classes.txt or "
      "classes.json beside it names the classes");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "choose a CSV file with image,mask rows");
  format.file_filter = QT_TRANSLATE_NOOP("DatasetFormat", "CSV files (*.csv);;All files (*)");
  format.cli_text = "a CSV file of image,mask rows";
  format.names_files = true;
  format.masks = true;
  format.sniff = sniff;
  return format;
}

}  // namespace convstudio::formats::segmentation_csv
