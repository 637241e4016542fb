//===- TextReport.h - Human-readable and CSV renderings ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_TEXTREPORT_H
#define GPA_TOOL_TEXTREPORT_H

#include "gpa/Analysis.h"
#include "gpa/GpuModel.h"

#include <string>
#include <vector>

namespace gpa::tool {

/// The per-kernel summary `gpa model` prints by default.
/// The recommendation in one line (shared by the model text and the sweep).
std::string adviceText(const KernelAnalysis &A, const std::string &GpuName);

std::string renderKernelText(const KernelAnalysis &A, const GpuModel &Gpu);

/// The active-SM table `gpa sweep` prints by default.
std::string renderSweepText(const KernelAnalysis &A, const GpuModel &Gpu);

/// One CSV header plus one row per sweep point per kernel.
std::string renderSweepCsv(const std::vector<KernelAnalysis> &Kernels);

/// `gpa models`: one line per bundled GPU.
std::string renderModelsText(const std::vector<GpuModel> &Models);

} // namespace gpa::tool

#endif
