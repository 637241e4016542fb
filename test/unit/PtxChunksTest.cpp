//===- PtxChunksTest.cpp - PTX split into sets of kernels for ptxas -------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa/PtxChunks.h: every chunk keeps all non-kernel text (directives,
// variables, device functions) and only its own kernels, in order; a PTX
// file with no more kernels than a chunk is passed on unchanged.
//
//===----------------------------------------------------------------------===//
#include "gpa/PtxChunks.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace gpa;

namespace {
const std::string Header = ".version 8.0\n.target sm_80\n.address_size 64\n"
                           ".global .align 4 .u32 counter;\n"
                           ".func  (.param .b32 r) twice(.param .b32 x);\n";
const std::string Helper = ".func  (.param .b32 r) twice(.param .b32 x)\n"
                           "{\n\t.reg .b32 %r<3>;\n\tret;\n}\n";

/// A kernel body with a nested call-sequence scope and a brace in a
/// comment, as the NVPTX back-end writes them.
std::string kernel(int I) {
  std::string N = "k" + std::to_string(I);
  return "\t// .globl\t" + N + "\n.visible .entry " + N + "(\n\t.param .u64 " +
         N +
         "_param_0\n)\n{\n\t.reg .b32 %r<4>;\n"
         "\t{ // callseq 0, 0 }\n\t.param .b32 param0;\n\t}\n\tret;\n}\n";
}

std::string module(int Kernels) {
  std::string Ptx = Header + Helper;
  for (int I = 0; I < Kernels; ++I)
    Ptx += kernel(I);
  return Ptx;
}
} // namespace

TEST(PtxChunks, SmallModuleIsPassedOnUnchanged) {
  std::string Ptx = module(3);
  std::vector<std::string> Chunks = splitPtxByKernels(Ptx, 3);
  ASSERT_EQ(Chunks.size(), 1u);
  EXPECT_EQ(Chunks[0], Ptx);
}

TEST(PtxChunks, EachChunkHasTheCommonTextAndItsOwnKernels) {
  std::vector<std::string> Chunks = splitPtxByKernels(module(5), 2);
  ASSERT_EQ(Chunks.size(), 3u); // kernels {0, 1}, {2, 3}, {4}
  EXPECT_EQ(Chunks[0], Header + Helper + kernel(0) + kernel(1));
  EXPECT_EQ(Chunks[1], Header + Helper + kernel(2) + kernel(3));
  EXPECT_EQ(Chunks[2], Header + Helper + kernel(4));
}

TEST(PtxChunks, OneKernelPerChunk) {
  std::vector<std::string> Chunks = splitPtxByKernels(module(3), 1);
  ASSERT_EQ(Chunks.size(), 3u);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(Chunks[I], Header + Helper + kernel(I));
}

TEST(PtxChunks, ChunkSizeFromTheEnvironment) {
  ::setenv("GPA_PTXAS_CHUNK", "7", 1);
  EXPECT_EQ(ptxasChunkKernels(), 7u);
  ::setenv("GPA_PTXAS_CHUNK", "0", 1); // not a size: the default
  EXPECT_EQ(ptxasChunkKernels(), DefaultPtxasChunkKernels);
  ::setenv("GPA_PTXAS_CHUNK", "12x", 1);
  EXPECT_EQ(ptxasChunkKernels(), DefaultPtxasChunkKernels);
  ::unsetenv("GPA_PTXAS_CHUNK");
  EXPECT_EQ(ptxasChunkKernels(), DefaultPtxasChunkKernels);
}
