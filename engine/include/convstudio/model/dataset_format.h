#pragma once
// The data-set formats as a registry, the way Tiled's FileFormat describes a map format: each
// format's name in project files and the CLI, how a path is recognised as one, and what the
// dataset editor shows for it. Every format lives in engine/src/data/formats/<home>/ and is
// registered by one line in engine/src/data/formats/dataset_formats.def; the CLI, the editor, the
// settings check, the project file and the loader ask this registry and never switch on a
// format themselves. The readers are the engine's half (engine/src/data/formats/dataset_reader.h).
// A format's DatasetKind is its position in the registry: DatasetKind names the first four.

#include <string>
#include <string_view>
#include <vector>

#include "convstudio/model/dataset_settings.h"

namespace convstudio {

// What the dataset's path names. BuiltIn: a folder, and an empty path means the installed copy.
enum class DatasetPath { BuiltIn, Folder, File };

// How sure a format is that a path holds its data.
enum class SniffMatch { No, Possible, Certain };

// The translation context of the formats' editor texts in translations/*.ts.
inline constexpr const char* kDatasetFormatTextContext = "DatasetFormat";

struct DatasetFormat {
  DatasetKind kind = DatasetKind::FashionMnist;  // its position, set by the registry
  std::string_view name;                         // "source" in project files: "csv"
  DatasetPath path = DatasetPath::Folder;

  // English, marked QT_TRANSLATE_NOOP("DatasetFormat", ...); the widgets translate them.
  const char* label = "";        // the editor's choice, "Labels in a CSV file (path,label)"
  const char* tooltip = "";      // "" for none
  const char* placeholder = "";  // the path field's hint while it is empty
  const char* file_filter = "";  // File formats: the open dialog's filters, "CSV files (*.csv);;…"
  // English only, for the CLI's help and errors: "a CSV file of path,label rows".
  const char* cli_text = "";

  // New projects validate on the data's own test split; otherwise on its validation folder
  // (below) when it has one, else on a share of the training data (validation_choice.h).
  bool has_test_set = false;
  // The data names its files by path, so the allow_paths_outside setting applies to it.
  bool names_files = false;
  // Mirroring may change what an image means (digits, letters): the settings check warns.
  bool warn_on_mirror = false;
  // Every image has a mask of classes (segmentation data): the data a segmentation project
  // trains on, and refused by a classification project.
  bool masks = false;

  // Whether `path` holds this format's data; nullptr: only chosen by name (the built-in data).
  SniffMatch (*sniff)(const std::string& path) = nullptr;
  // The folder beside the training data in `path` that holds a fixed validation split (ROOT/val
  // beside ROOT/train): its name, "" when there is none; nullptr: the format never keeps one.
  std::string (*validation_folder)(const std::string& path) = nullptr;
};

// Every format in dataset_formats.def order, which is the editor's order.
const std::vector<DatasetFormat>& dataset_formats();
const DatasetFormat& dataset_format(DatasetKind kind);
// nullptr when no format has that name.
const DatasetFormat* find_dataset_format(std::string_view name);

// "fashion-mnist, idx, imagefolder, csv": the names a project file accepts, for its errors.
std::string dataset_format_names();
// "fashion-mnist (built in), an IDX folder, … or a CSV file of path,label rows", for the CLI.
std::string dataset_format_choices();

// The format that is surest `path` holds its data (the first in registry order among equals);
// nullptr when none recognises it. guess_dataset_kind (dataset_request.h) asks this.
const DatasetFormat* sniff_dataset_format(const std::string& path);

}  // namespace convstudio
