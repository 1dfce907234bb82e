#pragma once
// Short constructors for catalog entries, so each block type's home reads as a table.
// Labels and docs are marked with QT_TRANSLATE_NOOP("BlockCatalog", ...) at the call site.

#include <cstdint>
#include <string>
#include <vector>

#include "blocks/block_categories.h"
#include "blocks/catalog_text.h"
#include "convstudio/model/layer_catalog.h"

namespace convstudio::blocks {

ParamSpec int_param(std::string name, std::string label, std::int64_t value, std::int64_t min,
                    std::int64_t max, std::string doc);
ParamSpec float_param(std::string name, std::string label, double value, double min, double max,
                      std::string doc);
ParamSpec bool_param(std::string name, std::string label, bool value, std::string doc);
ParamSpec choice_param(std::string name, std::string label, std::string value,
                       std::vector<std::string> choices, std::string doc);

BlockSpec block_spec(std::string type, std::string category, std::string id_prefix, std::string doc,
                     int min_inputs, int max_inputs, std::vector<ParamSpec> params = {});

}  // namespace convstudio::blocks
