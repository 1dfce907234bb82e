// Block ids that could make the lines naming a block lie (issue 31): control characters and
// bidirectional formatting are refused by the project file's reader (and so the studio's paste)
// and by GraphValidator, placed by the block's position, the code point written out.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "convstudio/model/block_id.h"
#include "convstudio/model/graph_json.h"
#include "convstudio/model/graph_validator.h"
#include "convstudio/model/project_file.h"
#include "convstudio/model/shape_inference.h"
#include "convstudio/model/template_library.h"

namespace convstudio {
namespace {

Graph lenet() {
  return *TemplateLibrary::instantiate("lenet5", TensorShape::image(1, 28, 28), 10).graph;
}

// The JSON of lenet5 with its second block's id (and the wires naming it) set to `id`.
nlohmann::ordered_json lenet_json_with_id(const std::string& id) {
  nlohmann::ordered_json json = GraphJson::to_json(lenet());
  const std::string old_id = json["blocks"][1]["id"];
  json["blocks"][1]["id"] = id;
  for (auto& wire : json["connections"]) {
    if (wire["from"] == old_id) wire["from"] = id;
    if (wire["to"] == old_id) wire["to"] = id;
  }
  return json;
}

TEST(BlockId, ControlBidiAndInvisibleCharactersAreRefusedWithTheirCodePoint) {
  const std::pair<std::string, std::string> cases[] = {{std::string("conv\0"
                                                                    "1",
                                                                    6),
                                                        "U+0000"},
                                                       {"conv\n1", "U+000A"},
                                                       {"conv\x1b[2J", "U+001B"},
                                                       {"conv\u202E1", "U+202E"},
                                                       {"\u2066conv1\u2069", "U+2066"},
                                                       {"conv\u200F1", "U+200F"},
                                                       {"conv\u061C1", "U+061C"},
                                                       {"conv\u20281", "U+2028"},
                                                       {"conv\u200B1", "U+200B"},
                                                       {"\xEF\xBB\xBF"
                                                        "conv1",
                                                        "U+FEFF"},
                                                       {"conv\xC2\x85"
                                                        "1",
                                                        "U+0085"}};
  for (const auto& [id, code_point] : cases) {
    const std::optional<std::string> problem = block_id_problem(id);
    ASSERT_TRUE(problem.has_value()) << code_point;
    EXPECT_NE(problem->find(code_point), std::string::npos) << *problem;
    EXPECT_EQ(problem->find(id), std::string::npos) << "the id itself is never echoed";
  }
  EXPECT_NE(block_id_problem("conv\xFF").value_or("").find("not valid UTF-8"), std::string::npos);
  EXPECT_TRUE(block_id_problem("conv\xC0\x80").has_value()) << "an overlong NUL";
}

TEST(BlockId, OrdinaryIdsInAnyScriptAreAccepted) {
  for (const std::string id : {"conv1", "res_block-2.a", "卷积1", "свёртка", "مرشح", "α β"}) {
    EXPECT_FALSE(block_id_problem(id).has_value()) << id;
  }
}

TEST(BlockId, TheProjectFileRefusesABidiIdNamingTheBlockByPosition) {
  nlohmann::ordered_json project = nlohmann::ordered_json::parse(ProjectFile::serialize(Project{}));
  project["graph"] = lenet_json_with_id("conv\u202E1gnp.exe");
  const ProjectLoadResult loaded = ProjectFile::parse(project.dump());
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.errors[0].field, "graph.blocks[1].id");
  EXPECT_NE(loaded.errors[0].message.find("U+202E"), std::string::npos);
  EXPECT_EQ(loaded.errors[0].describe().find("\u202E"), std::string::npos);
  // The wires naming the block are refused too, rather than reported as wires to nowhere.
  for (std::size_t i = 1; i < loaded.errors.size(); ++i) {
    EXPECT_EQ(loaded.errors[i].field.rfind("graph.connections[", 0), 0u) << loaded.errors[i].field;
  }
  EXPECT_GT(loaded.errors.size(), 1u);
}

// The studio's paste reads the clipboard with the same reader (GraphFragment::fromJson).
TEST(BlockId, AGraphWithANulIdIsRefusedByTheReaderTheClipboardUses) {
  std::vector<Error> errors;
  GraphJson::from_json(lenet_json_with_id(std::string("conv\0"
                                                      "1",
                                                      6)),
                       "clipboard", errors);
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors[0].field, "clipboard.blocks[1].id");
  EXPECT_NE(errors[0].message.find("U+0000"), std::string::npos);
}

TEST(BlockId, TheValidatorReportsOnlyTheIdProblemsPlacedByPosition) {
  Graph graph = lenet();
  const std::string old_id = graph.blocks()[1].id;
  ASSERT_TRUE(graph.rename_block(old_id, "conv\u202E1"));
  graph.set_param("conv\u202E1", "kernel", ParamValue(std::int64_t{-3}));  // a second problem
  std::size_t wire_ends = 0;
  for (const Connection& c : graph.connections())
    wire_ends += (c.from == "conv\u202E1") + (c.to == "conv\u202E1");
  const std::vector<Error> errors = GraphValidator::validate(graph);
  ASSERT_EQ(errors.size(), 1 + wire_ends) << "the block and the wire ends naming it";
  EXPECT_EQ(errors[0].field, "graph.blocks[1].id");
  EXPECT_TRUE(errors[0].block_id.empty());
  for (const Error& error : errors) {
    EXPECT_EQ(error.describe().find("\u202E"), std::string::npos) << error.describe();
    EXPECT_NE(error.message.find("U+202E"), std::string::npos) << error.message;
  }
  const ModelAnalysis analysis = ShapeInference::run(graph);
  EXPECT_EQ(analysis.errors.size(), errors.size());
  for (const Error& error : analysis.errors) {
    EXPECT_EQ(error.describe().find("\u202E"), std::string::npos) << error.describe();
  }
}

}  // namespace
}  // namespace convstudio
