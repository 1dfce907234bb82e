#pragma once
// Every settings key the studio uses, declared once with its default (no key string is
// spelled anywhere else).

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace convstudio {

template <typename T>
class Setting {
 public:
  constexpr Setting(const char* key, T fallback) : key_(key), fallback_(std::move(fallback)) {}

  T value() const { return QSettings().value(QLatin1String(key_), fallback_).template value<T>(); }
  void setValue(const T& value) const { QSettings().setValue(QLatin1String(key_), value); }
  void clear() const { QSettings().remove(QLatin1String(key_)); }

 private:
  const char* key_;
  T fallback_;
};

namespace settings {

inline const Setting<QByteArray> kMainWindowGeometry{"mainWindow/geometry", {}};
inline const Setting<QByteArray> kMainWindowState{"mainWindow/state", {}};
inline const Setting<QString> kLanguage{"interface/language", {}};  // empty: system locale
// Most recent first; at most ProjectController::kMaxRecentFiles.
inline const Setting<QStringList> kRecentFiles{"projects/recentFiles", {}};
// What the autosave recovery file stands for: its project's file (empty when never saved) and
// display name, so a restored project keeps its title and Save goes to the right place.
inline const Setting<QString> kRecoverySourcePath{"recovery/sourcePath", {}};
inline const Setting<QString> kRecoveryName{"recovery/name", {}};
// Where the recovered project's runs are while it has no file (ProjectController::runsOwnerFile).
inline const Setting<QString> kRecoveryRunsOwner{"recovery/runsOwner", {}};
// Whether the studio reopens the project it had open when it was last closed.
inline const Setting<bool> kReopenLastProject{"projects/reopenLast", true};
// The project open when the studio was last closed; empty when none (or it was never saved).
inline const Setting<QString> kLastProject{"projects/last", {}};

}  // namespace settings
}  // namespace convstudio
