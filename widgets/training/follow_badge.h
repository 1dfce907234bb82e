#pragma once
// The "Following" badge beside the charts while they follow a run folder that another process
// writes (File > Open Run…): which run, how long ago its metrics file was last written (the lag),
// or when it ended; a button stops following.

#include <QDateTime>
#include <QString>
#include <QWidget>

#include <optional>

class QLabel;
class QToolButton;

namespace convstudio {

class FollowBadge : public QWidget {
  Q_OBJECT

 public:
  explicit FollowBadge(QWidget* parent = nullptr);

  // Following `run`, whose metrics file was last written `lagSeconds` ago (nullopt: not yet).
  void showFollowing(const QString& run, std::optional<double> lagSeconds);
  // The run ended (`outcome`: finished, stopped, failed, in the user's words) at `when`.
  void showEnded(const QString& run, const QString& outcome, const QDateTime& when);
  // The folder cannot be read just now (a mount gone); following goes on trying.
  void showUnreachable(const QString& run, const QString& problem);
  // A remote run's link is lost (Training > Run On…); its mirror tries again by itself.
  void showReconnecting(const QString& run, const QString& problem);
  QString text() const;

  // "0.4 s", "12 s", "3 min": a lag as the badge says it.
  static QString lagText(double seconds);

 signals:
  void stopRequested();

 private:
  enum class Look { Live, Ended, Trouble };
  void setLook(Look look);
  void setText(const QString& text);

  QLabel* label_ = nullptr;
  QToolButton* stop_ = nullptr;
  QString text_;  // whole; the label may show it elided
};

}  // namespace convstudio
