//===- Headline.h - One plain-language line per kernel ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What a first-time reader needs before the model's terms: what bounds the
// kernel and what the one decision (gpa/Decision.h) asks for, e.g.
// "memory-bound: runs as fast on 54 of 108 SMs; saves 15.6% energy (about
// 0.47 J per 1000 launches)". Every figure is the decision's own (the
// recommendation's energy saving against the launch as written, and that
// launch's energy); nothing is computed a second time. The model's terms
// (MWP, CWP, the timing cases) stay in the details (`gpa help terms`).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_HEADLINE_H
#define GPA_HEADLINE_H

#include "gpa/Analysis.h"

#include <string>

namespace gpa {

/// "memory-bound", "compute-bound", "latency-bound" (too few warps to hide
/// memory latency), "empty".
const char *boundName(TimingCase Case);

/// The kernel's headline (no trailing newline).
std::string kernelHeadline(const KernelAnalysis &A);

/// "0.47 J", "12 mJ", "3.1 kJ": two significant digits.
std::string energyText(double EnergyJ);

} // namespace gpa

#endif // GPA_HEADLINE_H
