#include "tensorboard_writer.h"

#include <unistd.h>

#include <chrono>
#include <fstream>

#include "masked_crc32c.h"
#include "tensorboard/tensorboard_events.pb.h"

namespace convstudio {
namespace tb = convstudio::tensorboard;
namespace {

// The names TensorBoard's plugins look for (tensorboard/plugins/*/metadata.py).
constexpr const char* kFileVersion = "brain.Event:2";
constexpr const char* kTextPlugin = "text";
constexpr const char* kHParamsPlugin = "hparams";
constexpr const char* kSessionStartTag = "_hparams_/session_start_info";
constexpr const char* kSessionEndTag = "_hparams_/session_end_info";

std::filesystem::path new_event_file(const std::filesystem::path& folder) {
  char host[256] = "localhost";
  if (gethostname(host, sizeof host) != 0) host[0] = '\0';
  host[sizeof host - 1] = '\0';
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
  const std::string stem = "events.out.tfevents." + std::to_string(seconds) + "." + host + "." +
                           std::to_string(getpid());
  std::error_code ec;
  for (int n = 0;; ++n) {
    std::filesystem::path file = folder / (stem + "." + std::to_string(n));
    if (!std::filesystem::exists(file, ec)) return file;
  }
}

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xFFu);
}

// The HParams plugin's summaries carry this tensor (its metadata.NULL_TENSOR): the data is in
// the metadata.
void set_null_tensor(tb::TensorProto& tensor) {
  tensor.set_dtype(tb::DT_FLOAT);
  tensor.mutable_tensor_shape()->add_dim()->set_size(0);
}

}  // namespace

struct TensorBoardWriter::State {
  std::filesystem::path file;
  std::ofstream out;
  tb::Event event;     // reused for every record, so a step allocates nothing once warm
  std::string record;  // the framed bytes of the record being written
  std::string data;

  void write_event() {
    data.clear();
    event.AppendToString(&data);
    // TFRecord: uint64 length, masked CRC of those 8 bytes, data, masked CRC of the data; all
    // little-endian.
    record.clear();
    put_le(record, data.size(), 8);
    put_le(record, masked_crc32c(record), 4);
    record += data;
    put_le(record, masked_crc32c(data), 4);
    out.write(record.data(), static_cast<std::streamsize>(record.size()));
  }

  // A fresh event at `step` with an empty summary to fill.
  tb::Summary* summary_event(std::int64_t step) {
    event.Clear();
    event.set_wall_time(unix_time_now());
    event.set_step(step);
    return event.mutable_summary();
  }

  void write_hparams(const char* tag, const tb::HParamsPluginData& content) {
    tb::Summary::Value* value = summary_event(0)->add_value();
    value->set_tag(tag);
    tb::SummaryMetadata::PluginData* plugin = value->mutable_metadata()->mutable_plugin_data();
    plugin->set_plugin_name(kHParamsPlugin);
    plugin->set_content(content.SerializeAsString());
    set_null_tensor(*value->mutable_tensor());
    write_event();
  }
};

double unix_time_now() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

TensorBoardWriter::TensorBoardWriter(const std::filesystem::path& folder)
    : state_(std::make_unique<State>()) {
  state_->file = new_event_file(folder);
  state_->out.open(state_->file, std::ios::binary | std::ios::out | std::ios::trunc);
  state_->event.set_wall_time(unix_time_now());
  state_->event.set_file_version(kFileVersion);
  state_->write_event();
  state_->out.flush();
}

TensorBoardWriter::~TensorBoardWriter() = default;

bool TensorBoardWriter::ok() const {
  return state_->out.good();
}

const std::filesystem::path& TensorBoardWriter::file() const {
  return state_->file;
}

void TensorBoardWriter::add_scalars(std::int64_t step, std::span<const Scalar> scalars) {
  tb::Summary* summary = state_->summary_event(step);
  for (const Scalar& scalar : scalars) {
    tb::Summary::Value* value = summary->add_value();
    value->set_tag(scalar.tag);
    // TensorBoard stores scalars as float32; non-finite values are kept as such.
    value->set_simple_value(static_cast<float>(scalar.value));
  }
  state_->write_event();
}

void TensorBoardWriter::add_text(std::int64_t step, const std::string& tag,
                                 const std::string& markdown) {
  tb::Summary::Value* value = state_->summary_event(step)->add_value();
  value->set_tag(tag);
  value->mutable_metadata()->mutable_plugin_data()->set_plugin_name(kTextPlugin);
  value->mutable_metadata()->set_data_class(tb::DATA_CLASS_TENSOR);
  tb::TensorProto* tensor = value->mutable_tensor();
  tensor->set_dtype(tb::DT_STRING);
  tensor->mutable_tensor_shape();  // a scalar string: a shape with no dimensions
  tensor->add_string_val(markdown);
  state_->write_event();
}

void TensorBoardWriter::add_session_start(const nlohmann::json& hparams, double start_time_secs) {
  tb::HParamsPluginData content;
  content.set_version(0);
  tb::SessionStartInfo* start = content.mutable_session_start_info();
  start->set_start_time_secs(start_time_secs);
  for (const auto& [name, json] : hparams.items()) {
    google::protobuf::Value& value = (*start->mutable_hparams())[name];
    if (json.is_boolean()) {
      value.set_bool_value(json.get<bool>());
    } else if (json.is_number()) {
      value.set_number_value(json.get<double>());
    } else if (json.is_string()) {
      value.set_string_value(json.get<std::string>());
    } else {
      value.set_string_value(json.dump());
    }
  }
  state_->write_hparams(kSessionStartTag, content);
}

void TensorBoardWriter::add_session_end(Outcome outcome, double end_time_secs) {
  tb::HParamsPluginData content;
  content.set_version(0);
  tb::SessionEndInfo* end = content.mutable_session_end_info();
  // The HParams API has no "cancelled": a stopped run's status is left unknown.
  end->set_status(outcome == Outcome::Finished ? tb::STATUS_SUCCESS
                  : outcome == Outcome::Failed ? tb::STATUS_FAILURE
                                               : tb::STATUS_UNKNOWN);
  end->set_end_time_secs(end_time_secs);
  state_->write_hparams(kSessionEndTag, content);
}

void TensorBoardWriter::flush() {
  state_->out.flush();
}

}  // namespace convstudio
