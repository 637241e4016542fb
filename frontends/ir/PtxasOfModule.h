//===- PtxasOfModule.h - ptxas -v on a device module's own PTX -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Device-only compiles and `gpa analyze FILE.ll|.bc|.cu` have no binary to
// read registers from. When the CUDA toolkit is present, LLVM's NVPTX
// back-end turns a copy of the module into PTX and `ptxas -v` says what it
// allocates: registers, static shared memory, the stack frame and spills,
// on sets of GPA_PTXAS_CHUNK kernels at a time (gpa/PtxChunks.h), so that a
// module of many kernels takes time linear in its kernels.
// Otherwise the estimate stays, and the report says why.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_PASSES_PTXASOFMODULE_H
#define GPA_PASSES_PTXASOFMODULE_H

#include "gpa/KernelResources.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace gpa {

/// Resources of M's kernels for sm_<Sm>. Returns false with Why (no
/// toolkit, GPA_PTXAS=off, no NVPTX back-end, code generation or ptxas
/// failed); never changes M.
bool ptxasResourcesOfModule(const llvm::Module &M, unsigned Sm,
                            ResourceTable &Out, std::string &Why);

/// Why the NVPTX back-end cannot compile M without aborting the process
/// (scalable vectors: issue 25; a pass plugin must not abort), "" when
/// nothing known stops it. ptxasResourcesOfModule checks it first.
std::string whyNvptxBackendCannotCompile(const llvm::Module &M);

} // namespace gpa

#endif // GPA_PASSES_PTXASOFMODULE_H
