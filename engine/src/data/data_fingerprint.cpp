#include "data/data_fingerprint.h"

#include "convstudio/io/stable_hash.h"

namespace convstudio {
namespace {

void add_class_names(StableHash& hash, const std::vector<std::string>& class_names) {
  hash.add(static_cast<std::uint64_t>(class_names.size()));
  for (const std::string& name : class_names) hash.add(name);
}

void add_images(StableHash& hash, const ImageSet& images) {
  hash.add(static_cast<std::int64_t>(images.channels))
      .add(static_cast<std::int64_t>(images.height))
      .add(static_cast<std::int64_t>(images.width))
      .add(images.size());
  hash.add(images.labels.data(), images.labels.size() * sizeof(images.labels[0]));
  hash.add(images.pixels.data(), images.pixels.size());
}

}  // namespace

std::string index_fingerprint(const FileIndex& index) {
  StableHash hash;
  add_class_names(hash, index.class_names);
  hash.add(static_cast<std::uint64_t>(index.files.size()));
  for (const IndexedFile& file : index.files) {
    hash.add(file.path)
        .add(static_cast<std::int64_t>(file.label))
        .add(static_cast<std::uint64_t>(file.validation))
        .add(file.bytes)
        .add(file.modified_ns);
    // A segmentation file's mask is part of what it is: another mask is other data. Classification
    // indexes hash as they always did, so their fingerprints stay.
    if (index.has_masks) {
      hash.add(file.mask);
      for (std::int64_t pixels : file.class_pixels) hash.add(pixels);
    }
  }
  return hash.hex();
}

std::string images_fingerprint(const std::vector<std::string>& class_names, const ImageSet& train,
                               const ImageSet* test) {
  StableHash hash;
  add_class_names(hash, class_names);
  add_images(hash, train);
  hash.add(static_cast<std::uint64_t>(test != nullptr));
  if (test != nullptr) add_images(hash, *test);
  return hash.hex();
}

}  // namespace convstudio
