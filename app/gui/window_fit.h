#pragma once
// What keeps the main window on the screen: docks scroll their content instead of forcing the
// window's minimum size up, docked tabs never cut their titles, and a window restored larger
// than the screen (or off it) is brought back onto it.

class QMainWindow;
class QWidget;

namespace convstudio {

// `panel` inside a scroll area that resizes it to the dock, unless `panel` scrolls itself.
QWidget* scrollable(QWidget* panel);

// Tab bars of tabbed docks, now and later, show whole titles (with scroll arrows when the tabs
// do not fit) rather than "Tr…".
void keepTabTitlesWhole(QMainWindow* window);

// Shrinks `window` to the available area of its screen and moves it fully onto it.
void clampToScreen(QWidget* window);

}  // namespace convstudio
