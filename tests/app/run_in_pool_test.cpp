// Background jobs of the studio (loading a model, predicting, exporting) that throw must report
// on the UI thread and leave the studio running: an exception escaping a pool thread calls
// std::terminate and loses every edit since the last autosave.

#include <QObject>
#include <QTest>
#include <QThread>
#include <QThreadPool>

#include <memory>
#include <new>
#include <stdexcept>

#include "run_in_pool.h"

using namespace convstudio;

class RunInPoolTest : public QObject {
  Q_OBJECT

 private slots:
  void throwingJobIsReportedInsteadOfEndingTheProcess() {
    QObject context;
    QString reported;
    bool done = false;
    runInPool(
        &context, []() -> int { throw std::runtime_error("damaged model file"); },
        [&](int) { done = true; }, [&](const QString& problem) { reported = problem; });
    QTRY_COMPARE_WITH_TIMEOUT(reported, QStringLiteral("damaged model file"), 10000);
    QVERIFY(!done);
  }

  void outOfMemoryInAJobIsReportedToo() {
    QObject context;
    QString reported;
    runInPool(
        &context, []() -> int { throw std::bad_alloc(); }, [](int) {},
        [&](const QString& problem) { reported = problem; });
    QTRY_VERIFY_WITH_TIMEOUT(!reported.isEmpty(), 10000);
  }

  void resultReachesDoneOnTheContextsThread() {
    QObject context;
    int value = 0;
    bool onContextThread = false;
    runInPool(
        &context, [] { return 42; },
        [&](int result) {
          value = result;
          onContextThread = QThread::currentThread() == context.thread();
        },
        [](const QString&) {});
    QTRY_COMPARE_WITH_TIMEOUT(value, 42, 10000);
    QVERIFY(onContextThread);
  }
};

QTEST_MAIN(RunInPoolTest)
#include "run_in_pool_test.moc"
