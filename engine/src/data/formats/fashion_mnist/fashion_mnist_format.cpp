// Fashion-MNIST, installed by Debian's dataset-fashion-mnist: IDX files with named classes.
#include "convstudio/model/dataset_format.h"
#include "data/formats/format_text.h"

namespace convstudio::formats::fashion_mnist {

DatasetFormat format() {
  DatasetFormat format;
  format.name = "fashion-mnist";
  format.path = DatasetPath::BuiltIn;
  format.label = QT_TRANSLATE_NOOP("DatasetFormat", "Fashion-MNIST (built in)");
  format.placeholder = QT_TRANSLATE_NOOP("DatasetFormat", "built-in location");
  format.cli_text = "fashion-mnist (built in)";
  format.has_test_set = true;
  // Chosen by name only: any other IDX folder is idx.
  return format;
}

}  // namespace convstudio::formats::fashion_mnist
