#pragma once
// Answers the modal dialogs an action opens, as a user would, from inside their own event loops
// (a test must not block on exec()): one handler per dialog, in order. A message box is answered
// by one of its buttons; anything else that comes instead (a file dialog, the gallery) is
// rejected, so an unexpected dialog fails the test rather than hanging it. `seen` says what came.

#include <QMessageBox>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include <deque>
#include <functional>

namespace convstudio::testing {

class ModalAnswers : public QObject {
 public:
  using Handler = std::function<void(QWidget* dialog)>;

  explicit ModalAnswers(std::deque<Handler> handlers);

  // Clicks `button` of a message box; another dialog is rejected.
  static Handler click(QMessageBox::StandardButton button);

  // "ClassName: text" of each dialog answered, in order (a message box's text; a dialog's title).
  QStringList seen;
  bool allAnswered() const { return handlers_.empty(); }

 private:
  void arm();
  void answerNext();

  std::deque<Handler> handlers_;
  QPointer<QWidget> answered_;  // the dialog answered last, until it has gone
  int polls_ = 0;
};

}  // namespace convstudio::testing
