// measure_int8_export: the fp32 and int8 files run in onnxruntime through Python, because no
// C++ onnxruntime is packaged for Debian 12 (the venv's PyPI wheel is Python only) and OpenCV
// DNN 4.6 cannot stand in for the runtime a user deploys to.

#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "convstudio/export/int8_export.h"
#include "convstudio/remote/process_runner.h"
#include "export/int8/calibration_run.h"
#include "export/onnx_export.h"
#include "export/python_interpreter.h"

namespace convstudio {
namespace {

namespace fs = std::filesystem;

// Reads the images and labels written below, runs both files over them (256 at a time) and
// times batch 64: each of the paired runs times fp32 and int8 back to back, in alternating
// order, 10 batches each, on one thread so the figure does not depend on the machine's load.
constexpr const char* kMeasureScript = R"PY(
import json, statistics, sys, time
try:
    import numpy as np
    import onnxruntime as ort
except ImportError as error:
    print(json.dumps({"error": "this Python has no onnxruntime (pip install onnxruntime): %s" % error}))
    sys.exit(0)
fp32, int8, images, labels, shape, runs = sys.argv[1:7]
x = np.fromfile(images, dtype="<f4").reshape([int(d) for d in shape.split(",")])
y = np.fromfile(labels, dtype="<i8")
options = ort.SessionOptions()
options.intra_op_num_threads = 1
options.inter_op_num_threads = 1
sessions = [ort.InferenceSession(f, options, providers=["CPUExecutionProvider"]) for f in (fp32, int8)]
def classes(session):
    return np.concatenate([session.run(None, {"input": x[i:i + 256]})[0].argmax(1)
                           for i in range(0, len(x), 256)])
a, b = classes(sessions[0]), classes(sessions[1])
batch = np.resize(x, (64,) + x.shape[1:]).astype(np.float32)
def timed(session):
    start = time.perf_counter()
    for _ in range(10):
        session.run(None, {"input": batch})
    return time.perf_counter() - start
for session in sessions:
    timed(session)
ratios = []
for run in range(int(runs)):
    if run % 2 == 0:
        t32 = timed(sessions[0]); t8 = timed(sessions[1])
    else:
        t8 = timed(sessions[1]); t32 = timed(sessions[0])
    ratios.append(t32 / t8)
print(json.dumps({"samples": int(len(y)), "fp32_accuracy": float((a == y).mean()),
                  "int8_accuracy": float((b == y).mean()), "top1_agreement": float((a == b).mean()),
                  "latency_ratio": statistics.median(ratios), "latency_ratio_min": min(ratios),
                  "latency_ratio_max": max(ratios), "latency_runs": len(ratios),
                  "onnxruntime": ort.__version__}))
)PY";

constexpr int kLatencyRuns = 7;

Int8Measurement not_measured(std::string why) {
  Int8Measurement measurement;
  measurement.why_not = std::move(why);
  return measurement;
}

template <typename T>
void write_raw(const fs::path& file, const std::vector<T>& values) {
  std::ofstream stream(file, std::ios::binary);
  stream.write(reinterpret_cast<const char*>(values.data()),
               static_cast<std::streamsize>(values.size() * sizeof(T)));
  if (!stream) throw std::runtime_error("cannot write " + file.string());
}

// The validation images as the model sees them (N x C x H x W float32) and their labels.
std::int64_t write_validation(const TrainedModel& model, const ProjectImages& images,
                              std::int64_t limit, const fs::path& pixels, const fs::path& labels) {
  BatchLoader loader(images.validation, evaluation_batches(model, 256));
  loader.start_epoch(0);
  std::vector<float> x;
  std::vector<std::int64_t> y;
  while (std::optional<Batch> batch = loader.next()) {
    std::int64_t rows = batch->images.size(0);
    if (limit > 0) rows = std::min(rows, limit - static_cast<std::int64_t>(y.size()));
    const torch::Tensor part = batch->images.narrow(0, 0, rows).contiguous().to(torch::kFloat);
    x.insert(x.end(), part.data_ptr<float>(), part.data_ptr<float>() + part.numel());
    const torch::Tensor classes = batch->labels.narrow(0, 0, rows).contiguous().to(torch::kLong);
    y.insert(y.end(), classes.data_ptr<std::int64_t>(),
             classes.data_ptr<std::int64_t>() + classes.numel());
    if (limit > 0 && static_cast<std::int64_t>(y.size()) >= limit) break;
  }
  write_raw(pixels, x);
  write_raw(labels, y);
  return static_cast<std::int64_t>(y.size());
}

Int8Measurement run_script(const std::vector<std::string>& argv) {
  Result<ProcessOutput> ran = run_process(argv);
  if (!ran) return not_measured("cannot start " + argv.front() + ": " + ran.error().message);
  const ProcessOutput& output = ran.value();
  if (!output.ok()) {
    const std::size_t tail = output.err.size() > 600 ? output.err.size() - 600 : 0;
    return not_measured(argv.front() + " failed (exit " + std::to_string(output.exit_code) +
                        "): " + output.err.substr(tail));
  }
  std::string answer = output.out;
  while (!answer.empty() && (answer.back() == '\n' || answer.back() == '\r')) answer.pop_back();
  const std::size_t line = answer.rfind('\n');
  const nlohmann::json figures = nlohmann::json::parse(
      line == std::string::npos ? answer : answer.substr(line + 1), nullptr, false);
  if (!figures.is_object()) return not_measured("unreadable answer from " + argv.front());
  if (figures.contains("error")) return not_measured(figures["error"].get<std::string>());
  Int8Measurement measurement;
  measurement.measured = true;
  measurement.samples = figures.value("samples", std::int64_t{0});
  measurement.fp32_accuracy = figures.value("fp32_accuracy", 0.0);
  measurement.int8_accuracy = figures.value("int8_accuracy", 0.0);
  measurement.top1_agreement = figures.value("top1_agreement", 0.0);
  measurement.latency_ratio = figures.value("latency_ratio", 0.0);
  measurement.latency_ratio_min = figures.value("latency_ratio_min", 0.0);
  measurement.latency_ratio_max = figures.value("latency_ratio_max", 0.0);
  measurement.latency_runs = figures.value("latency_runs", 0);
  return measurement;
}

}  // namespace

Int8Measurement measure_int8_export(const fs::path& checkpoint_dir, const fs::path& int8_file,
                                    std::int64_t limit, const std::string& python) {
  Result<TrainedModel> loaded = load_trained_model(checkpoint_dir);
  if (!loaded) return not_measured(loaded.error().describe());
  const TrainedModel& model = loaded.value();
  Result<ProjectImages> images = load_project_images(checkpoint_dir, model);
  if (!images) return not_measured(images.error().describe());

  std::string scratch_template = (fs::temp_directory_path() / "convstudio-int8-XXXXXX").string();
  if (mkdtemp(scratch_template.data()) == nullptr) {
    return not_measured("cannot make a scratch folder in " + fs::temp_directory_path().string());
  }
  const fs::path scratch = scratch_template;
  Int8Measurement measurement;
  try {
    if (auto error = OnnxExport::write(model, scratch / "fp32.onnx")) {
      throw std::runtime_error(error->describe());
    }
    const std::int64_t samples = write_validation(model, images.value(), limit,
                                                  scratch / "images.f32", scratch / "labels.i64");
    if (samples == 0) throw std::runtime_error("the validation set holds no images");
    std::string shape = std::to_string(samples);
    for (std::int64_t dim : model.analysis.input_shape.dims) shape += "," + std::to_string(dim);
    {
      std::ofstream script(scratch / "measure.py");
      script << kMeasureScript;
    }
    measurement = run_script({python_to_use(python), (scratch / "measure.py").string(),
                              (scratch / "fp32.onnx").string(), fs::absolute(int8_file).string(),
                              (scratch / "images.f32").string(), (scratch / "labels.i64").string(),
                              shape, std::to_string(kLatencyRuns)});
  } catch (const std::exception& error) {
    measurement = not_measured(error.what());
  }
  std::error_code ec;
  fs::remove_all(scratch, ec);
  return measurement;
}

}  // namespace convstudio
