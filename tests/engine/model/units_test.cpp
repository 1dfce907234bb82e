#include "convstudio/model/units.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(FormatBytes, UsesBinaryUnitsWithOneDecimal) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(1536), "1.5 KiB");
  EXPECT_EQ(format_bytes(80ull * 1024 * 1024 * 1024), "80.0 GiB");
}

TEST(FormatCount, UsesSiSuffixes) {
  EXPECT_EQ(format_count(999), "999");
  EXPECT_EQ(format_count(61706), "61.71 K");
  EXPECT_EQ(format_count(1234567), "1.23 M");
}

}  // namespace
}  // namespace convstudio
