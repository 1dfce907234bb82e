#pragma once
// The engine's half of a data-set format: how its data is read. A format either reads its data
// whole into memory (IDX: small and stored raw) or indexes image files that the loader decodes
// while training (folders and lists: the index is cached, see file_index_store.h). Each home
// defines formats::<home>::reader() in <home>_reader.cpp; dataset_formats.def registers it.
// Internal to convstudio_engine.

#include <cstdint>
#include <string>

#include "convstudio/data/dataset_request.h"
#include "convstudio/result.h"
#include "data/file_index.h"
#include "data/raw_dataset.h"

namespace convstudio {

struct DatasetReader {
  // Data held in memory: read and decoded at once; the common steps convert, split and count it.
  Result<RawDataset> (*read_whole)(const DatasetRequest& request) = nullptr;
  // Image files: the index of `source` (the absolute folder or file the dataset's path names).
  // `allow_paths_outside`: a list may name files outside its own folder (formats that name
  // files only). `ignore_label`: the mask value of ignored pixels (formats with masks only; they
  // read and check every mask while indexing). Errors name the file and line of a bad entry.
  Result<FileIndex> (*index)(const std::string& source, const ScanProgress& progress,
                             bool allow_paths_outside, std::int64_t ignore_label) = nullptr;
};

const DatasetReader& dataset_reader(DatasetKind kind);

}  // namespace convstudio
