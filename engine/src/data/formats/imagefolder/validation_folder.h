#pragma once
// Which folder beside ROOT/train holds an image folder's fixed validation split. Defined in
// imagefolder_format.cpp (torch-free), so the scan and the validation choice
// (convstudio/model/validation_choice.h) read one rule.

#include <string>

namespace convstudio::formats::imagefolder {

// "val", "valid", "validation" or "test", the first that is a folder beside ROOT/train; "" when
// ROOT/train is missing or none of them is there.
std::string validation_folder(const std::string& root);

}  // namespace convstudio::formats::imagefolder
