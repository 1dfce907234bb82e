#include "io/safetensors_io.h"

#include "scratch_folder.h"

#include <cstring>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// A safetensors file from a header text (padded here) and raw data bytes.
std::string file_with_header(std::string header, const std::string& data = {}) {
  header.append((8 - header.size() % 8) % 8, ' ');
  std::uint64_t length = header.size();
  std::string bytes(8, '\0');
  std::memcpy(bytes.data(), &length, 8);
  return bytes + header + data;
}

std::string decode_error(const std::string& bytes) {
  auto result = decode_safetensors(bytes, "model.safetensors");
  EXPECT_FALSE(result.ok());
  return result.ok() ? std::string() : result.error().describe();
}

std::string from_hex(const std::string& hex) {
  std::string bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return bytes;
}

TEST(Safetensors, RoundTripKeepsEveryDtypeShapeAndValue) {
  torch::manual_seed(3);
  SafetensorsContent content;
  content.tensors["f32"] = torch::randn({3, 4});
  content.tensors["f64"] = torch::randn({2}, torch::kFloat64);
  content.tensors["f16"] = torch::randn({5}).to(torch::kHalf);
  content.tensors["bf16"] = torch::randn({2, 3}).to(torch::kBFloat16);
  content.tensors["i64"] = torch::tensor({std::int64_t{-5}, std::int64_t{1} << 40});
  content.tensors["i32"] = torch::tensor({-7, 0, 9}, torch::kInt32);
  content.tensors["u8"] = torch::tensor({0, 128, 255}, torch::kUInt8);
  content.tensors["bool"] = torch::tensor({true, false, true});
  content.tensors["scalar"] = torch::tensor(2.5f);
  content.tensors["empty"] = torch::zeros({0, 3});
  content.tensors["transposed"] = torch::arange(6, torch::kFloat32).reshape({2, 3}).t();
  content.metadata = {{"format", "pt"}, {"note", "ünïcode"}};

  const fs::path file = testing::scratch_folder("round_trip") / "round_trip.safetensors";
  ASSERT_FALSE(write_safetensors(file, content).has_value());
  auto read = read_safetensors(file);
  ASSERT_TRUE(read.ok()) << read.error().describe();

  EXPECT_EQ(read.value().metadata, content.metadata);
  ASSERT_EQ(read.value().tensors.size(), content.tensors.size());
  for (const auto& [name, expected] : content.tensors) {
    const torch::Tensor& actual = read.value().tensors.at(name);
    EXPECT_EQ(actual.scalar_type(), expected.scalar_type()) << name;
    EXPECT_EQ(actual.sizes(), expected.sizes()) << name;
    EXPECT_TRUE(torch::equal(actual, expected)) << name;
  }
}

TEST(Safetensors, WrittenBytesFollowTheSpecLayout) {
  SafetensorsContent content;
  content.tensors["a"] = torch::tensor({1.0f, 2.0f});
  content.tensors["b"] = torch::tensor({1, 2, 3}, torch::kUInt8);
  content.tensors["c"] = torch::tensor({std::int64_t{7}});
  content.metadata = {{"k", "v"}};
  auto encoded = encode_safetensors(content, "x.safetensors");
  ASSERT_TRUE(encoded.ok());
  const std::string& bytes = encoded.value();

  // 8-byte little-endian length, then a header padded with spaces so the data starts 8-aligned.
  std::uint64_t header_length = 0;
  for (int i = 7; i >= 0; --i)
    header_length = header_length << 8 | static_cast<unsigned char>(bytes[i]);
  EXPECT_EQ(header_length % 8, 0u);
  const std::string header = bytes.substr(8, header_length);
  EXPECT_EQ(header.front(), '{');
  const std::size_t json_end = header.find_last_not_of(' ') + 1;
  EXPECT_EQ(header[json_end - 1], '}');
  EXPECT_LT(header.size() - json_end, 8u);

  const auto json = nlohmann::json::parse(header);
  EXPECT_EQ(json["__metadata__"], (nlohmann::json{{"k", "v"}}));
  // Widest dtype first, so each tensor starts at a multiple of its element size.
  EXPECT_EQ(json["c"],
            (nlohmann::json{{"dtype", "I64"}, {"shape", {1}}, {"data_offsets", {0, 8}}}));
  EXPECT_EQ(json["a"],
            (nlohmann::json{{"dtype", "F32"}, {"shape", {2}}, {"data_offsets", {8, 16}}}));
  EXPECT_EQ(json["b"],
            (nlohmann::json{{"dtype", "U8"}, {"shape", {3}}, {"data_offsets", {16, 19}}}));

  const std::string data = bytes.substr(8 + header_length);
  ASSERT_EQ(data.size(), 19u);
  const std::string expected_data = from_hex(
      "0700000000000000"
      "0000803f"
      "00000040"
      "010203");
  EXPECT_EQ(data, expected_data);
}

TEST(Safetensors, ReadsAFileWrittenByTheReferenceLibrary) {
  // safetensors 0.8.0 (Python): save({"weight": f32 [[1.5,-2],[0.25,3]], "ids": i64 [7,-1,3],
  // "mask": bool [T,F,T], "half": f16 [1,-0.5]}, metadata={"format": "pt"})
  const std::string bytes = from_hex(
      "10010000000000007b225f5f6d657461646174615f5f223a7b22666f726d6174223a227074227d2c22696473"
      "223a7b226474797065223a22493634222c227368617065223a5b335d2c22646174615f6f666673657473223a"
      "5b302c32345d7d2c22776569676874223a7b226474797065223a22463332222c227368617065223a5b322c32"
      "5d2c22646174615f6f666673657473223a5b32342c34305d7d2c2268616c66223a7b226474797065223a2246"
      "3136222c227368617065223a5b325d2c22646174615f6f666673657473223a5b34302c34345d7d2c226d6173"
      "6b223a7b226474797065223a22424f4f4c222c227368617065223a5b335d2c22646174615f6f66667365747322"
      "3a5b34342c34375d7d7d20202020200700000000000000ffffffffffffffff03000000000000000000c03f0000"
      "00c00000803e00004040003c00b8010001");
  auto read = decode_safetensors(bytes, "reference.safetensors");
  ASSERT_TRUE(read.ok()) << read.error().describe();
  const auto& tensors = read.value().tensors;
  EXPECT_TRUE(torch::equal(tensors.at("weight"), torch::tensor({{1.5f, -2.0f}, {0.25f, 3.0f}})));
  EXPECT_TRUE(torch::equal(tensors.at("ids"),
                           torch::tensor({std::int64_t{7}, std::int64_t{-1}, std::int64_t{3}})));
  EXPECT_TRUE(torch::equal(tensors.at("mask"), torch::tensor({true, false, true})));
  EXPECT_TRUE(torch::equal(tensors.at("half"), torch::tensor({1.0f, -0.5f}).to(torch::kHalf)));
  EXPECT_EQ(read.value().metadata.at("format"), "pt");
}

TEST(Safetensors, TooShortFileIsRefused) {
  EXPECT_EQ(decode_error(std::string(5, '\0')),
            "model.safetensors (byte 0): file is 5 bytes, too short for the 8-byte header length");
}

TEST(Safetensors, HeaderLongerThanTheFileIsRefused) {
  std::string bytes(4096, ' ');
  const std::uint64_t length = 1'000'000'000'000ull;
  std::memcpy(bytes.data(), &length, 8);
  // Within the 100 MB limit but past the end of the file.
  const std::uint64_t long_length = 5000;
  std::string bytes2 = bytes;
  std::memcpy(bytes2.data(), &long_length, 8);
  EXPECT_EQ(decode_error(bytes),
            "model.safetensors (byte 0): header length 1000000000000 exceeds the limit of "
            "104857600");
  EXPECT_EQ(decode_error(bytes2),
            "model.safetensors (byte 0): header length 5000 exceeds file size 4096");
}

TEST(Safetensors, TruncatedDataIsRefused) {
  const std::string whole = file_with_header(
      R"({"w":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", std::string(16, '\0'));
  EXPECT_NE(decode_error(whole.substr(0, whole.size() - 4))
                .find("data_offsets end 16 is past the data area of 12 bytes"),
            std::string::npos);
}

TEST(Safetensors, ShapeThatDisagreesWithTheByteRangeIsRefused) {
  const std::string bytes = file_with_header(
      R"({"w":{"dtype":"F32","shape":[2,3],"data_offsets":[0,16]}})", std::string(16, '\0'));
  EXPECT_NE(decode_error(bytes).find(
                "tensor \"w\": shape and dtype F32 need 24 bytes but data_offsets span 16"),
            std::string::npos);
}

// A number too large for a double is valid JSON syntax that the parser refuses by throwing
// out_of_range rather than parse_error; it must come back as the header's error too.
TEST(Safetensors, NumberTooLargeForADoubleIsRefused) {
  std::string error;
  ASSERT_NO_THROW(error = decode_error(file_with_header(R"({"__metadata__": {"x": 1e999}})")));
  EXPECT_NE(error.find("header is not valid JSON"), std::string::npos) << error;
}

TEST(Safetensors, InvalidJsonIsRefused) {
  const std::string error = decode_error(file_with_header(R"({"w": {"dtype": )"));
  EXPECT_NE(error.find("header is not valid JSON"), std::string::npos) << error;
  EXPECT_NE(decode_error(file_with_header("[1, 2]")).find("header does not start with '{'"),
            std::string::npos);
}

TEST(Safetensors, UnknownDtypeIsRefused) {
  const std::string bytes = file_with_header(
      R"({"w":{"dtype":"F8_E4M3","shape":[2],"data_offsets":[0,2]}})", std::string(2, '\0'));
  EXPECT_NE(decode_error(bytes).find("tensor \"w\": unknown dtype \"F8_E4M3\""), std::string::npos);
}

TEST(Safetensors, OverlappingTensorsAreRefused) {
  const std::string bytes =
      file_with_header(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
                       R"("b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                       std::string(12, '\0'));
  EXPECT_NE(decode_error(bytes).find("tensors \"a\" and \"b\" overlap"), std::string::npos);
}

TEST(Safetensors, UnorderedAndGappedTensorsAreAccepted) {
  std::string data(24, '\0');
  const float one = 1.0f;
  std::memcpy(data.data() + 16, &one, 4);
  const std::string bytes =
      file_with_header(R"({"late":{"dtype":"F32","shape":[2],"data_offsets":[16,24]},)"
                       R"("early":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}})",
                       data);
  auto read = decode_safetensors(bytes, "gaps.safetensors");
  ASSERT_TRUE(read.ok()) << read.error().describe();
  EXPECT_FLOAT_EQ(read.value().tensors.at("late")[0].item<float>(), 1.0f);
}

TEST(Safetensors, MalformedEntriesAreRefused) {
  auto entry_error = [](const std::string& entry) {
    return decode_error(file_with_header(R"({"w":)" + entry + "}", std::string(8, '\0')));
  };
  EXPECT_NE(entry_error(R"({"dtype":"F32","shape":[2],"data_offsets":[8,0]})").find("is after end"),
            std::string::npos);
  EXPECT_NE(entry_error(R"({"dtype":"F32","shape":[-2],"data_offsets":[0,8]})").find("shape holds"),
            std::string::npos);
  EXPECT_NE(entry_error(R"({"dtype":"F32","shape":[2]})").find("data_offsets"), std::string::npos);
  EXPECT_NE(entry_error(R"({"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]})")
                .find("too large"),
            std::string::npos);
  EXPECT_NE(entry_error("[1]").find("not a JSON object"), std::string::npos);
  EXPECT_NE(decode_error(file_with_header(R"({"__metadata__":{"k":1}})")).find("not a string"),
            std::string::npos);
}

TEST(Safetensors, BoolBytesOtherThanZeroOrOneAreRefused) {
  const std::string bytes = file_with_header(
      R"({"m":{"dtype":"BOOL","shape":[2],"data_offsets":[0,2]}})", std::string("\x01\x02", 2));
  EXPECT_NE(decode_error(bytes).find("BOOL byte is neither 0 nor 1"), std::string::npos);
}

TEST(Safetensors, MissingFileIsReportedWithItsPath) {
  auto read = read_safetensors("/nonexistent/model.safetensors");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().file, "/nonexistent/model.safetensors");
  EXPECT_NE(read.error().message.find("missing"), std::string::npos);
}

TEST(Safetensors, UnsupportedDtypeIsRefusedWhenWriting) {
  SafetensorsContent content;
  content.tensors["z"] = torch::zeros({2}, torch::kComplexFloat);
  auto encoded = encode_safetensors(content, "x.safetensors");
  ASSERT_FALSE(encoded.ok());
  EXPECT_NE(encoded.error().message.find("tensor \"z\" has dtype ComplexFloat"), std::string::npos);
}

}  // namespace
}  // namespace convstudio
