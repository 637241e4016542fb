//===- AnalyzedKernelSink.h - Where streamed kernels go ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Front-ends that pass each typed result on as soon as it is ready, so a
// module of 20,000 kernels is never held whole (issue 16 s.4;
// bench/many_kernels.py).
//
//===----------------------------------------------------------------------===//
#ifndef GPA_ANALYZEDKERNELSINK_H
#define GPA_ANALYZEDKERNELSINK_H

#include "gpa/AnalyzedKernel.h"
#include "gpa/GpuModel.h"

#include <functional>

namespace gpa {

/// Receives one analysed kernel and the GPU model it was analysed with.
using AnalyzedKernelSink =
    std::function<void(AnalyzedKernel &&, const GpuModel &)>;

} // namespace gpa

#endif // GPA_ANALYZEDKERNELSINK_H
