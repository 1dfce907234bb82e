#pragma once
// QUndoCommand::id() values of the commands that merge with their successor.

namespace convstudio::command_id {

inline constexpr int kMoveBlocks = 1;
inline constexpr int kSetParam = 2;
inline constexpr int kSetSettings = 3;

}  // namespace convstudio::command_id
