// Parsing a segmentation data set's classes file (classes.txt or classes.json): names, optional
// colours, and every problem at its line or JSON field.
#include <gtest/gtest.h>

#include "data/formats/shared/class_list.h"

namespace convstudio::formats {
namespace {

TEST(ClassList, TextLinesNameClassesWithOptionalColours) {
  Result<ClassList> list = parse_class_list(
      "\xEF\xBB\xBF# classes\r\nbackground 0 0 0\r\npotted plant\n\nsky 1 2 3", "c.txt");
  ASSERT_TRUE(list.ok()) << list.error().describe();
  EXPECT_EQ(list.value().names, (std::vector<std::string>{"background", "potted plant", "sky"}));
  EXPECT_EQ(list.value().colours,
            (std::vector<ClassColour>{{0, 0, 0}, default_class_colour(1), {1, 2, 3}}));
  EXPECT_TRUE(list.value().colours_named);
}

TEST(ClassList, JsonNamesClassesWithColourOrColor) {
  Result<ClassList> list = parse_class_list(
      R"([{"name": "a"}, {"name": "b", "colour": [9, 8, 7]}, {"name": "c", "color": [1, 1, 1]}])",
      "classes.json");
  ASSERT_TRUE(list.ok()) << list.error().describe();
  EXPECT_EQ(list.value().names, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(list.value().colours[0], default_class_colour(0));
  EXPECT_EQ(list.value().colours[1], (ClassColour{9, 8, 7}));
  EXPECT_EQ(list.value().colours[2], (ClassColour{1, 1, 1}));
}

TEST(ClassList, ProblemsComeBackAtTheirLineOrField) {
  Result<ClassList> twice = parse_class_list("a\nb\na\n", "c.txt");
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().line, 3);
  Result<ClassList> colour = parse_class_list("a\nb 1 2 256\n", "c.txt");
  ASSERT_FALSE(colour.ok());
  EXPECT_EQ(colour.error().line, 2);
  Result<ClassList> empty = parse_class_list("# nothing\n\n", "c.txt");
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().file, "c.txt");
  Result<ClassList> broken = parse_class_list("[\n{\"name\": \"a\"},\n{oops}\n]", "c.json");
  ASSERT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().line, 3);
  // A number no double holds is nlohmann's out_of_range, not a parse_error: still an error,
  // never an escaped exception (found by fuzz_class_list).
  Result<ClassList> huge = parse_class_list("48888e888eee", "c.json");
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().file, "c.json");
  EXPECT_FALSE(parse_class_list(R"([{"name": "a", "colour": [1e999, 0, 0]}])", "c.json").ok());
  Result<ClassList> nameless = parse_class_list(R"([{"colour": [1, 2, 3]}])", "c.json");
  ASSERT_FALSE(nameless.ok());
  EXPECT_EQ(nameless.error().field, "[0]");
  std::string many;
  for (int i = 0; i < 256; ++i) many += "c" + std::to_string(i) + "\n";
  Result<ClassList> too_many = parse_class_list(many, "c.txt");
  ASSERT_FALSE(too_many.ok());
  EXPECT_EQ(too_many.error().line, 256);
}

}  // namespace
}  // namespace convstudio::formats
