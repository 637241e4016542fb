//===- SvgPlot.h - IPP-style sweep figures as SVG ------------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Three panels against active SMs — GIPS (cf. IPP Fig. 13), total power
// (cf. Fig. 4) and GIPS/W (cf. Fig. 15) — one series per kernel, with the
// Eq. (34) optimum and the GIPS/W argmax marked. Deterministic text.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_SVGPLOT_H
#define GPA_TOOL_SVGPLOT_H

#include "gpa/Analysis.h"
#include "gpa/GpuModel.h"

#include <string>
#include <vector>

namespace gpa::tool {

std::string renderSweepSvg(const std::vector<KernelAnalysis> &Kernels,
                           const GpuModel &Gpu);

} // namespace gpa::tool

#endif
