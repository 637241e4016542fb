//===- PtxasOfModule.cpp - ptxas -v on a device module's own PTX ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "PtxasOfModule.h"
#include "Compat.h"

#include "gpa/PtxChunks.h"
#include "gpa/PtxasResources.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <memory>
#include <mutex>

// The NVPTX back-end's registration (libLLVM exports it; clang and opt have
// already called it, `gpa` has not).
extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace llvm;

namespace gpa {

static void initializeNvptx() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

static bool isScalable(Type *T) {
  if (isa<ScalableVectorType>(T))
    return true;
  if (isa<TargetExtType>(T))
    return false;
  for (Type *Sub : T->subtypes())
    if (isScalable(Sub))
      return true;
  return false;
}

/// The first value of M whose type holds a scalable vector, or null. The
/// NVPTX back-end aborts the process on them (issue 25: a pass plugin must
/// not abort; not reachable from CUDA source).
static const Value *scalableVectorUse(const Module &M) {
  for (const GlobalVariable &G : M.globals())
    if (isScalable(G.getValueType()))
      return &G;
  for (const Function &F : M) {
    if (isScalable(F.getFunctionType()))
      return &F;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB) {
        if (isScalable(I.getType()))
          return &I;
        for (const Value *Op : I.operands())
          if (isScalable(Op->getType()))
            return &I;
        if (const auto *A = dyn_cast<AllocaInst>(&I))
          if (isScalable(A->getAllocatedType()))
            return &I;
        if (const auto *G = dyn_cast<GetElementPtrInst>(&I))
          if (isScalable(G->getSourceElementType()))
            return &I;
      }
  }
  return nullptr;
}

std::string whyNvptxBackendCannotCompile(const Module &M) {
  const Value *V = scalableVectorUse(M);
  if (!V)
    return "";
  return "the module uses scalable vectors (in " +
         (isa<Instruction>(V)
              ? cast<Instruction>(V)->getFunction()->getName().str()
              : V->getName().str()) +
         "), which the NVPTX back-end cannot compile";
}

/// The PTX the NVPTX back-end makes of a copy of M ("" with Why).
static std::string emitPtx(const Module &M, unsigned Sm, std::string &Why) {
  Why = whyNvptxBackendCannotCompile(M);
  if (!Why.empty())
    return "";
  initializeNvptx();
  std::string Error;
  const Target *T = lookupTargetFor(getTriple(M), Error);
  if (!T) {
    Why = "no NVPTX back-end: " + Error;
    return "";
  }
  std::string Cpu = "sm_" + std::to_string(Sm), Features;
  for (const Function &F : M)
    if (!F.isDeclaration() && F.hasFnAttribute("target-features")) {
      Features = F.getFnAttribute("target-features").getValueAsString().str();
      break;
    }
  std::unique_ptr<TargetMachine> TM(
      createTargetMachineFor(*T, getTriple(M), Cpu, Features));
  if (!TM) {
    Why = "the NVPTX back-end made no target machine";
    return "";
  }
  std::unique_ptr<Module> Copy = CloneModule(M);
  Copy->setDataLayout(TM->createDataLayout());
  SmallString<0> Ptx;
  raw_svector_ostream OS(Ptx);
  legacy::PassManager PM;
  if (TM->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile)) {
    Why = "the NVPTX back-end cannot emit PTX";
    return "";
  }
  PM.run(*Copy);
  return Ptx.str().str();
}

bool ptxasResourcesOfModule(const Module &M, unsigned Sm, ResourceTable &Out,
                            std::string &Why) {
  if (findPtxas().empty()) {
    Why = "no CUDA toolkit ptxas ($CUDA_PATH/bin, /usr/local/cuda/bin) or "
          "GPA_PTXAS=off";
    return false;
  }
  std::string Ptx = emitPtx(M, Sm, Why);
  if (Ptx.empty())
    return false;
  // ptxas's time grows faster than the kernels of one file: it runs on
  // sets of kernels (gpa/PtxChunks.h). A failed chunk leaves its kernels
  // without an entry; Why says why.
  std::vector<std::string> Chunks = splitPtxByKernels(Ptx, ptxasChunkKernels());
  Ptx.clear();
  Ptx.shrink_to_fit();
  bool Ok = true;
  for (const std::string &Chunk : Chunks) {
    ResourceTable Part;
    std::string ChunkWhy;
    if (!ptxasResourcesOfText(Chunk, Sm, Part, ChunkWhy)) {
      if (Ok)
        Why = ChunkWhy;
      Ok = false;
      continue;
    }
    Out.insert(Part.begin(), Part.end());
  }
  return Ok;
}

} // namespace gpa
