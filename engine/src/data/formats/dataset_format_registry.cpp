#include <string>
#include <vector>

#include "convstudio/model/dataset_format.h"

namespace convstudio {

namespace formats {
#define CONVSTUDIO_DATASET_FORMAT(home) \
  namespace home {                      \
  DatasetFormat format();               \
  }
#include "data/formats/dataset_formats.def"
#undef CONVSTUDIO_DATASET_FORMAT
}  // namespace formats

namespace {

std::vector<DatasetFormat> registered(std::vector<DatasetFormat> formats) {
  for (std::size_t i = 0; i < formats.size(); ++i) formats[i].kind = static_cast<DatasetKind>(i);
  return formats;
}

}  // namespace

const std::vector<DatasetFormat>& dataset_formats() {
  static const std::vector<DatasetFormat> all = registered({
#define CONVSTUDIO_DATASET_FORMAT(home) formats::home::format(),
#include "data/formats/dataset_formats.def"
#undef CONVSTUDIO_DATASET_FORMAT
  });
  return all;
}

const DatasetFormat& dataset_format(DatasetKind kind) {
  // A kind is its format's position in dataset_formats.def.
  const auto position = static_cast<std::size_t>(kind);
  const std::vector<DatasetFormat>& all = dataset_formats();
  return all[position < all.size() ? position : 0];
}

const DatasetFormat* find_dataset_format(std::string_view name) {
  for (const DatasetFormat& format : dataset_formats()) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

std::string dataset_format_names() {
  std::string names;
  for (const DatasetFormat& format : dataset_formats()) {
    if (!names.empty()) names += ", ";
    names += format.name;
  }
  return names;
}

std::string dataset_format_choices() {
  const std::vector<DatasetFormat>& all = dataset_formats();
  std::string choices;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) choices += i + 1 == all.size() ? " or " : ", ";
    choices += all[i].cli_text;
  }
  return choices;
}

const DatasetFormat* sniff_dataset_format(const std::string& path) {
  const DatasetFormat* best = nullptr;
  SniffMatch best_match = SniffMatch::No;
  for (const DatasetFormat& format : dataset_formats()) {
    if (format.sniff == nullptr) continue;
    const SniffMatch match = format.sniff(path);
    if (match > best_match) {
      best = &format;
      best_match = match;
    }
  }
  return best;
}

}  // namespace convstudio
