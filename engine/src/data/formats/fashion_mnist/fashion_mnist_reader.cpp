#include <string>
#include <vector>

#include "data/formats/dataset_reader.h"
#include "data/formats/idx/idx_dataset.h"

namespace convstudio::formats::fashion_mnist {
namespace {

const std::vector<std::string> kClasses = {"T-shirt/top", "Trouser",   "Pullover", "Dress",
                                           "Coat",        "Sandal",    "Shirt",    "Sneaker",
                                           "Bag",         "Ankle boot"};

Result<RawDataset> read(const DatasetRequest& request) {
  const std::string folder = request.path.empty() ? std::string(kFashionMnistFolder) : request.path;
  return read_idx_folder(folder, IdxClasses{kClasses, "Fashion-MNIST"});
}

}  // namespace

DatasetReader reader() {
  DatasetReader reader;
  reader.read_whole = read;
  return reader;
}

}  // namespace convstudio::formats::fashion_mnist
