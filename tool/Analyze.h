//===- Analyze.h - gpa analyze -------------------------------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_ANALYZE_H
#define GPA_TOOL_ANALYZE_H

#include "gpa/Analysis.h"
#include "gpa/AnalyzedKernel.h"
#include "gpa/AnalyzedKernelSink.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gpa::tool {

struct AnalyzeRequest {
  std::string Gpu; // empty: the bundled model closest to the target
  /// Facts the user gave (--block-size, --grid-size, --trip-count); unset:
  /// from the code, else AnalysisRequest's assumed values (a grid that
  /// fills the GPU).
  std::optional<std::uint64_t> BlockSize;
  std::optional<std::uint64_t> GridSize;
  std::string LaunchFile;            // gpa-launch/1 facts (.ll/.bc/.cu inputs)
  bool SystemHeaderFindings = false; // findings in system headers too
  std::optional<unsigned> TripCount; // see BlockSize
  std::vector<std::string> TripCountSpecs; // KERNEL[:LINE]=N
  std::vector<std::string> Inputs;
  std::string ExecutablePath;  // argv[0], to find the plugin next to gpa
  AnalysisOptions Model;       // objective, thresholds, mechanism
  bool MechanismGiven = false; // else the plugin's auto for .cu/.ll
  /// .cu inputs: flags for clang, the device target (empty: from --gpu,
  /// else sm_80) and a build directory with compile_commands.json.
  std::vector<std::string> ClangArgs;
  std::string CudaGpuArch;
  std::string CompileDbDir;
  /// .cu inputs: device code from nvcc's PTX (--compiler nvcc), launch
  /// sites from the .cu's host side read by clang.
  bool Nvcc = false;
  /// PTX, object and fatbinary inputs: the .cu files whose host side
  /// launches their kernels (--host-source), read by clang.
  std::vector<std::string> HostSources;
};

/// Analyses every input (.ll/.bc through the IR front-end, .cu by compiling
/// its device side to IR with clang 22 and the same front-end, all in this
/// process; .ptx and `cuobjdump -ptx` listings through the PTX front-end;
/// objects, executables and .fatbin files through their embedded PTX; .json
/// kernel profiles) into typed results, each passed to Sink as soon as it is
/// analysed (with the model it used, the same for all), so that no input's
/// kernels are held together; nothing is rendered or parsed back. An input
/// without kernels is an error. Warnings are per-kernel notes; Error stops
/// the run (exit 2), possibly after some kernels went to Sink.
bool analyzeInputs(const AnalyzeRequest &R, const AnalyzedKernelSink &Sink,
                   std::vector<std::string> &Warnings, std::string &Error);

/// The same, keeping every kernel (gpa sweep picks among them).
bool analyzeInputs(const AnalyzeRequest &R, AnalyzedModule &Out,
                   std::vector<std::string> &Warnings, std::string &Error);

} // namespace gpa::tool

#endif
