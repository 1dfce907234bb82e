#pragma once
// The catalog's category names in the user's language (block type names stay as PyTorch
// spells them).

#include <QString>

#include <string>

namespace convstudio {

QString categoryTitle(const std::string& category);

}  // namespace convstudio
