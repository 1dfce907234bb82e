#include "convstudio/runs/message_text.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(MessageText, FillsEveryPlaceholderInOnePass) {
  const MessageText text{"%2 of %1, then %2 again", {"ten", "five"}};
  EXPECT_EQ(text.english(), "five of ten, then five again");
}

TEST(MessageText, AnArgumentHoldingAPlaceholderStaysAsItIs) {
  EXPECT_EQ(fill_placeholders("file %1: %2", {"100%2.txt", "unreadable"}),
            "file 100%2.txt: unreadable");
}

TEST(MessageText, APlaceholderWithoutAnArgumentIsKept) {
  EXPECT_EQ(fill_placeholders("%1 and %3 and 5%", {"a"}), "a and %3 and 5%");
}

}  // namespace
}  // namespace convstudio
