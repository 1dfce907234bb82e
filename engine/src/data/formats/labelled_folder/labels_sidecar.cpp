#include "data/formats/labelled_folder/labels_sidecar.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include <nlohmann/json.hpp>

#include "data/formats/shared/csv_fields.h"

namespace convstudio::formats::labelled_folder {
namespace {

using Json = nlohmann::json;

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// A first line such as "file,label" or "filename,class" names the columns; it
// is no entry.
bool is_header(const std::vector<std::string>& fields) {
  if (fields.size() != 2) return false;
  const std::string file = lowered(fields[0]);
  const std::string label = lowered(fields[1]);
  return (file == "file" || file == "filename" || file == "path" || file == "image") &&
         (label == "label" || label == "class");
}

std::optional<Error> parse_lines(std::string_view text, BadEntries& bad,
                                 const SidecarVisitor& visit) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 BOM
  std::int64_t number = 0;
  bool first_entry = true;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxSidecarLineBytes) {
      bad.add(number, "the line is longer than " + std::to_string(kMaxSidecarLineBytes) + " bytes");
      continue;
    }
    if (trimmed_field(line).empty()) continue;
    const std::optional<std::vector<std::string>> fields = split_csv_fields(line);
    if (!fields) {
      bad.add(number, "a quoted field does not end on this line");
      continue;
    }
    if (std::exchange(first_entry, false) && is_header(*fields)) continue;
    if (fields->size() != 2) {
      bad.add(number, "expected file,label, found " + std::to_string(fields->size()) + " field" +
                          (fields->size() == 1 ? "" : "s"));
      continue;
    }
    if ((*fields)[0].empty() || (*fields)[1].empty()) {
      bad.add(number, (*fields)[0].empty() ? "the file name is empty" : "the label is empty");
      continue;
    }
    if (!visit({std::move((*fields)[0]), std::move((*fields)[1]), number})) return std::nullopt;
  }
  return std::nullopt;
}

// Walks the text one character at a time for nlohmann's parser, counting the
// lines it has read: a key is reported when its closing quote has been read, so
// the count is the key's line.
class LineCountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  LineCountingIterator(const char* at, std::int64_t* newlines) : at_(at), newlines_(newlines) {}
  reference operator*() const { return *at_; }
  LineCountingIterator& operator++() {
    if (*at_ == '\n') ++*newlines_;
    ++at_;
    return *this;
  }
  LineCountingIterator operator++(int) {
    LineCountingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const LineCountingIterator& other) const { return at_ == other.at_; }
  bool operator!=(const LineCountingIterator& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  std::int64_t* newlines_;
};

// One object of "file": "label" pairs, streamed: nothing but the current pair
// is held.
class SidecarJson : public nlohmann::json_sax<Json> {
 public:
  SidecarJson(const std::string& file, const std::int64_t& newlines, BadEntries& bad,
              const SidecarVisitor& visit)
      : file_(file), newlines_(newlines), bad_(bad), visit_(visit) {}

  const std::optional<Error>& error() const { return error_; }

  bool null() override { return not_a_label("null"); }
  bool boolean(bool) override { return not_a_label("true or false"); }
  bool number_integer(number_integer_t value) override { return label(std::to_string(value)); }
  bool number_unsigned(number_unsigned_t value) override { return label(std::to_string(value)); }
  bool number_float(number_float_t, const string_t& text) override {
    return not_a_label("the number " + text);
  }
  bool string(string_t& value) override { return label(std::move(value)); }
  bool binary(binary_t&) override { return not_a_label("binary data"); }
  bool start_object(std::size_t) override {
    if (++depth_ == 1) return true;
    return not_a_label("an object");
  }
  bool end_object() override {
    --depth_;
    return true;
  }
  bool start_array(std::size_t) override { return not_a_label("a list"); }
  bool end_array() override { return true; }
  bool key(string_t& name) override {
    key_ = std::move(name);
    key_line_ = line();
    return true;
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception& problem) override {
    std::string message = problem.what();
    // "[json.exception.parse_error.101] parse error at line 2, column 3: syntax
    // error ...": the place is ours to give.
    if (const std::size_t colon = message.find(": "); colon != std::string::npos) {
      message.erase(0, colon + 2);
    }
    fail(line(), "is not valid JSON: " + message);
    return false;
  }

 private:
  std::int64_t line() const { return newlines_ + 1; }

  void fail(std::int64_t line, std::string message) {
    if (!error_) error_ = Error::at_line(file_, static_cast<int>(line), 1, std::move(message));
  }

  bool label(std::string value) {
    if (depth_ != 1) {
      fail(line(), "must hold one JSON object of \"file\": \"label\" pairs");
      return false;
    }
    if (key_.empty() || value.empty()) {
      bad_.add(key_line_, key_.empty() ? "the file name is empty" : "the label is empty");
      return true;
    }
    if (key_.size() > kMaxSidecarLineBytes || value.size() > kMaxSidecarLineBytes) {
      bad_.add(key_line_, "the file name or label is longer than " +
                              std::to_string(kMaxSidecarLineBytes) + " bytes");
      return true;
    }
    return visit_({std::move(key_), std::move(value), key_line_});
  }

  bool not_a_label(const std::string& what) {
    if (depth_ == 0) {
      fail(line(), "must hold one JSON object of \"file\": \"label\" pairs, not " + what);
    } else {
      fail(key_line_, "the label of " + key_ + " must be a string or a whole number, not " + what);
    }
    return false;
  }

  const std::string& file_;
  const std::int64_t& newlines_;
  BadEntries& bad_;
  const SidecarVisitor& visit_;
  std::optional<Error> error_;
  int depth_ = 0;
  std::string key_;
  std::int64_t key_line_ = 0;
};

std::optional<Error> parse_json(std::string_view text, const std::string& file, BadEntries& bad,
                                const SidecarVisitor& visit) {
  std::int64_t newlines = 0;
  SidecarJson handler(file, newlines, bad, visit);
  const LineCountingIterator first(text.data(), &newlines);
  const LineCountingIterator last(text.data() + text.size(), &newlines);
  Json::sax_parse(first, last, &handler);
  return handler.error();
}

}  // namespace

SidecarSyntax sidecar_syntax(std::string_view file_name) {
  const std::string_view json = ".json";
  const bool is_json =
      file_name.size() >= json.size() &&
      lowered(std::string(file_name.substr(file_name.size() - json.size()))) == json;
  return is_json ? SidecarSyntax::Json : SidecarSyntax::Lines;
}

std::optional<Error> parse_labels_sidecar(std::string_view text, SidecarSyntax syntax,
                                          const std::string& file, BadEntries& bad,
                                          const SidecarVisitor& visit) {
  return syntax == SidecarSyntax::Json ? parse_json(text, file, bad, visit)
                                       : parse_lines(text, bad, visit);
}

}  // namespace convstudio::formats::labelled_folder
