#pragma once
// Soft Dice loss for segmentation (issue 38). Internal (LibTorch).
//
// With p = softmax(logits) (N×C×H×W), t the one-hot truth and m the mask of counted pixels
// (truth ≠ ignore_index), per class c over every pixel i of the batch:
//   I_c = Σ_i m_i · p_ic · t_ic,   S_c = Σ_i m_i · (p_ic + t_ic),   Dice_c = 2 · I_c / S_c
// and the loss is 1 − mean(Dice_c) over the classes present in the batch's truth or its
// prediction (argmax over C at a counted pixel). A class in neither is left out: its 0/0 says
// nothing, and counting it as 1 would reward a batch for what it does not show. No class
// weights and no label smoothing (those are cross-entropy's). A batch with no counted pixel
// gives 0, still connected to the logits so backward reaches every parameter.

#include <torch/torch.h>

#include <cstdint>

namespace convstudio {

// `logits` float N×C×H×W, `targets` int64 N×H×W holding 0..C−1 or `ignore_index`.
torch::Tensor soft_dice_loss(const torch::Tensor& logits, const torch::Tensor& targets,
                             std::int64_t ignore_index);

}  // namespace convstudio
