#pragma once
// Settings named in the user's words: a setting's label from the setting table (its one home,
// setting_table.h), translated, wherever the studio names a setting (the undo history, sweeps,
// the run comparison) instead of the project file's key.

#include <QString>

#include <string>
#include <string_view>

namespace convstudio {

// The translated label of the setting `name` names: its key ("lr", "horizontal_flip") or its
// place ("training.lr", "dataset.augmentation.random_erasing"); `name` itself when no setting
// has it.
QString settingLabel(std::string_view name);
// A sweep run's label ("lr=0.01, batch_size=64", sweep.h) with each setting's label:
// "Learning rate = 0.01, Batch size = 64".
QString sweepLabelText(const std::string& label);

}  // namespace convstudio
