// Texts that come from outside the studio's own tr() calls still reach the user's language:
// the engine's log lines (by their message pattern, context "EngineMessages") and the built-in
// templates' descriptions (context "TemplateLibrary", listed for lupdate in template_text.cpp),
// and the layer catalog's block and parameter texts shown in Properties.

#include <QApplication>
#include <QLabel>
#include <QTest>
#include <QTranslator>

#include <set>

#include "builder/graph_document.h"
#include "builder/properties_widget.h"
#include "builder/template_text.h"
#include "convstudio/model/layer_catalog.h"
#include "convstudio/model/template_library.h"
#include "engine_text.h"
#include "training/training_log_view.h"

using namespace convstudio;

namespace {

// Stands in for a .qm file: Chinese for one engine pattern and one template description.
class FakeChinese : public QTranslator {
 public:
  QString translate(const char* context, const char* source, const char*, int) const override {
    if (qstrcmp(context, "EngineMessages") == 0 &&
        qstrcmp(source, "early stopping: validation loss has not improved for %1 epochs") == 0) {
      return QStringLiteral("提前停止：验证损失已连续 %1 轮没有改善");
    }
    if (qstrcmp(context, "TemplateLibrary") == 0 && QByteArray(source).startsWith("LeNet-5")) {
      return QStringLiteral("LeNet-5，与 PyTorch 教程相同");
    }
    return {};
  }
  bool isEmpty() const override { return false; }
};

// Marks every catalog text, so a test sees which texts Properties translated.
class CatalogChinese : public QTranslator {
 public:
  QString translate(const char* context, const char* source, const char*, int) const override {
    if (qstrcmp(context, kCatalogTextContext) != 0) return {};
    return QStringLiteral("译：") + QString::fromUtf8(source);
  }
  bool isEmpty() const override { return false; }
};

}  // namespace

class EngineTextTest : public QObject {
  Q_OBJECT

 private slots:
  void everyTemplateDescriptionIsListedForTranslation() {
    // A template added or reworded without updating template_text.cpp fails here.
    const QStringList known = TemplateText::knownDescriptions();
    std::set<QString> listed(known.begin(), known.end());
    const auto templates = TemplateLibrary::list();
    QCOMPARE(known.size(), static_cast<qsizetype>(templates.size()));
    for (const TemplateInfo& info : templates) {
      QVERIFY2(listed.count(QString::fromStdString(info.description)) == 1, info.name.c_str());
    }
  }

  void propertiesDescribeABlockInTheUsersLanguage() {
    CatalogChinese chinese;
    QCoreApplication::installTranslator(&chinese);
    const BlockSpec* spec = LayerCatalog::instance().find("Conv2d");
    QVERIFY(spec && !spec->params.empty());
    const ParamSpec& first = spec->params.front();
    GraphDocument document;
    const QString conv = document.addBlock(QStringLiteral("Conv2d"), QPointF(0, 0));
    PropertiesWidget properties(&document);
    properties.showBlock(conv);
    QStringList texts;
    for (const QLabel* label : properties.findChildren<QLabel*>()) texts << label->text();
    const QString marked = QStringLiteral("译：");
    QVERIFY2(texts.contains(marked + QString::fromStdString(spec->doc)),
             qPrintable(texts.join(QLatin1Char('|'))));
    QVERIFY(texts.contains(marked + QString::fromStdString(first.label)));
    // The key stays findable: the project file and exported code use it.
    QWidget* editor = properties.editor(QString::fromStdString(first.name));
    QVERIFY(editor);
    QVERIFY(editor->toolTip().contains(marked + QString::fromStdString(first.doc)));
    QVERIFY(editor->toolTip().contains(QString::fromStdString(first.name)));
    QCoreApplication::removeTranslator(&chinese);
  }

  void logLinesAndTemplatesReadInTheUsersLanguage() {
    FakeChinese chinese;
    QCoreApplication::installTranslator(&chinese);

    TrainingLogView log;
    LogLine line;
    line.level = LogLevel::Info;
    line.message = {"early stopping: validation loss has not improved for %1 epochs", {"3"}};
    line.text = line.message.english();
    log.addLine(line);
    QVERIFY2(log.toPlainText().contains(QStringLiteral("提前停止：验证损失已连续 3 轮没有改善")),
             qPrintable(log.toPlainText()));
    // A pattern without a translation reads as the engine's English, arguments filled in.
    QCOMPARE(
        engineText({"resumed from %1 at epoch %2, batch %3, step %4", {"a.ckpt", "2", "0", "9"}}),
        QStringLiteral("resumed from a.ckpt at epoch 2, batch 0, step 9"));
    // A line from before message ids shows its text.
    LogLine old;
    old.text = "plain English";
    log.addLine(old);
    QVERIFY(log.toPlainText().endsWith(QStringLiteral("plain English")));

    const auto lenet = TemplateLibrary::list().front();
    QCOMPARE(lenet.name, std::string("lenet5"));
    QCOMPARE(TemplateText::description(lenet), QStringLiteral("LeNet-5，与 PyTorch 教程相同"));
    QCoreApplication::removeTranslator(&chinese);
    QCOMPARE(TemplateText::description(lenet), QString::fromStdString(lenet.description));
  }
};

QTEST_MAIN(EngineTextTest)
#include "engine_text_test.moc"
