// Training > Run On… (issue 39): the dialog lists the targets of the targets file, a SLURM
// target shows its sbatch script (the torchrun variables and the train command), an edit of the
// script is what is submitted, and a target saved from the form is written to the file and read
// back. No ssh is run: submitting is RemoteRuns', tested for real by tests/remote/run.sh.

#include <QCheckBox>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "convstudio/remote/targets_file.h"
#include "run_on_dialog.h"

using namespace convstudio;

class RunOnDialogTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    QVERIFY(dir_.isValid());
    file_ = dir_.filePath(QStringLiteral("targets.json")).toStdString();
    qputenv("CONVSTUDIO_TARGETS", QByteArray::fromStdString(file_));
    RemoteTarget cluster;
    cluster.name = "cluster";
    cluster.destination = "login.hpc.example.org";
    cluster.slurm = SlurmSettings{"gpu", 2, 4, 4, "01:00:00", {}};
    RemoteTarget server;
    server.name = "server";
    server.destination = "gpu1";
    QVERIFY(!save_targets(file_, {cluster, server}));
  }

  void aSlurmTargetShowsItsScriptAndTheEditIsSubmitted() {
    RunOnDialog dialog(dir_.filePath(QStringLiteral("p.convstudio")));
    auto* list = dialog.findChild<QListWidget*>(QStringLiteral("targetList"));
    QVERIFY(list);
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->currentRow(), 0);
    QVERIFY(dialog.findChild<QCheckBox*>(QStringLiteral("submitWithSlurm"))->isChecked());
    auto* script = dialog.findChild<QPlainTextEdit*>(QStringLiteral("sbatchScript"));
    const QString text = script->toPlainText();
    QVERIFY(text.contains(QStringLiteral("#SBATCH --nodes=2")));
    QVERIFY(text.contains(QStringLiteral("#SBATCH --partition=gpu")));
    QVERIFY(text.contains(QStringLiteral("RANK=$SLURM_PROCID")));
    QVERIFY(text.contains(QStringLiteral("'train' 'p.convstudio'")));
    script->setPlainText(text + QStringLiteral("echo edited\n"));
    const SubmitRequest request = dialog.request();
    QVERIFY(request.slurm);
    QVERIFY(request.script && request.script->ends_with("echo edited\n"));
    QCOMPARE(dialog.target().name, std::string("cluster"));
  }

  void aDirectTargetSubmitsNoScript() {
    RunOnDialog dialog(dir_.filePath(QStringLiteral("p.convstudio")));
    dialog.findChild<QListWidget*>(QStringLiteral("targetList"))->setCurrentRow(1);
    QVERIFY(!dialog.findChild<QCheckBox*>(QStringLiteral("submitWithSlurm"))->isChecked());
    QVERIFY(!dialog.request().slurm);
    QVERIFY(!dialog.request().script);
    QCOMPARE(dialog.target().destination, std::string("gpu1"));
  }

  void aSavedTargetIsWrittenToTheFile() {
    RunOnDialog dialog(dir_.filePath(QStringLiteral("p.convstudio")));
    dialog.findChild<QListWidget*>(QStringLiteral("targetList"))->setCurrentRow(1);
    auto* destination = dialog.findChild<QLineEdit*>(QStringLiteral("targetDestination"));
    destination->setText(QStringLiteral("me@gpu2"));
    dialog.findChild<QPushButton*>(QStringLiteral("saveTargetButton"))->click();
    Result<std::vector<RemoteTarget>> saved = load_targets(file_);
    QVERIFY(saved.ok());
    QCOMPARE(saved.value().size(), std::size_t{2});
    QCOMPARE(saved.value()[1].destination, std::string("me@gpu2"));
  }

 private:
  QTemporaryDir dir_;
  std::string file_;
};

QTEST_MAIN(RunOnDialogTest)
#include "run_on_dialog_test.moc"
