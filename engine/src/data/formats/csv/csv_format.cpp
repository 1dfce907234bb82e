// A labels-in-a-CSV list: a header naming path and label, one row per image.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_sniffing.h"
#include "data/formats/format_text.h"

namespace convstudio::formats::csv {
namespace {

// A list of image,mask pairs (segmentation_csv) is a CSV too, but not one of labels.
SniffMatch sniff(const std::string& path) {
  if (lower_extension(path) != ".csv" || !is_regular_file(path)) return SniffMatch::No;
  const std::vector<std::string> header = csv_header_names(path);
  const bool masks = names_all(header, {"image", "mask"}) && !names_all(header, {"path", "label"});
  return masks ? SniffMatch::Possible : SniffMatch::Certain;
}

}  // namespace

DatasetFormat format() {
  DatasetFormat format;
  format.name = "csv";
  format.path = DatasetPath::File;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Labels in a CSV file (path,label)");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "choose a CSV file with path,label rows");
  format.file_filter = QT_TRANSLATE_NOOP("DatasetFormat", "CSV files (*.csv);;All files (*)");
  format.cli_text = "a CSV file of path,label rows";
  format.names_files = true;
  format.sniff = sniff;
  return format;
}

}  // namespace convstudio::formats::csv
