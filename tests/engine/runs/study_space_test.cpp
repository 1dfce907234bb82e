// A study's spaces are typed by hand (`--param lr=log:1e-4..1`): every kind must be read, and
// every mistake refused naming the --param's setting and the part that is wrong.

#include "convstudio/runs/study_space.h"

#include <gtest/gtest.h>

namespace convstudio {
namespace {

TEST(StudySpace, EachKindIsRead) {
  StudySpace lr = parse_study_space(" lr = 0.01..0.1 ").value();
  EXPECT_EQ(lr.kind, StudySpaceKind::Number);
  EXPECT_EQ(lr.low, 0.01);
  EXPECT_EQ(lr.high, 0.1);
  EXPECT_EQ(parse_study_space("lr=log:1e-4..1").value().kind, StudySpaceKind::LogNumber);
  EXPECT_EQ(parse_study_space("batch_size=int:8..64").value().kind, StudySpaceKind::Integer);
  // A whole-number setting is searched over whole numbers without the prefix too.
  EXPECT_EQ(parse_study_space("batch_size=8..64").value().kind, StudySpaceKind::Integer);
  EXPECT_EQ(parse_study_space("batch_size=log:8..512").value().kind, StudySpaceKind::LogInteger);
  StudySpace batch = parse_study_space("batch_size=32,64,128").value();
  EXPECT_EQ(batch.kind, StudySpaceKind::Choice);
  EXPECT_EQ(batch.choices, (std::vector<std::string>{"32", "64", "128"}));
  EXPECT_EQ(parse_study_space("amp=off,bf16").value().choices.size(), 2u);
}

TEST(StudySpace, WrittenBackAsTyped) {
  for (const char* text : {"lr=log:1e-04..1", "batch_size=int:8..64", "lr=0.01..0.1",
                           "batch_size=32,64,128", "batch_size=int:log:8..512"}) {
    EXPECT_EQ(to_string(parse_study_space(text).value()), text);
  }
  // To the last bit, so a resumed study searches the space it started with.
  const StudySpace odd = parse_study_space("lr=log:0.000123456789012345..0.987654321").value();
  EXPECT_EQ(parse_study_space(to_string(odd)).value(), odd);
}

TEST(StudySpace, MistakesNameTheSettingAndThePart) {
  EXPECT_EQ(parse_study_space("lr").error().field, "param");
  const Error unknown = parse_study_space("device=cpu,cuda").error();
  EXPECT_EQ(unknown.field, "device");
  EXPECT_NE(unknown.message.find("batch_size"), std::string::npos);  // lists what can be searched
  EXPECT_NE(parse_study_space("lr=").error().message.find("no space"), std::string::npos);
  const Error reversed = parse_study_space("lr=0.1..0.01").error();
  EXPECT_EQ(reversed.field, "training.lr");
  EXPECT_NE(reversed.message.find("range '0.1..0.01'"), std::string::npos);
  EXPECT_NE(reversed.message.find("below"), std::string::npos);
  EXPECT_NE(parse_study_space("lr=log:0..1").error().message.find("above 0"), std::string::npos);
  EXPECT_NE(parse_study_space("lr=0.1..x").error().message.find("LOW..HIGH"), std::string::npos);
  EXPECT_NE(parse_study_space("lr=0..1000").error().message.find("outside the setting's range"),
            std::string::npos);
  EXPECT_NE(parse_study_space("batch_size=int:1.5..8").error().message.find("whole numbers"),
            std::string::npos);
  EXPECT_NE(parse_study_space("lr=int:1..2").error().message.find("not a whole number"),
            std::string::npos);
  EXPECT_NE(parse_study_space("amp=0..1").error().message.find("list its values"),
            std::string::npos);
  const Error choice = parse_study_space("batch_size=32,-4").error();
  EXPECT_EQ(choice.field, "training.batch_size");
  EXPECT_NE(choice.message.find("choice '-4'"), std::string::npos);
  EXPECT_NE(parse_study_space("amp=off,off").error().message.find("'off' twice"),
            std::string::npos);
}

// The studio shows these errors in the user's language: each comes with its pattern and the
// arguments that fill it to the very English the CLI prints.
TEST(StudySpace, EveryErrorComesWithThePatternItWasWrittenFrom) {
  for (const char* text : {"lr", "device=cpu", "lr=", "lr=0.1..0.01", "lr=log:0..1", "lr=0.1..x",
                           "lr=0..1000", "batch_size=int:1.5..8", "lr=int:1..2", "amp=0..1",
                           "batch_size=32,-4", "amp=off,off", "amp=off,,on"}) {
    MessageText said;
    const Result<StudySpace> space = parse_study_space(text, &said);
    ASSERT_FALSE(space.ok()) << text;
    EXPECT_FALSE(said.empty()) << text;
    EXPECT_EQ(said.english(), space.error().message) << text;
  }
  MessageText said;
  ASSERT_FALSE(parse_study_space("lr=0.1..0.01", &said).ok());
  EXPECT_EQ(said.pattern, "range '%1': its low end must be below its high end");
  EXPECT_EQ(said.args, std::vector<std::string>{"0.1..0.01"});
}

TEST(StudySpace, DrawnValuesAreSetOnTheTrialsProject) {
  const std::vector<StudySpace> spaces = {parse_study_space("lr=log:1e-4..1").value(),
                                          parse_study_space("batch_size=32,64,128").value(),
                                          parse_study_space("epochs=int:1..5").value()};
  std::string label;
  Project trial = apply_study_values(Project{}, spaces, {0.0123456789, 2, 3.4}, &label).value();
  EXPECT_EQ(label, "lr=0.0123457, batch_size=128, epochs=3");
  EXPECT_DOUBLE_EQ(trial.training.optimizer.lr, 0.0123457);
  EXPECT_EQ(trial.training.batch_size, 128);
  EXPECT_EQ(trial.training.epochs, 3);
}

}  // namespace
}  // namespace convstudio
