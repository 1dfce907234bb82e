#include "modal_answers.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDialog>
#include <QTimer>

namespace convstudio::testing {
namespace {

// Polled from the event loop until the action's dialog is up: up to 10 s of event processing.
constexpr int kPollMs = 10;
constexpr int kMaxPolls = 1000;

}  // namespace

ModalAnswers::ModalAnswers(std::deque<Handler> handlers) : handlers_(std::move(handlers)) {
  arm();
}

ModalAnswers::Handler ModalAnswers::click(QMessageBox::StandardButton button) {
  return [button](QWidget* dialog) {
    if (auto* box = qobject_cast<QMessageBox*>(dialog); box && box->button(button)) {
      box->button(button)->click();
    } else if (auto* other = qobject_cast<QDialog*>(dialog)) {
      other->reject();
    } else {
      dialog->close();
    }
  };
}

void ModalAnswers::arm() {
  // Zero delay first: the dialog's own event loop runs it as soon as the dialog is shown.
  QTimer::singleShot(polls_ == 0 ? 0 : kPollMs, this, &ModalAnswers::answerNext);
}

void ModalAnswers::answerNext() {
  if (handlers_.empty()) return;
  QWidget* modal = QApplication::activeModalWidget();
  // None yet, or still the one answered before (its loop has not ended): look again soon.
  if (!modal || modal == answered_) {
    if (++polls_ < kMaxPolls) arm();
    return;
  }
  const auto* box = qobject_cast<QMessageBox*>(modal);
  seen << QStringLiteral("%1: %2").arg(QString::fromLatin1(modal->metaObject()->className()),
                                       box ? box->text() : modal->windowTitle());
  answered_ = modal;
  const Handler handler = std::move(handlers_.front());
  handlers_.pop_front();
  polls_ = 0;
  if (!handlers_.empty()) arm();
  handler(modal);
  // A handler that failed half-way (a QVERIFY) must not leave the test blocked in exec().
  if (auto* dialog = qobject_cast<QDialog*>(modal); dialog && dialog->isVisible()) {
    dialog->reject();
  }
}

}  // namespace convstudio::testing
