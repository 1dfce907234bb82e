#include "optimizer_state.h"

#include <sstream>

namespace convstudio {
namespace {

Error failure(const std::string& source, const std::string& what) {
  // The first line says what went wrong; the rest is LibTorch's context.
  return Error::in_file(source, "cannot restore the optimizer (a different optimizer or model?): " +
                                    what.substr(0, what.find('\n')));
}

}  // namespace

std::string save_optimizer_state(const torch::optim::Optimizer& optimizer) {
  torch::serialize::OutputArchive archive;
  optimizer.save(archive);
  std::ostringstream bytes;
  archive.save_to(bytes);
  return std::move(bytes).str();
}

std::optional<Error> load_optimizer_state(torch::optim::Optimizer& optimizer,
                                          std::string_view bytes, const std::string& source,
                                          std::optional<torch::Device> device) {
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(bytes.data(), bytes.size(), device);
    optimizer.load(archive);
  } catch (const c10::Error& error) {
    return failure(source, error.what_without_backtrace());
  } catch (const std::exception& error) {
    return failure(source, error.what());
  }
  return std::nullopt;
}

}  // namespace convstudio
