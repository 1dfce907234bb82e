#pragma once
// Paths between Qt and the engine in the file system's own bytes (QFile's encoding), so a file
// name in any encoding goes there and back unchanged.

#include <QFile>
#include <QString>

#include <filesystem>

namespace convstudio {

inline std::filesystem::path fsPath(const QString& path) {
  return QFile::encodeName(path).toStdString();
}

inline QString qtPath(const std::filesystem::path& path) {
  return QFile::decodeName(path.string().c_str());
}

}  // namespace convstudio
