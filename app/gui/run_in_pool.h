#pragma once
// Stateless engine work (loading a model, predicting, exporting) off the UI thread: `work` runs
// on the global thread pool, then `done` gets its result on `context`'s thread, unless
// `context` was deleted meanwhile.

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <utility>

namespace convstudio {

template <class Work, class Done>
void runInPool(QObject* context, Work work, Done done) {
  QPointer<QObject> guard(context);
  QThreadPool::globalInstance()->start([guard, work = std::move(work), done = std::move(done)] {
    auto result = work();
    if (!guard) return;
    QMetaObject::invokeMethod(
        guard,
        [guard, done, result = std::move(result)] {
          if (guard) done(result);
        },
        Qt::QueuedConnection);
  });
}

}  // namespace convstudio
