#pragma once
// The engine catalog's texts (block docs, parameter labels and docs, category names) in the
// user's language. Block type names stay as PyTorch spells them.

#include <QString>

#include <string>

namespace convstudio {

// The translation of `text` in the catalog's context, or `text` itself when none exists.
QString catalogText(const std::string& text);

}  // namespace convstudio
