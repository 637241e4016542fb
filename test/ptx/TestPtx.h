//===- TestPtx.h - Helpers for the PTX front-end tests ----------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TEST_PTX_TESTPTX_H
#define GPA_TEST_PTX_TESTPTX_H

#include "gpa/ptx/PtxFrontend.h"
#include "gpa/ptx/PtxParser.h"

#include <gtest/gtest.h>

#include <string>

namespace gpa::ptx::test {

/// A module with one kernel "k" whose body is Body (registers predeclared).
inline std::string wrapKernel(const std::string &Body,
                              const std::string &Before = "",
                              const std::string &Perf = "") {
  return ".version 9.0\n.target sm_80\n.address_size 64\n" + Before +
         ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)\n" +
         Perf +
         "{\n"
         ".reg .pred %p<8>;\n.reg .b32 %r<32>;\n.reg .f32 %f<32>;\n"
         ".reg .b64 %rd<32>;\n.reg .f64 %fd<8>;\n" +
         Body + "}\n";
}

/// Analyzes Text, failing the test on a parse error.
inline PtxModuleResult analyze(const std::string &Text,
                               const PtxOptions &Opts = PtxOptions()) {
  PtxModuleResult R;
  std::string Error;
  EXPECT_TRUE(parsePtxModule(Text, "t.ptx", Opts, R, Error)) << Error;
  return R;
}

/// The error message parsePtxModule gives for Text ("" if it succeeds).
inline std::string errorOf(const std::string &Text) {
  PtxModuleResult R;
  std::string Error;
  if (parsePtxModule(Text, "bad.ptx", PtxOptions(), R, Error))
    return "";
  return Error;
}

inline bool hasWarning(const PtxKernelResult &K, const std::string &Part) {
  for (const std::string &W : K.Warnings)
    if (W.find(Part) != std::string::npos)
      return true;
  return false;
}

} // namespace gpa::ptx::test

#endif
