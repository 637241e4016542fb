//===- PtxasResources.h - PTX kernels' registers from ptxas -v --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// `gpa analyze FILE.ptx` has no binary: when the CUDA toolkit is present
// ($CUDA_PATH, else /usr/local/cuda) it runs `ptxas -v` on the file and
// takes registers, shared and local memory from its report.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_PTXASRESOURCES_H
#define GPA_TOOL_PTXASRESOURCES_H

#include "gpa/KernelResources.h"

#include <string>

namespace gpa::tool {

/// Runs ptxas -v --gpu-name sm_<Sm> on PtxPath. Returns false with Why
/// (no toolkit, ptxas failed) when nothing was read.
bool ptxasResources(const std::string &PtxPath, unsigned Sm, ResourceTable &Out,
                    std::string &Why);

} // namespace gpa::tool

#endif
