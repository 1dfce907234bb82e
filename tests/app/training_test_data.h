#pragma once
// A tiny learnable dataset and project for the training cockpit's tests and benchmark: raw
// IDX files (4 classes of 8×8 images, 64 training and 32 test images) written into a folder.

#include <QString>

#include "convstudio/model/project.h"

namespace convstudio::testing {

// Writes train-/t10k- images and labels: each class is a bright square at its own place on
// noise, so a small model learns it within a few dozen steps.
void writeTinyIdxDataset(const QString& folder, int train = 64, int test = 32, int classes = 4,
                         int size = 8);

// Input(1,size,size) → Flatten → Linear(16) → ReLU → Output(classes) on that folder, on the
// CPU, batch 8, one loader thread.
Project tinyProject(const QString& folder, int classes = 4, int size = 8);

// Trains `project` for `steps` steps on the CPU into `runFolder` (the engine's Trainer, no
// bridge) and returns the run's last checkpoint folder, or an empty string when it failed.
QString trainCheckpoint(Project project, const QString& runFolder, int steps = 20);
// The tiny dataset written to `folder`/data and tinyProject trained on it into `folder`/run.
QString trainTinyCheckpoint(const QString& folder, int steps = 20);

}  // namespace convstudio::testing
