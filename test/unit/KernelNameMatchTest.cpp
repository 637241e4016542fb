//===- KernelNameMatchTest.cpp - One matcher for kernel patterns ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The mangled names below are written by hand from the Itanium C++ ABI's
// mangling rules (<nested-name> N..E, template args I..E, T_ for the first
// template parameter, S0_ for the first substitution), so each expected
// demangled and base name follows from the source declaration in the
// comment, not from running the code.
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelNameMatch.h"

#include <gtest/gtest.h>

using namespace gpa;

namespace {
// __global__ void gemm_kernel(const float*, const float*, float*, int);
const char *Plain = "_Z11gemm_kernelPKfS0_Pfi";
// namespace ns { __global__ void gemm_kernel(float*, int); }
const char *InNamespace = "_ZN2ns11gemm_kernelEPfi";
// template <class T, int N> __global__ void ns::gemm(T*); with <float, 4>
const char *Template = "_ZN2ns4gemmIfLi4EEEvPT_";
// namespace { __global__ void kernel(); }
const char *Anonymous = "_ZN12_GLOBAL__N_16kernelEv";
} // namespace

TEST(KernelNameMatch, DemanglesOnlyMangledNames) {
  EXPECT_EQ(demangleKernelName(Plain),
            "gemm_kernel(float const*, float const*, float*, int)");
  EXPECT_EQ(demangleKernelName(Template), "void ns::gemm<float, 4>(float*)");
  EXPECT_EQ(demangleKernelName("vecadd"), "vecadd"); // extern "C"
}

TEST(KernelNameMatch, BaseNameDropsParametersScopesTemplatesAndReturnType) {
  EXPECT_EQ(kernelBaseName("gemm_kernel(float const*, float const*, float*, "
                           "int)"),
            "gemm_kernel");
  EXPECT_EQ(kernelBaseName("ns::gemm_kernel(float*, int)"), "gemm_kernel");
  EXPECT_EQ(kernelBaseName("void ns::gemm<float, 4>(float*)"), "gemm");
  EXPECT_EQ(kernelBaseName("(anonymous namespace)::kernel()"), "kernel");
  EXPECT_EQ(kernelBaseName("vecadd"), "vecadd");
}

TEST(KernelNameMatch, FormsInOrderWithoutRepeats) {
  std::vector<std::string> Expected = {
      Template, "void ns::gemm<float, 4>(float*)", "ns::gemm<float, 4>",
      "ns::gemm", "gemm"};
  EXPECT_EQ(kernelNameForms(Template), Expected);
  // An extern "C" kernel has one name.
  EXPECT_EQ(kernelNameForms("vecadd"), std::vector<std::string>{"vecadd"});
}

TEST(KernelNameMatch, MatchesEveryForm) {
  for (const char *P : {"_Z11gemm_kernelPKfS0_Pfi",
                        "gemm_kernel(float const*, float const*, float*, int)",
                        "gemm_kernel", "gemm_kernel(*", "gemm_*", "*kernel*"})
    EXPECT_TRUE(kernelNameMatches(P, Plain)) << P;
  for (const char *P : {"ns::gemm_kernel", "gemm_kernel",
                        "ns::gemm_kernel(float*, int)", "ns::*"})
    EXPECT_TRUE(kernelNameMatches(P, InNamespace)) << P;
  for (const char *P : {"gemm", "ns::gemm", "ns::gemm<float, 4>",
                        "void ns::gemm<float, 4>(float*)", "gemm*"})
    EXPECT_TRUE(kernelNameMatches(P, Template)) << P;
  EXPECT_TRUE(kernelNameMatches("kernel", Anonymous));
  EXPECT_TRUE(kernelNameMatches("vecadd", "vecadd"));
}

TEST(KernelNameMatch, RejectsOtherNames) {
  EXPECT_FALSE(kernelNameMatches("gemm", Plain)); // a base name is whole
  EXPECT_FALSE(kernelNameMatches("other::gemm_kernel", InNamespace));
  EXPECT_FALSE(kernelNameMatches("ns::gemm<double, 4>", Template));
  EXPECT_FALSE(kernelNameMatches("gemm_kernel", "vecadd"));
}

TEST(KernelNameMatch, BaseNameMatchesEveryOverload) {
  // __global__ void k(float*); __global__ void k(double*);
  EXPECT_TRUE(kernelNameMatches("k", "_Z1kPf"));
  EXPECT_TRUE(kernelNameMatches("k", "_Z1kPd"));
  EXPECT_FALSE(kernelNameMatches("k(float*)", "_Z1kPd"));
}

TEST(KernelNameMatch, UsesTheGivenDemangledName) {
  // Front-ends pass their own demangling; it wins over demangling here.
  EXPECT_TRUE(kernelNameMatches("gemm_kernel", "opaque", "gemm_kernel(int)"));
}
