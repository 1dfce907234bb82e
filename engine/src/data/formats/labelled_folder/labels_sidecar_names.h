#pragma once
// The names a labelled folder's labels file may have, in the order they are
// looked for: both halves of the format ask them (the sniff and the reader).

#include <array>
#include <string_view>

namespace convstudio::formats::labelled_folder {

inline constexpr std::array<std::string_view, 3> kSidecarNames = {"labels.csv", "labels.txt",
                                                                  "labels.json"};

}  // namespace convstudio::formats::labelled_folder
