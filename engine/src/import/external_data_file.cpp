#include "import/external_data_file.h"

#include "data/regular_file.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace convstudio::onnx_import {
namespace {

namespace fs = std::filesystem;

// Both paths are canonical: inside means `folder` is a prefix of `file`, component by component.
bool is_inside(const fs::path& file, const fs::path& folder) {
  auto f = file.begin();
  for (auto d = folder.begin(); d != folder.end(); ++d, ++f) {
    if (d->empty()) continue;  // the trailing "" of a folder written with a final slash
    if (f == file.end() || *f != *d) return false;
  }
  return f != file.end();
}

}  // namespace

Result<std::string> read_external_data(const fs::path& model_file,
                                       const ExternalDataRequest& request) {
  const std::string model = model_file.string();
  const std::string beside = fs::path(model_file).filename().string();
  auto refuse = [&](const std::string& why) {
    return Error::in_file(
        model, "tensor " + request.tensor + ": external data '" + request.location + "' " + why);
  };
  const fs::path relative(request.location);
  if (request.location.empty() || relative.is_absolute() || relative.has_root_name() ||
      std::any_of(relative.begin(), relative.end(), [](const fs::path& p) { return p == ".."; })) {
    return refuse("must be a file beside the model");
  }
  // The real folder and the real file, every symbolic link followed: a link beside the model
  // (weights.bin -> ~/.ssh/id_rsa) or a linked subfolder (sub -> /etc) ends outside it.
  std::error_code ec;
  const fs::path written_folder =
      model_file.parent_path().empty() ? fs::path(".") : model_file.parent_path();
  const fs::path folder = fs::canonical(written_folder, ec);
  if (ec) return refuse("cannot be looked up: " + ec.message());
  const fs::path real = fs::weakly_canonical(folder / relative, ec);
  if (ec) return refuse("cannot be looked up: " + ec.message());
  if (!is_inside(real, folder)) {
    return refuse("leads outside the model's folder (to " + real.string() +
                  "); ConvStudio reads external data only from files beside " + beside);
  }
  // The type is checked before opening, and the file opened without blocking, so a FIFO or a
  // device never stalls the import; the descriptor's own type and identity are checked again.
  struct stat before {};
  if (::stat(real.c_str(), &before) != 0) {
    return Error::in_file(real.string(), "cannot open the external data of tensor " +
                                             request.tensor + " (it belongs beside " + beside +
                                             "): " + std::strerror(errno));
  }
  if (!S_ISREG(before.st_mode)) {
    return refuse(
        "is not a regular file (a folder, FIFO, socket or device); external data "
        "must be a plain file beside the model");
  }
  Result<RegularFile> opened = RegularFile::open(real.string(), RegularFile::LastLink::Refuse);
  if (!opened || !opened.value().is_file_of(before)) {
    return refuse("changed or could not be opened while it was read");
  }
  RegularFile& file = opened.value();
  const auto size = static_cast<std::uint64_t>(file.size());
  const std::uint64_t offset = request.offset;
  if (offset > size || (request.length && *request.length > size - offset)) {
    return Error::at_byte(real.string(), offset,
                          "tensor " + request.tensor + " reaches past the end of the file");
  }
  const std::uint64_t available = request.length.value_or(size - offset);
  if (available != request.expected_bytes) {
    return refuse("holds " + std::to_string(available) + " bytes for a tensor of " +
                  std::to_string(request.expected_bytes) + " bytes");
  }
  std::string bytes(available, '\0');
  const std::int64_t got = file.read_at(bytes.data(), available, offset);
  if (got < 0 || static_cast<std::uint64_t>(got) != available) {
    return Error::at_byte(real.string(),
                          offset + static_cast<std::uint64_t>(std::max<std::int64_t>(got, 0)),
                          "reading tensor " + request.tensor + " failed");
  }
  return bytes;
}

}  // namespace convstudio::onnx_import
