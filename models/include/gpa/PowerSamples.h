//===- PowerSamples.h - Power measured vs utilisation, clocks ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Training and validation data for the dvfs backend, read from gpmTOOL's CSV
// format (Guerreiro et al., HPCA 2018 / IEEE TPDS 2019; see
// ../shared/data/gpmtool/README.md) or the product's own
// `gpa-power-samples/1` CSV (docs/dvfs.md). Errors name file, line, column.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_POWERSAMPLES_H
#define GPA_POWERSAMPLES_H

#include "gpa/ComponentLayout.h"
#include "gpa/DvfsPowerModel.h"
#include "gpa/KernelActivity.h"

#include <optional>
#include <string>
#include <vector>

namespace gpa {

struct PowerSample {
  std::string Benchmark;        // empty in gpmTOOL files
  std::optional<double> PowerW; // measured; absent in prediction inputs
  double CoreMhz = 0;
  double MemMhz = 0;
  DvfsUtilisation U{};
  unsigned Line = 0; // 1-based line in the file
  // Optional columns of the product format (docs/dvfs.md), for the
  // instruction-energy fit (seed 003) and CUPTI-measured utilisations.
  std::optional<double> LaunchTimeS; // "time_s": measured time of one launch
  PerUnit WarpInstructions{};        // "warp_UNIT": per launch
  std::array<double, NumMemoryLevels> Bytes{}; // "bytes_LEVEL": per launch
  std::optional<DvfsUtilisation> MeasuredU;    // "measured_COMPONENT" (CUPTI)
};

struct PowerSampleSet {
  std::string File;
  double RefCoreMhz = 0; // the clocks where normalised voltages are 1
  double RefMemMhz = 0;
  std::string Gpu;    // product format's "# gpu:" header, else empty
  std::string Source; // product format's "# source:" header, else empty
  /// The product format's optional column groups present in the header:
  /// time_s + warp_UNIT + bytes_LEVEL (launch counts), measured_COMPONENT.
  bool HasLaunchCounts = false;
  bool HasMeasuredUtilisation = false;
  unsigned HeaderLine = 0; // 1-based line of the column header
  /// gpmTOOL files: line 4's names mapped to the product's components
  /// (docs/dvfs.md); the product format always has the standard twelve.
  ComponentLayout Layout = ComponentLayout::standard();
  std::vector<PowerSample> Samples;
};

/// Parses either format (told apart by the first line). RequirePower: every
/// row must carry a measured power (training data). In the product format
/// the header may add, after the 16 fixed columns, the groups "time_s,
/// warp_UNIT..., bytes_LEVEL..." (all or none; values required) and
/// "measured_COMPONENT..." (all or none; a row may leave them all empty).
bool parsePowerSamples(const std::string &Text, const std::string &File,
                       bool RequirePower, PowerSampleSet &Out,
                       std::string &Error);
bool loadPowerSamples(const std::string &Path, bool RequirePower,
                      PowerSampleSet &Out, std::string &Error);

/// A gpmTOOL model file (lines 1-9, README "Model files") as dvfs
/// parameters; any component list line 4 names (an aggregate name's one
/// coefficient goes to each of its members).
bool parseGpmtoolModel(const std::string &Text, const std::string &File,
                       DvfsPowerParams &Out, std::string &Error);

/// The product's format, header first, rows in order (fixed floats).
std::string writePowerSamples(const PowerSampleSet &Set);

} // namespace gpa

#endif
