#pragma once
// Writes one TensorBoard event file (events.out.tfevents.*) in a run's folder: TFRecord framing
// around Event protobufs, as TensorFlow's and PyTorch's SummaryWriter write them, so
// `tensorboard --logdir` reads ConvStudio runs beside the user's other work.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

namespace convstudio {

class TensorBoardWriter {
 public:
  struct Scalar {
    const char* tag;
    double value;
  };
  // How a run ended, for the HParams plugin's session end.
  enum class Outcome { Finished, Failed, Cancelled };

  // Opens a new event file in `folder` (a resumed run adds a second one; TensorBoard reads the
  // folder's files in name order) and writes its version record.
  explicit TensorBoardWriter(const std::filesystem::path& folder);
  ~TensorBoardWriter();
  TensorBoardWriter(const TensorBoardWriter&) = delete;
  TensorBoardWriter& operator=(const TensorBoardWriter&) = delete;

  // False once a write failed.
  bool ok() const;
  const std::filesystem::path& file() const;

  // One event with a scalar summary per entry; cheap enough for every step (one reused message).
  void add_scalars(std::int64_t step, std::span<const Scalar> scalars);
  // Markdown shown by TensorBoard's Text tab.
  void add_text(std::int64_t step, const std::string& tag, const std::string& markdown);
  // The HParams plugin's session_start_info: `hparams` is a flat JSON object whose values are
  // numbers, booleans or strings (anything else is written as its JSON text).
  void add_session_start(const nlohmann::json& hparams, double start_time_secs);
  void add_session_end(Outcome outcome, double end_time_secs);
  void flush();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Seconds since the Unix epoch, as TensorBoard's wall_time.
double unix_time_now();

}  // namespace convstudio
