// The .pt2 exports read back by the programs a user deploys them with: Python's
// torch.export.load (equal to the checkpoint within 1e-5) and LibTorch's
// AOTIModelPackageLoader, in ConvStudio's predict too (within 1e-4); and their failures: no
// Python with torch, a torch that cannot write the format, a step of torch.export failing in a
// block, each named, with no file left behind.
//
// The compiling tests (Pt2Compiles.*) run as their own ctest, pt2_export_readers: one tiny model
// (conv 4x3x3 on 1x8x8, then the classes), whose AOTInductor compile takes about a minute on an
// idle CPU of this machine (see the README's Export section for the measurement), and a tiny
// segmentation model (a 3×3 conv to 3 classes per pixel) whose package gives predict the
// checkpoint's masks.

#include <fstream>

#include <gtest/gtest.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#include <nlohmann/json.hpp>

#include "convstudio/export/inference_model.h"
#include "convstudio/export/model_export.h"
#include "convstudio/export/python_torch.h"
#include "convstudio/remote/process_runner.h"
#include "export/pt2_export.h"
#include "scratch_folder.h"
#include "trained_model_factory.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

constexpr double kPythonTolerance = 1e-5;
constexpr double kCppTolerance = 1e-4;

TrainedModel tiny_conv_model() {
  Graph g;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{1});
  g.set_param(input, "height", std::int64_t{8});
  g.set_param(input, "width", std::int64_t{8});
  const std::string conv = g.add_block("Conv2d");
  g.set_param(conv, "out_channels", std::int64_t{4});
  g.set_param(conv, "kernel", std::int64_t{3});
  g.set_param(conv, "padding", std::int64_t{1});
  const std::string relu = g.add_block("ReLU");
  const std::string flatten = g.add_block("Flatten");
  const std::string output = g.add_block("Output");
  g.set_param(output, "classes", std::int64_t{10});
  g.connect({input, conv, 0});
  g.connect({conv, relu, 0});
  g.connect({relu, flatten, 0});
  g.connect({flatten, output, 0});
  return testing::random_trained_model(g, TensorShape::image(1, 8, 8));
}

// Issue 38: the smallest segmentation model, a 3×3 convolution to 3 classes per pixel.
TrainedModel tiny_segmentation_model() {
  Graph g;
  const std::string input = g.add_block("Input");
  g.set_param(input, "channels", std::int64_t{3});
  g.set_param(input, "height", std::int64_t{8});
  g.set_param(input, "width", std::int64_t{8});
  const std::string conv = g.add_block("Conv2d");
  g.set_param(conv, "out_channels", std::int64_t{3});
  g.set_param(conv, "kernel", std::int64_t{3});
  g.set_param(conv, "padding", std::int64_t{1});
  const std::string output = g.add_block("Output");
  g.set_param(output, "mode", std::string("pass-through"));
  g.connect({input, conv, 0});
  g.connect({conv, output, 0});
  return testing::random_trained_model(g, TensorShape::image(3, 8, 8));
}

void write_floats(const fs::path& file, const torch::Tensor& tensor) {
  const torch::Tensor values = tensor.contiguous().to(torch::kFloat);
  std::ofstream stream(file, std::ios::binary);
  stream.write(reinterpret_cast<const char*>(values.data_ptr<float>()),
               static_cast<std::streamsize>(values.numel() * sizeof(float)));
}

std::string python() {
  const char* set = std::getenv("CONVSTUDIO_PYTHON");
  return set != nullptr ? set : "python3";
}

// The files in `folder`, by name: a failed export must leave none of its own.
std::vector<std::string> files_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// A stand-in Python: answers the torch probe with `version`, and the export script with
// `answer` after leaving a partial .pt2 where it was told to write (argv 4).
fs::path fake_python(const fs::path& folder, const std::string& version,
                     const std::string& answer) {
  const fs::path script = folder / "python";
  std::ofstream(script) << "#!/bin/sh\n"
                        << "if [ \"$1\" = -c ]; then echo '" << version << "'; exit 0; fi\n"
                        << "echo half > \"$4\"\n"
                        << "echo 'W torch warning'\n"
                        << "echo '" << answer << "'\n";
  fs::permissions(script, fs::perms::owner_all);
  return script;
}

TEST(Pt2Versions, AotiWantsThisLibTorchAndExportedProgramsWantTwoSixOrNewer) {
  EXPECT_EQ(libtorch_version(), "2.14.1");
  EXPECT_EQ(torch_version_problem(ExportFormat::Pt2Aoti, "2.14.1+cu130"), "");
  EXPECT_EQ(torch_version_problem(ExportFormat::Pt2Aoti, "2.14.0"), "");
  EXPECT_NE(torch_version_problem(ExportFormat::Pt2Aoti, "2.15.0").find("C shim"),
            std::string::npos);
  EXPECT_NE(torch_version_problem(ExportFormat::Pt2Aoti, "2.13.1"), "");
  EXPECT_EQ(torch_version_problem(ExportFormat::Pt2, "2.6.0"), "");
  EXPECT_EQ(torch_version_problem(ExportFormat::Pt2, "2.15.0"), "");
  EXPECT_NE(torch_version_problem(ExportFormat::Pt2, "2.5.1").find("older than 2.6"),
            std::string::npos);
  EXPECT_EQ(parse_export_format("pt2-aoti"), ExportFormat::Pt2Aoti);
  EXPECT_EQ(export_format_extension(ExportFormat::Pt2), ".pt2");
}

TEST(Pt2Failures, NoPythonWithTorchSaysWhatToInstallAndWritesNothing) {
  const fs::path folder = testing::scratch_folder("pt2_no_python");
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(tiny_conv_model(), ckpt);
  fs::create_directories(folder / "out");
  const ExportResult result =
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "out" / "model.pt2",
                        (folder / "no-such-python").string());
  ASSERT_TRUE(result.error);
  EXPECT_TRUE(result.input_error);
  EXPECT_EQ(result.error->field, "python");
  EXPECT_NE(result.error->message.find("pip install torch==2.14.1"), std::string::npos)
      << result.error->describe();
  EXPECT_TRUE(files_in(folder / "out").empty());
}

TEST(Pt2Failures, AnOlderTorchIsRefusedForAotiByVersion) {
  const fs::path folder = testing::scratch_folder("pt2_old_torch");
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(tiny_conv_model(), ckpt);
  const fs::path python = fake_python(folder, "2.12.0", "{\"ok\": true}");
  fs::create_directories(folder / "out");
  const ExportResult result =
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "out" / "model.pt2", python.string());
  ASSERT_TRUE(result.error);
  EXPECT_NE(result.error->message.find("torch 2.12.0 writes AOTInductor packages that LibTorch "
                                       "2.14.1 cannot load"),
            std::string::npos)
      << result.error->describe();
  EXPECT_TRUE(files_in(folder / "out").empty());
}

TEST(Pt2Failures, AFailingStepNamesItsBlockAndLeavesNoHalfFile) {
  const fs::path folder = testing::scratch_folder("pt2_failing_step");
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(tiny_conv_model(), ckpt);
  const fs::path python = fake_python(
      folder, "2.14.1",
      R"({"step": "torch.export.export", "error": "UserError: shape mismatch", "block": "conv1"})");
  fs::create_directories(folder / "out");
  const ExportResult result =
      export_checkpoint(ckpt, ExportFormat::Pt2, folder / "out" / "model.pt2", python.string());
  ASSERT_TRUE(result.error);
  EXPECT_EQ(result.error->block_id, "conv1");
  EXPECT_EQ(result.error->block_type, "Conv2d");
  EXPECT_NE(result.error->message.find("pt2 export failed at torch.export.export: UserError: "
                                       "shape mismatch"),
            std::string::npos)
      << result.error->describe();
  EXPECT_TRUE(files_in(folder / "out").empty()) << "the partial .pt2 was left behind";
}

// pt2-aoti compiles for the device asked (the script moves the model there); the default is
// the CPU, whose packages run anywhere.
TEST(Pt2Devices, TheAskedDeviceReachesTheAotiScript) {
  const fs::path folder = testing::scratch_folder("pt2_device");
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(tiny_conv_model(), ckpt);
  const fs::path python = folder / "python";
  std::ofstream(python) << "#!/bin/sh\n"
                        << "if [ \"$1\" = -c ]; then echo 2.14.1; exit 0; fi\n"
                        << "echo \"$6\" > \"" << (folder / "device.txt").string() << "\"\n"
                        << "echo package > \"$4\"\n"
                        << "echo '{\"ok\": true}'\n";
  fs::permissions(python, fs::perms::owner_all);
  const auto device_given = [&] {
    std::ifstream file(folder / "device.txt");
    std::string device;
    std::getline(file, device);
    return device;
  };
  ASSERT_FALSE(
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "cpu.pt2", python.string()).error);
  EXPECT_EQ(device_given(), "cpu");
  ASSERT_FALSE(
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "cuda.pt2", python.string(), "cuda:1")
          .error);
  EXPECT_EQ(device_given(), "cuda:1");
  EXPECT_TRUE(fs::exists(folder / "cuda.pt2"));
}

// Both .pt2 files of the tiny model, and the checkpoint's logits for a batch of 3.
TEST(Pt2Compiles, ExportedProgramAndAotiPackageMatchTheCheckpoint) {
  const fs::path folder = testing::scratch_folder("pt2_readers");
  const TrainedModel model = tiny_conv_model();
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(model, ckpt);
  torch::manual_seed(7);
  const torch::Tensor input = torch::randn({3, 1, 8, 8});
  const torch::Tensor expected = testing::reference_logits(model, input);
  write_floats(folder / "input.f32", input);
  write_floats(folder / "expected.f32", expected);

  const ExportResult program = export_checkpoint(ckpt, ExportFormat::Pt2, folder / "model.pt2");
  ASSERT_FALSE(program.error) << program.error->describe();
  const ExportResult package =
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "model-aoti.pt2");
  ASSERT_FALSE(package.error) << package.error->describe();

  // Python: torch.export.load, within 1e-5 of the checkpoint, the contract in its extra file.
  const char* check = R"PY(
import json, sys
import numpy as np, torch
folder = sys.argv[1]
x = torch.from_numpy(np.fromfile(folder + "/input.f32", dtype="<f4").reshape(3, 1, 8, 8))
want = np.fromfile(folder + "/expected.f32", dtype="<f4").reshape(3, 10)
extra = {"convstudio/preprocessing.json": ""}
program = torch.export.load(folder + "/model.pt2", extra_files=extra)
got = program.module()(x).detach().numpy()
print(json.dumps({"difference": float(np.abs(got - want).max()),
                  "contract": json.loads(extra["convstudio/preprocessing.json"])}))
)PY";
  Result<ProcessOutput> ran = run_process({python(), "-c", check, folder.string()});
  ASSERT_TRUE(ran) << ran.error().describe();
  ASSERT_TRUE(ran.value().ok()) << ran.value().err;
  // The last line (torch may warn before it).
  std::string out = ran.value().out;
  while (!out.empty() && out.back() == '\n') out.pop_back();
  const nlohmann::json answer = nlohmann::json::parse(out.substr(out.rfind('\n') + 1));
  EXPECT_LE(answer["difference"].get<double>(), kPythonTolerance);
  EXPECT_EQ(PreprocessingContract::from_json(answer["contract"]), model.contract);

  // C++: LibTorch's own loader, within 1e-4, on a batch size other than the example's.
  torch::inductor::AOTIModelPackageLoader loader((folder / "model-aoti.pt2").string());
  const torch::Tensor got = loader.run({input})[0];
  EXPECT_LE((got - expected).abs().max().item<double>(), kCppTolerance);
  EXPECT_EQ(PreprocessingContract::from_json(
                nlohmann::json::parse(loader.get_metadata().at(kPt2ContractKey))),
            model.contract);
  // And ConvStudio's predict path: the package with its preprocessing contract.
  const InferenceModelLoad loaded = InferenceModel::load(folder / "model-aoti.pt2");
  ASSERT_TRUE(loaded.model) << loaded.error->describe();
  EXPECT_EQ(loaded.model->kind(), "aoti");
  EXPECT_EQ(loaded.model->contract(), model.contract);
  // An ExportedProgram is Python's: predict says so instead of failing obscurely.
  const InferenceModelLoad refused = InferenceModel::load(folder / "model.pt2");
  ASSERT_FALSE(refused.model);
  EXPECT_NE(refused.error->message.find("export --format pt2-aoti for C++"), std::string::npos)
      << refused.error->describe();
}

// A segmentation model's AOTInductor package gives predict the checkpoint's masks.
TEST(Pt2Compiles, ASegmentationPackageGivesTheCheckpointsMasks) {
  const fs::path folder = testing::scratch_folder("pt2_segmentation");
  const TrainedModel model = tiny_segmentation_model();
  ASSERT_TRUE(model.contract.segments());
  const fs::path ckpt = folder / "model.ckpt";
  testing::save_as_checkpoint(model, ckpt);
  const ExportResult package =
      export_checkpoint(ckpt, ExportFormat::Pt2Aoti, folder / "model-aoti.pt2");
  ASSERT_FALSE(package.error) << package.error->describe();
  const fs::path image = folder / "image.ppm";
  {
    std::ofstream ppm(image, std::ios::binary);
    ppm << "P6\n8 8\n255\n";
    for (int i = 0; i < 8 * 8 * 3; ++i) ppm.put(static_cast<char>((i * 37) % 251));
  }
  const InferenceModelLoad checkpoint = InferenceModel::load(ckpt);
  const InferenceModelLoad aoti = InferenceModel::load(folder / "model-aoti.pt2");
  ASSERT_TRUE(checkpoint.model) << checkpoint.error->describe();
  ASSERT_TRUE(aoti.model) << aoti.error->describe();
  EXPECT_TRUE(aoti.model->contract().segments());
  const SegmentationPrediction want = checkpoint.model->segment({image}).front();
  const SegmentationPrediction got = aoti.model->segment({image}).front();
  ASSERT_FALSE(want.error) << *want.error;
  ASSERT_FALSE(got.error) << *got.error;
  EXPECT_EQ(got.classes, want.classes);
  EXPECT_EQ(got.pixel_counts, want.pixel_counts);
}

}  // namespace
}  // namespace convstudio
