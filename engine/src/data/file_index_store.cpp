#include "data/file_index_store.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "convstudio/io/atomic_write.h"
#include "convstudio/io/stable_hash.h"

namespace convstudio {
namespace {

constexpr char kMagic[] = "ConvStudio file index\n";

// Little-endian fields and length-prefixed strings, appended to one buffer.
class Writer {
 public:
  void u8(std::uint8_t v) { bytes_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  void i64(std::int64_t v) {
    const auto u = static_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i) u8(static_cast<std::uint8_t>(u >> (8 * i)));
  }
  void f32(float v) {
    std::uint32_t u = 0;
    std::memcpy(&u, &v, 4);
    u32(u);
  }
  void text(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes_ += s;
  }
  void floats(const std::vector<float>& values) {
    u32(static_cast<std::uint32_t>(values.size()));
    for (float v : values) f32(v);
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// The reverse, failing (ok() false) rather than reading past the end.
class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == bytes_.size(); }
  std::uint8_t u8() {
    if (!take(1)) return 0;
    return static_cast<std::uint8_t>(bytes_[at_ - 1]);
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(u8()) << (8 * i);
    return v;
  }
  std::int64_t i64() {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(u8()) << (8 * i);
    return static_cast<std::int64_t>(v);
  }
  float f32() {
    const std::uint32_t u = u32();
    float v = 0;
    std::memcpy(&v, &u, 4);
    return v;
  }
  std::string text() {
    const std::uint32_t n = u32();
    if (!take(n)) return {};
    return bytes_.substr(at_ - n, n);
  }
  std::vector<float> floats() {
    const std::uint32_t n = u32();
    std::vector<float> values;
    for (std::uint32_t i = 0; i < n && ok_; ++i) values.push_back(f32());
    return values;
  }
  // A count of items at least `item_bytes` each, refused when the rest cannot hold them.
  std::uint64_t count(std::size_t item_bytes) {
    const auto n = static_cast<std::uint64_t>(i64());
    if (n > (bytes_.size() - at_) / item_bytes) ok_ = false;
    return ok_ ? n : 0;
  }

 private:
  bool take(std::size_t n) {
    if (!ok_ || n > bytes_.size() - at_) return ok_ = false;
    at_ += n;
    return true;
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace

std::filesystem::path index_cache_folder() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && xdg[0] == '/')
    return std::filesystem::path(xdg) / "convstudio" / "datasets";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] == '/') {
    return std::filesystem::path(home) / ".cache" / "convstudio" / "datasets";
  }
  return {};
}

std::filesystem::path index_cache_file(const std::string& source) {
  const std::filesystem::path folder = index_cache_folder();
  if (folder.empty()) return {};
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.index",
                static_cast<unsigned long long>(StableHash::of(source)));
  return folder / name;
}

std::optional<FileIndex> load_cached_index(const std::filesystem::path& file,
                                           const std::string& source) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.compare(0, sizeof kMagic - 1, kMagic) != 0) return std::nullopt;
  const std::string body = bytes.substr(sizeof kMagic - 1);
  Reader r(body);
  if (r.u32() != FileIndex::kVersion) return std::nullopt;
  FileIndex index;
  index.source = r.text();
  if (index.source != source) return std::nullopt;  // another path with the same hash
  index.root = r.text();
  index.kind = static_cast<DatasetKind>(r.u8());
  index.scanned_ns = r.i64();
  index.has_validation_folder = r.u8() != 0;
  index.has_paths_outside = r.u8() != 0;
  for (std::uint64_t n = r.count(4); n > 0; --n) index.class_names.push_back(r.text());
  index.has_masks = r.u8() != 0;
  index.ignore_label = r.i64();
  for (std::uint64_t n = r.count(3); n > 0; --n) {
    const std::uint8_t red = r.u8();
    const std::uint8_t green = r.u8();
    index.class_colours.push_back({red, green, r.u8()});
  }
  for (std::uint64_t n = r.count(20); n > 0; --n) {
    FolderStamp stamp;
    stamp.path = r.text();
    stamp.modified_ns = r.i64();
    stamp.entries = r.i64();
    index.stamps.push_back(std::move(stamp));
  }
  for (std::uint64_t n = r.count(29); n > 0; --n) {
    SampledStatistics s;
    s.channels = static_cast<int>(r.u32());
    s.height = static_cast<int>(r.u32());
    s.width = static_cast<int>(r.u32());
    s.fit = static_cast<FitMode>(r.u8());
    s.images = r.i64();
    s.mean = r.floats();
    s.std = r.floats();
    index.statistics.push_back(std::move(s));
  }
  index.native.channels = static_cast<int>(r.u32());
  index.native.height = static_cast<int>(r.u32());
  index.native.width = static_cast<int>(r.u32());
  index.native.mixed_sizes = r.u8() != 0;
  index.native.note = r.text();
  const std::uint64_t files = r.count(33);
  index.files.reserve(files);
  for (std::uint64_t n = files; n > 0 && r.ok(); --n) {
    IndexedFile entry;
    entry.path = r.text();
    entry.label = static_cast<std::int32_t>(r.u32());
    entry.validation = r.u8() != 0;
    entry.bytes = r.i64();
    entry.modified_ns = r.i64();
    entry.line = r.i64();
    if (index.has_masks) {
      entry.mask = r.text();
      for (std::uint64_t k = r.count(8); k > 0; --k) entry.class_pixels.push_back(r.i64());
    }
    index.files.push_back(std::move(entry));
  }
  if (!r.ok() || !r.at_end()) return std::nullopt;
  if (index.has_masks && index.class_colours.size() != index.class_names.size()) {
    return std::nullopt;
  }
  for (const IndexedFile& entry : index.files) {
    if (entry.label < 0 || static_cast<std::size_t>(entry.label) >= index.class_names.size()) {
      return std::nullopt;
    }
    if (index.has_masks && entry.class_pixels.size() != index.class_names.size()) {
      return std::nullopt;
    }
  }
  return index;
}

std::optional<std::string> save_index(const FileIndex& index, const std::filesystem::path& file) {
  Writer w;
  w.u32(FileIndex::kVersion);
  w.text(index.source);
  w.text(index.root);
  w.u8(static_cast<std::uint8_t>(index.kind));
  w.i64(index.scanned_ns);
  w.u8(index.has_validation_folder ? 1 : 0);
  w.u8(index.has_paths_outside ? 1 : 0);
  w.i64(static_cast<std::int64_t>(index.class_names.size()));
  for (const std::string& name : index.class_names) w.text(name);
  w.u8(index.has_masks ? 1 : 0);
  w.i64(index.ignore_label);
  w.i64(static_cast<std::int64_t>(index.class_colours.size()));
  for (const ClassColour& colour : index.class_colours) {
    for (std::uint8_t channel : colour) w.u8(channel);
  }
  w.i64(static_cast<std::int64_t>(index.stamps.size()));
  for (const FolderStamp& stamp : index.stamps) {
    w.text(stamp.path);
    w.i64(stamp.modified_ns);
    w.i64(stamp.entries);
  }
  w.i64(static_cast<std::int64_t>(index.statistics.size()));
  for (const SampledStatistics& s : index.statistics) {
    w.u32(static_cast<std::uint32_t>(s.channels));
    w.u32(static_cast<std::uint32_t>(s.height));
    w.u32(static_cast<std::uint32_t>(s.width));
    w.u8(static_cast<std::uint8_t>(s.fit));
    w.i64(s.images);
    w.floats(s.mean);
    w.floats(s.std);
  }
  w.u32(static_cast<std::uint32_t>(index.native.channels));
  w.u32(static_cast<std::uint32_t>(index.native.height));
  w.u32(static_cast<std::uint32_t>(index.native.width));
  w.u8(index.native.mixed_sizes ? 1 : 0);
  w.text(index.native.note);
  w.i64(static_cast<std::int64_t>(index.files.size()));
  for (const IndexedFile& f : index.files) {
    w.text(f.path);
    w.u32(static_cast<std::uint32_t>(f.label));
    w.u8(f.validation ? 1 : 0);
    w.i64(f.bytes);
    w.i64(f.modified_ns);
    w.i64(f.line);
    if (index.has_masks) {
      w.text(f.mask);
      w.i64(static_cast<std::int64_t>(f.class_pixels.size()));
      for (std::int64_t pixels : f.class_pixels) w.i64(pixels);
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) return file.parent_path().string() + ": " + ec.message();
  if (auto error = write_file_atomically(file, std::string(kMagic) + w.bytes())) {
    return error->describe();
  }
  return std::nullopt;
}

}  // namespace convstudio
