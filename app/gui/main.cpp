// convstudio: the desktop studio.

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>

#include <csignal>
#include <cstdio>

#include "eliding_style.h"
#include "engine_text.h"
#include "language.h"
#include "main_window.h"
#include "project_controller.h"
#include "run_following.h"
#include "window_screenshot.h"

namespace {

// The studio's command line; main looks its options up by name.
void addStudioOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "Build and train convolutional networks"));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption langOption(
      QStringLiteral("lang"),
      QCoreApplication::translate("main", "Interface language, e.g. zh_CN or en."),
      QStringLiteral("locale"));
  QCommandLineOption exampleOption(
      QStringLiteral("example"),
      QCoreApplication::translate("main", "Open the built-in example (Fashion-MNIST)."));
  QCommandLineOption templateOption(
      QStringLiteral("template"),
      QCoreApplication::translate(
          "main", "Open a new project from a built-in template, e.g. resnet-small."),
      QStringLiteral("name"));
  QCommandLineOption screenshotOption(
      QStringLiteral("screenshot"),
      QCoreApplication::translate("main", "Save a picture of the window to FILE and quit."),
      QStringLiteral("file"));
  QCommandLineOption delayOption(
      QStringLiteral("screenshot-delay"),
      QCoreApplication::translate("main", "Milliseconds to wait before the screenshot."),
      QStringLiteral("ms"), QStringLiteral("500"));
  QCommandLineOption followOption(
      QStringLiteral("follow"),
      QCoreApplication::translate(
          "main", "Show a run folder and follow it while it trains (as File > Open Run…)."),
      QStringLiteral("folder"));
  parser.addOptions(
      {langOption, exampleOption, templateOption, followOption, screenshotOption, delayOption});
  parser.addPositionalArgument(
      QStringLiteral("project"),
      QCoreApplication::translate("main", "A project file (.convstudio) to open."),
      QStringLiteral("[project]"));
}

// Opens the template, project file, example or run folder the command line names; an exit code
// when the studio must not go on (a template that does not exist, a screenshot of a file that
// could not be opened), else 0.
int openWhatWasAsked(const QCommandLineParser& parser, convstudio::MainWindow& window) {
  using convstudio::Error;
  convstudio::ProjectController* projects = window.projects();
  const bool screenshot = parser.isSet(QStringLiteral("screenshot"));
  if (parser.isSet(QStringLiteral("template"))) {
    const auto made = projects->newFromTemplate(parser.value(QStringLiteral("template")));
    if (!made) {
      std::fprintf(stderr, "convstudio: %s\n", made.error().describe().c_str());
      return 2;
    }
  } else if (!parser.positionalArguments().isEmpty()) {
    // A double-click on a .convstudio file in the file manager lands here (convstudio.desktop).
    const QString path = parser.positionalArguments().constFirst();
    if (const std::vector<Error> errors = projects->openFile(path); !errors.empty()) {
      QStringList lines;
      for (const Error& error : errors) {
        std::fprintf(stderr, "convstudio: %s\n", error.describe().c_str());
        lines << convstudio::errorText(error);
      }
      if (screenshot) return 2;
      QMessageBox::warning(&window, QCoreApplication::translate("main", "Open Project"),
                           lines.join(QLatin1Char('\n')));
    }
  } else if (parser.isSet(QStringLiteral("example"))) {
    projects->openExample();
  } else if (parser.isSet(QStringLiteral("follow"))) {
    const QString folder = parser.value(QStringLiteral("follow"));
    if (const std::optional<Error> error = window.following()->follow(folder)) {
      std::fprintf(stderr, "convstudio: %s\n", error->describe().c_str());
      if (screenshot) return 2;
      QMessageBox::warning(&window, QCoreApplication::translate("main", "Open Run"),
                           convstudio::errorText(*error));
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Past a file-size limit (ulimit -f) the kernel would kill the studio with SIGXFSZ in the
  // middle of a save, losing the edits; ignored, the save fails and says so.
  std::signal(SIGXFSZ, SIG_IGN);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("ConvStudio"));
  QApplication::setApplicationName(QStringLiteral("ConvStudio"));
  QApplication::setApplicationVersion(QStringLiteral(CONVSTUDIO_VERSION));
  // The installed package puts the icon in the hicolor theme and convstudio.desktop beside it
  // (installer/); a build-tree run simply has no icon.
  QApplication::setDesktopFileName(QStringLiteral("convstudio"));
  QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("convstudio")));
  // Texts too long for a narrow dock end in "…" and show whole on hover (issue 32).
  QApplication::setStyle(new convstudio::ElidingStyle);

  QCommandLineParser parser;
  addStudioOptions(parser);
  parser.process(app);

  const QLocale locale = parser.isSet(QStringLiteral("lang"))
                             ? QLocale(parser.value(QStringLiteral("lang")))
                             : QLocale::system();
  convstudio::installTranslations(app, locale);

  convstudio::MainWindow window;
  window.show();
  convstudio::ProjectController* projects = window.projects();
  if (const int refused = openWhatWasAsked(parser, window); refused != 0) return refused;
  // A recovery file means the last session did not end cleanly; otherwise the project open at
  // the last close comes back (File > Reopen the Last Project at Start). A screenshot run shows
  // only what its options ask for and must not stop at a question.
  if (!parser.isSet(QStringLiteral("screenshot"))) {
    const bool projectAsked = parser.isSet(QStringLiteral("template")) ||
                              parser.isSet(QStringLiteral("example")) ||
                              parser.isSet(QStringLiteral("follow"));
    QTimer::singleShot(0, &window, [&window, projects, projectAsked] {
      projects->offerRecovery();
      if (!projectAsked && !projects->isOpen()) window.reopenLastProject();
    });
  }

  if (parser.isSet(QStringLiteral("screenshot"))) {
    convstudio::scheduleScreenshotAndQuit(window, parser.value(QStringLiteral("screenshot")),
                                          parser.value(QStringLiteral("screenshot-delay")).toInt());
  }
  return app.exec();
}
