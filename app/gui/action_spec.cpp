#include "action_spec.h"

namespace convstudio {

QAction* makeAction(const ActionSpec& spec, QObject* parent) {
  auto* action = new QAction(spec.text, parent);
  if (spec.separator) {
    action->setSeparator(true);
    return action;
  }
  if (spec.objectName) action->setObjectName(QLatin1String(spec.objectName));
  if (!spec.shortcut.isEmpty()) action->setShortcut(spec.shortcut);
  if (!spec.toolTip.isEmpty()) action->setToolTip(spec.toolTip);
  if (!spec.iconText.isEmpty()) action->setIconText(spec.iconText);
  if (!spec.icon.isNull()) action->setIcon(spec.icon);
  action->setMenuRole(spec.role);
  if (spec.toggled) {
    action->setCheckable(true);
    action->setChecked(spec.checked);
    QObject::connect(action, &QAction::toggled, parent, spec.toggled);
  }
  if (spec.triggered)
    QObject::connect(action, &QAction::triggered, parent, [f = spec.triggered] { f(); });
  return action;
}

}  // namespace convstudio
