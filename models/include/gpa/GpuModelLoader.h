//===- GpuModelLoader.h - GPU model files --------------------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Reads models/gpus/*.json (schema models/schema/gpu-model.schema.json). The
// bundled files are compiled into the library, so the plugin and the CLI need
// no install path to find them.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_GPUMODELLOADER_H
#define GPA_GPUMODELLOADER_H

#include "gpa/GpuModel.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace gpa {

bool parseGpuModel(const nlohmann::json &Document, const std::string &File,
                   GpuModel &Out, std::string &Error);

bool loadGpuModelFile(const std::string &Path, GpuModel &Out,
                      std::string &Error);

/// Names of the bundled models, sorted.
std::vector<std::string> bundledModelNames();

/// Loads a bundled model by name; Error lists the known names otherwise.
bool loadBundledModel(const std::string &Name, GpuModel &Out,
                      std::string &Error);

/// NAME of a bundled model, or a path to a model file (anything containing
/// '/' or ending in ".json").
bool loadGpuModel(const std::string &NameOrFile, GpuModel &Out,
                  std::string &Error);

/// The bundled model closest to a target sm_XX: the newest one whose
/// sm_version is not above SmVersion, else the oldest.
std::string closestBundledModel(unsigned SmVersion);

} // namespace gpa

#endif
