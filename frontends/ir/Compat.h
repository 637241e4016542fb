//===- Compat.h - Every LLVM-version difference the plugin sees -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// This file is the only place that knows which LLVM (19..22) the plugin is
// built against. The rest of the plugin calls these helpers and classifies
// NVVM intrinsics by name (IntrinsicTable.cpp), so removed intrinsic IDs
// (llvm.nvvm.barrier0, ldg.global.*, ex2.approx.*) never need an #if.
//
//===----------------------------------------------------------------------===//

#ifndef GPA_FRONTENDS_IR_COMPAT_H
#define GPA_FRONTENDS_IR_COMPAT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#if __has_include("llvm/Plugins/PassPlugin.h")
#include "llvm/Plugins/PassPlugin.h" // LLVM 22
#else
#include "llvm/Passes/PassPlugin.h" // LLVM 19..21
#endif

#include <array>
#include <optional>
#include <string>

namespace gpa {

/// The module's target triple (a std::string on 19, a Triple on 22).
inline llvm::Triple getTriple(const llvm::Module &M) {
  return llvm::Triple(M.getTargetTriple());
}

/// TargetRegistry::lookupTarget (a Triple on 21+, a string before).
inline const llvm::Target *lookupTargetFor(const llvm::Triple &TT,
                                           std::string &Error) {
#if LLVM_VERSION_MAJOR >= 21
  return llvm::TargetRegistry::lookupTarget(TT, Error);
#else
  return llvm::TargetRegistry::lookupTarget(TT.str(), Error);
#endif
}

/// Target::createTargetMachine (a Triple on 21+, a string before).
template <typename TargetT>
auto *createTargetMachineFor(const TargetT &T, const llvm::Triple &TT,
                             llvm::StringRef Cpu, llvm::StringRef Features) {
#if LLVM_VERSION_MAJOR >= 21
  return T.createTargetMachine(TT, Cpu, Features, {}, std::nullopt);
#else
  return T.createTargetMachine(TT.str(), Cpu, Features, {}, std::nullopt);
#endif
}

inline bool isNVPTXModule(const llvm::Module &M) {
  return getTriple(M).isNVPTX();
}

/// Calls \p Fn(Function &, StringRef Key, uint64_t Value) for every
/// `!nvvm.annotations` entry of the form !{ptr @f, !"key", i32 value}, the
/// encoding front ends before LLVM 21 used for kernels and launch bounds.
template <typename CallbackT>
void forEachNVVMAnnotation(const llvm::Module &M, CallbackT Fn) {
  const llvm::NamedMDNode *MD = M.getNamedMetadata("nvvm.annotations");
  if (!MD)
    return;
  for (const llvm::MDNode *Node : MD->operands()) {
    if (!Node || Node->getNumOperands() < 3)
      continue;
    auto *FnMD =
        llvm::dyn_cast_or_null<llvm::ConstantAsMetadata>(Node->getOperand(0));
    if (!FnMD)
      continue;
    auto *F =
        llvm::dyn_cast<llvm::Function>(FnMD->getValue()->stripPointerCasts());
    if (!F)
      continue;
    // Operands come in (key, value) pairs after the function.
    for (unsigned I = 1; I + 1 < Node->getNumOperands(); I += 2) {
      auto *Key = llvm::dyn_cast_or_null<llvm::MDString>(Node->getOperand(I));
      auto *Val = llvm::dyn_cast_or_null<llvm::ConstantAsMetadata>(
          Node->getOperand(I + 1));
      auto *CI =
          Val ? llvm::dyn_cast<llvm::ConstantInt>(Val->getValue()) : nullptr;
      if (Key && CI)
        Fn(*F, Key->getString(), CI->getZExtValue());
    }
  }
}

/// A CUDA kernel: the ptx_kernel calling convention (LLVM 21+ front ends;
/// opt-22 also upgrades old annotations to it) or a `kernel` annotation.
inline bool isKernel(const llvm::Function &F) {
  if (F.isDeclaration())
    return false;
  if (F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
    return true;
  bool Found = false;
  forEachNVVMAnnotation(
      *F.getParent(),
      [&](const llvm::Function &G, llvm::StringRef Key, uint64_t Value) {
        if (&G == &F && Key == "kernel" && Value == 1)
          Found = true;
      });
  return Found;
}

/// Threads per block promised by __launch_bounds__ / maxntid: the product of
/// the "nvvm.maxntid"="x[,y[,z]]" attribute (LLVM 20+) or of the
/// maxntid{x,y,z} annotations (older IR). std::nullopt when absent or
/// malformed.
inline std::optional<uint64_t> getMaxNtid(const llvm::Function &F) {
  llvm::Attribute A = F.getFnAttribute("nvvm.maxntid");
  if (A.isValid() && A.isStringAttribute()) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    A.getValueAsString().split(Parts, ',');
    uint64_t Product = 1;
    for (llvm::StringRef P : Parts) {
      uint64_t V = 0;
      if (P.trim().getAsInteger(10, V) || V == 0)
        return std::nullopt;
      Product *= V;
    }
    return Product;
  }
  uint64_t Dims[3] = {0, 0, 0};
  forEachNVVMAnnotation(*F.getParent(), [&](const llvm::Function &G,
                                            llvm::StringRef Key, uint64_t V) {
    if (&G != &F)
      return;
    if (Key == "maxntidx")
      Dims[0] = V;
    else if (Key == "maxntidy")
      Dims[1] = V;
    else if (Key == "maxntidz")
      Dims[2] = V;
  });
  if (!Dims[0])
    return std::nullopt;
  return Dims[0] * (Dims[1] ? Dims[1] : 1) * (Dims[2] ? Dims[2] : 1);
}

/// The block shape a kernel requires: the "nvvm.reqntid"="x[,y[,z]]"
/// attribute (LLVM 20+) or the reqntid{x,y,z} annotations (older IR);
/// missing dimensions are 1 (PTX .reqntid). std::nullopt when absent or
/// malformed.
inline std::optional<std::array<uint64_t, 3>>
getReqNtid(const llvm::Function &F) {
  std::array<uint64_t, 3> Dims = {0, 0, 0};
  llvm::Attribute A = F.getFnAttribute("nvvm.reqntid");
  if (A.isValid() && A.isStringAttribute()) {
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    A.getValueAsString().split(Parts, ',');
    if (Parts.size() > 3)
      return std::nullopt;
    for (std::size_t I = 0; I < Parts.size(); ++I)
      if (Parts[I].trim().getAsInteger(10, Dims[I]) || Dims[I] == 0)
        return std::nullopt;
  } else {
    forEachNVVMAnnotation(*F.getParent(), [&](const llvm::Function &G,
                                              llvm::StringRef Key, uint64_t V) {
      if (&G != &F)
        return;
      if (Key == "reqntidx")
        Dims[0] = V;
      else if (Key == "reqntidy")
        Dims[1] = V;
      else if (Key == "reqntidz")
        Dims[2] = V;
    });
  }
  if (!Dims[0])
    return std::nullopt;
  for (uint64_t &D : Dims)
    D = D ? D : 1;
  return Dims;
}

/// The sm_XX version of the function's "target-cpu" (sm_80 -> 80, sm_90a ->
/// 90); std::nullopt when absent.
inline std::optional<unsigned> getSmVersion(const llvm::Function &F) {
  llvm::StringRef CPU = F.getFnAttribute("target-cpu").getValueAsString();
  if (!CPU.consume_front("sm_"))
    return std::nullopt;
  unsigned V = 0;
  llvm::StringRef Digits =
      CPU.take_while([](char C) { return C >= '0' && C <= '9'; });
  if (Digits.empty() || Digits.getAsInteger(10, V))
    return std::nullopt;
  return V;
}

} // namespace gpa

#endif // GPA_FRONTENDS_IR_COMPAT_H
