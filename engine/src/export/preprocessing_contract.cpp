#include "convstudio/export/preprocessing_contract.h"

namespace convstudio {

nlohmann::json PreprocessingContract::to_json() const {
  return {{"input_shape", input.dims},
          {"channel_order", channel_order},
          {"layout", "NCHW"},
          {"scale", "pixel / 255"},
          {"mean", mean},
          {"std", std},
          {"class_names", class_names},
          {"output", "logits"},
          {"softmax", softmax}};
}

PreprocessingContract PreprocessingContract::from_json(const nlohmann::json& json) {
  PreprocessingContract contract;
  contract.input.dims = json.at("input_shape").get<std::vector<std::int64_t>>();
  contract.channel_order = json.at("channel_order").get<std::string>();
  contract.mean = json.at("mean").get<std::vector<float>>();
  contract.std = json.at("std").get<std::vector<float>>();
  contract.class_names = json.at("class_names").get<std::vector<std::string>>();
  contract.softmax = json.value("softmax", true);
  return contract;
}

}  // namespace convstudio
