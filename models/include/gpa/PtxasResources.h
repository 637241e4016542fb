//===- PtxasResources.h - PTX kernels' registers from ptxas -v --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Where no binary is reachable (`gpa analyze FILE.ptx`, device-only IR):
// when the CUDA toolkit is present ($CUDA_PATH, else /usr/local/cuda) run
// `ptxas -v` on the PTX and take registers, shared and local memory and the
// spills from its report. GPA_PTXAS=off disables it (the estimate is used).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PTXASRESOURCES_H
#define GPA_PTXASRESOURCES_H

#include "gpa/KernelResources.h"

#include <string>

namespace gpa {

/// The toolkit's ptxas, "" when there is none or GPA_PTXAS=off.
std::string findPtxas();

/// Runs ptxas -v --gpu-name sm_<Sm> on PtxPath. Returns false with Why
/// (no toolkit, ptxas failed) when nothing was read.
bool ptxasResources(const std::string &PtxPath, unsigned Sm, ResourceTable &Out,
                    std::string &Why);

/// The same for PTX text (written to a temporary file for ptxas).
bool ptxasResourcesOfText(const std::string &Ptx, unsigned Sm,
                          ResourceTable &Out, std::string &Why);

} // namespace gpa

#endif
