#pragma once
// Stateless engine work (loading a model, predicting, exporting) off the UI thread: `work` runs
// on the global thread pool, then `done` gets its result on `context`'s thread, unless
// `context` was deleted meanwhile. A job that throws (a damaged model file, memory running out)
// must not end the studio: `failed` gets the reason on the same thread instead.

#include <QCoreApplication>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <exception>
#include <optional>
#include <utility>

namespace convstudio {

template <class Work, class Done, class Failed>
void runInPool(QObject* context, Work work, Done done, Failed failed) {
  QPointer<QObject> guard(context);
  QThreadPool::globalInstance()->start(
      [guard, work = std::move(work), done = std::move(done), failed = std::move(failed)] {
        using ResultType = decltype(work());
        std::optional<ResultType> result;
        QString problem;
        try {
          result.emplace(work());
        } catch (const std::exception& error) {
          problem = QString::fromLocal8Bit(error.what());
        } catch (...) {
          problem = QCoreApplication::translate("runInPool", "an unknown error");
        }
        if (!guard) return;
        QMetaObject::invokeMethod(
            guard,
            [guard, done, failed, result = std::move(result), problem] {
              if (!guard) return;
              if (result) {
                done(*result);
              } else {
                failed(problem);
              }
            },
            Qt::QueuedConnection);
      });
}

}  // namespace convstudio
