#pragma once
// What a block id may hold. Every message about a block starts with its id ("conv2 (Conv2d):
// ..."), in the CLI, the log and the studio's problem list, so an id holding a control character
// (NUL, newline, escape) or a bidirectional-formatting one (U+202E RIGHT-TO-LEFT OVERRIDE) would
// let a hostile project file make those lines lie. One rule, used by the project file's reader
// (and so the clipboard's) and by GraphValidator.

#include <optional>
#include <string>
#include <string_view>

namespace convstudio {

// Why `id` cannot be a block id (the offending code point written as U+XXXX, never echoed), or
// nullopt when it can. Refused: bytes that are not UTF-8, control characters (U+0000-U+001F,
// U+007F-U+009F), bidirectional formatting (U+061C, U+200E, U+200F, U+202A-U+202E,
// U+2066-U+2069), line and paragraph separators (U+2028, U+2029) and invisible characters that
// make two ids look alike (U+200B-U+200D, U+2060, U+FEFF). An empty id is left to the callers.
std::optional<std::string> block_id_problem(std::string_view id);

}  // namespace convstudio
