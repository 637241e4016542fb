//===- EmbeddedSuite.h - The microbenchmarks' PTX in the binary -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_EMBEDDEDSUITE_H
#define GPA_EMBEDDEDSUITE_H

namespace gpa {

/// measure/microbenchmarks/gpa_microbenchmarks.cu compiled by nvcc -ptx at
/// build time; "" when the build had no nvcc (then gpa-measure needs --ptx).
const char *embeddedSuitePtx();
/// The virtual architecture it was compiled for ("compute_75"), or "".
const char *embeddedSuiteArch();

} // namespace gpa

#endif
