//===- PtxFrontend.cpp - Kernel profiles from PTX text -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Summarizes every defined function once, then folds callees into callers
// bottom-up (memoized; a call back into a function still being folded is
// recursion and contributes only the call instruction), and turns each
// .entry's folded counts into a KernelProfile.
//
//===----------------------------------------------------------------------===//
#include "gpa/ptx/PtxFrontend.h"

#include "PtxFunctionSummary.h"
#include "gpa/FindingMessages.h"
#include "gpa/InputFile.h"
#include "gpa/LoadRounds.h"
#include "gpa/ProfileLoader.h"
#include "gpa/ptx/PtxParser.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

namespace gpa::ptx {

namespace {
/// Hardware limit of registers per thread on every CUDA GPU since Kepler.
constexpr std::uint64_t MaxRegistersPerThread = 255;

struct Folded {
  gpa::KernelCounts Counts;
  std::set<std::string> Symbols;
  std::uint64_t CalleeRegisters = 0; ///< max over callees (their totals)
  std::vector<std::string> Warnings;
  std::vector<PtxBranchNote> Branches;
  std::vector<PtxLoopNote> Loops;
  std::vector<PtxFunctionFinding> Findings;
  bool FloatData = false, DoubleData = false;
};

class Folder {
public:
  Folder(const PtxModule &M, const std::map<std::string, PtxFunctionSummary> &S,
         const PtxOptions &Opts)
      : M(M), Summaries(S), Opts(Opts) {}

  const Folded &fold(const std::string &Name, unsigned Depth);

private:
  const PtxModule &M;
  const std::map<std::string, PtxFunctionSummary> &Summaries;
  const PtxOptions &Opts;
  std::map<std::string, Folded> Done;
  std::set<std::string> InProgress;
  Folded Empty;
};
} // namespace

const Folded &Folder::fold(const std::string &Name, unsigned Depth) {
  auto DoneIt = Done.find(Name);
  if (DoneIt != Done.end())
    return DoneIt->second;
  const PtxFunctionSummary &S = Summaries.at(Name);
  Folded F;
  F.Counts = S.Own;
  F.Symbols = S.Symbols;
  F.Branches = S.Branches;
  F.Loops = S.Loops;
  F.Findings = S.Findings.Findings;
  F.FloatData = S.Findings.FloatData;
  F.DoubleData = S.Findings.DoubleData;
  InProgress.insert(Name);
  for (const auto &[Callee, Weight] : S.Calls) {
    if (!Summaries.count(Callee)) {
      const PtxFunction *Decl = M.findFunction(Callee);
      F.Warnings.push_back(
          "call to '" + Callee + "' " +
          (Decl ? "(declared without a body)" : "(not declared)") +
          " counted as one 'other' instruction");
      continue;
    }
    if (InProgress.count(Callee)) {
      F.Warnings.push_back("recursive call from '" + Name + "' to '" + Callee +
                           "' not folded (recursion bounded)");
      continue;
    }
    if (Depth >= Opts.MaxCallDepth) {
      F.Warnings.push_back("call from '" + Name + "' to '" + Callee +
                           "' not folded: call chain deeper than " +
                           std::to_string(Opts.MaxCallDepth));
      continue;
    }
    const Folded &C = fold(Callee, Depth + 1);
    F.Counts.addScaled(C.Counts, Weight);
    F.Symbols.insert(C.Symbols.begin(), C.Symbols.end());
    std::uint64_t CalleeRegs =
        Summaries.at(Callee).Registers + C.CalleeRegisters;
    F.CalleeRegisters = std::max(F.CalleeRegisters, CalleeRegs);
    for (const PtxBranchNote &B : C.Branches)
      if (std::none_of(F.Branches.begin(), F.Branches.end(),
                       [&](const PtxBranchNote &Have) {
                         return Have.Function == B.Function &&
                                Have.PtxLine == B.PtxLine;
                       }))
        F.Branches.push_back(B);
    for (const PtxLoopNote &L : C.Loops)
      if (std::none_of(
              F.Loops.begin(), F.Loops.end(), [&](const PtxLoopNote &Have) {
                return Have.Function == L.Function && Have.PtxLine == L.PtxLine;
              }))
        F.Loops.push_back(L);
    for (const std::string &W : C.Warnings)
      if (std::find(F.Warnings.begin(), F.Warnings.end(), W) ==
          F.Warnings.end())
        F.Warnings.push_back(W);
    F.Findings.insert(F.Findings.end(), C.Findings.begin(), C.Findings.end());
    F.FloatData |= C.FloatData;
    F.DoubleData |= C.DoubleData;
  }
  InProgress.erase(Name);
  return Done[Name] = std::move(F);
}

static unsigned smVersion(const std::string &Target) {
  std::size_t P = Target.find('_');
  if (P == std::string::npos)
    return 0;
  unsigned V = 0;
  for (std::size_t I = P + 1; I < Target.size() && V < 100000; ++I) {
    if (Target[I] < '0' || Target[I] > '9')
      break;
    V = V * 10 + (Target[I] - '0');
  }
  return V;
}

static std::uint64_t product(const unsigned (&D)[3]) {
  return std::uint64_t(D[0]) * D[1] * D[2];
}

static void addSummaryNotes(const PtxFunctionSummary &S, const std::string &Fn,
                            std::vector<std::string> &W) {
  std::string In = " in '" + Fn + "'";
  for (const std::string &X : S.Warnings)
    W.push_back(X + In);
  for (const auto &[Op, N] : S.UnknownOpcodes)
    W.push_back("unknown opcode '" + Op + "' counted as 'other' (" +
                std::to_string(N) + " occurrence(s))" + In);
  if (S.GenericAccesses)
    W.push_back(std::to_string(S.GenericAccesses) +
                " ld/st without a state space counted as global memory" + In);
  if (S.BroadcastAccesses)
    W.push_back(std::to_string(S.BroadcastAccesses) +
                " global access(es) independent of %tid.x (broadcast) "
                "counted as coalesced" +
                In);
  if (S.UnknownPatterns)
    W.push_back(std::to_string(S.UnknownPatterns) +
                " global access(es) with an address not affine in %tid.x "
                "assumed uncoalesced (one sector per lane)" +
                In);
}

/// The kernel's findings: files named, the FP64 rule's precondition (the
/// kernel and its callees move float data and no double data) checked,
/// sorted, one per rule and position (unrolled and inlined copies).
static std::vector<PtxFinding>
kernelFindings(const PtxModule &M, const Folded &F,
               const std::optional<gpa::GpuModel> &Gpu) {
  std::vector<PtxFinding> Out;
  bool FloatKernel = F.FloatData && !F.DoubleData;
  for (const PtxFunctionFinding &Raw : F.Findings) {
    PtxFinding Found;
    Found.Rule = Raw.Rule;
    Found.Message = Raw.Message;
    if (Raw.Rule == "DoublePrecisionInFloatKernel") {
      if (!FloatKernel)
        continue;
      Found.Message = gpa::doublePrecisionMessage(
          Raw.Fp64Cause, Raw.Fp64Count, Raw.Fp64List, Gpu ? Gpu->Name : "",
          Gpu ? Gpu->issueCycles(gpa::Unit::Fp64) : 0,
          Gpu ? Gpu->issueCycles(gpa::Unit::Fp) : 0);
    }
    if (Raw.Line) {
      auto It = M.Files.find(Raw.FileIndex);
      Found.File = It == M.Files.end() ? "" : It->second;
      Found.Line = Raw.Line;
      Found.Column = Raw.Column;
    }
    Out.push_back(std::move(Found));
  }
  auto Key = [](const PtxFinding &X) {
    return std::tie(X.File, X.Line, X.Column, X.Rule);
  };
  std::stable_sort(Out.begin(), Out.end(),
                   [&](const PtxFinding &A, const PtxFinding &B) {
                     return Key(A) < Key(B);
                   });
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [&](const PtxFinding &A, const PtxFinding &B) {
                          return Key(A) == Key(B) && A.Line;
                        }),
            Out.end());
  return Out;
}

static void buildKernel(const PtxModule &M, const PtxFunction &K,
                        const Folded &F, const PtxFunctionSummary &S,
                        const std::map<std::string, PtxFunctionSummary> &All,
                        const PtxOptions &Opts,
                        const std::optional<gpa::GpuModel> &Gpu,
                        PtxKernelResult &R) {
  R.Findings = kernelFindings(M, F, Gpu);
  gpa::KernelProfile &P = R.Profile;
  P.Name = K.Name;
  // Calls inside deep loop nests multiply; stay within what profiles accept.
  if (F.Counts.fillProfile(P, false, gpa::MaxCountPerThread))
    R.Warnings.push_back("per-thread counts clamped to " +
                         std::to_string(gpa::MaxCountPerThread));
  R.PtxLine = K.Line;
  R.NumBlocks = S.NumBlocks;
  R.NumLoops = S.NumLoops;
  R.StaticInstructions = K.Body.size();
  R.GlobalAccesses =
      PtxAccessStats{F.Counts.Mem.Coalesced, F.Counts.Mem.Broadcast,
                     F.Counts.Mem.Strided, F.Counts.Mem.Unknown};
  if (K.FirstLocLine) {
    auto It = M.Files.find(K.FirstLocFile);
    R.SourceFile = It == M.Files.end() ? "" : It->second;
    R.SourceLine = K.FirstLocLine;
  }

  if (product(K.ReqNtid)) {
    P.Launch.ThreadsPerBlock = product(K.ReqNtid);
    // .reqntid states the shape (omitted dimensions are 1); .maxntid is a
    // bound on the total only.
    P.Launch.BlockShape =
        gpa::BlockDims{K.ReqNtid[0], K.ReqNtid[1], K.ReqNtid[2]};
    R.ReqNtid = P.Launch.BlockShape;
  } else if (product(K.MaxNtid)) {
    P.Launch.ThreadsPerBlock = product(K.MaxNtid);
    R.MaxNtid = P.Launch.ThreadsPerBlock;
  } else {
    P.Launch.ThreadsPerBlock = Opts.DefaultThreadsPerBlock;
    R.Warnings.push_back("no .reqntid/.maxntid: ThreadsPerBlock " +
                         std::to_string(Opts.DefaultThreadsPerBlock) +
                         " assumed");
  }
  P.Launch.Blocks = Opts.Blocks;

  std::uint64_t Regs = S.Registers + F.CalleeRegisters;
  if (K.MaxNReg && Regs > K.MaxNReg)
    Regs = K.MaxNReg;
  if (Regs > MaxRegistersPerThread) {
    R.Warnings.push_back("declared registers (" + std::to_string(Regs) +
                         ") clamped to " +
                         std::to_string(MaxRegistersPerThread));
    Regs = MaxRegistersPerThread;
  }
  P.Launch.RegistersPerThread = Regs ? Regs : 1;
  R.DeclaredRegisters = P.Launch.RegistersPerThread;

  std::uint64_t Shared = Opts.DynamicSharedBytes;
  auto AddShared = [&](const PtxVariable &V) {
    if (V.Space != ".shared")
      return;
    if (V.UnsizedArray)
      R.DynamicShared = true;
    if (V.UnsizedArray)
      R.Warnings.push_back("dynamic shared memory '" + V.Name +
                           "' is sized at launch; not counted beyond "
                           "DynamicSharedBytes");
    Shared += V.SizeBytes;
  };
  for (const PtxVariable &V : M.Globals)
    if (F.Symbols.count(V.Name))
      AddShared(V);
  for (const PtxVariable &V : K.Variables)
    AddShared(V);
  for (const std::string &Callee : F.Symbols) {
    auto It = All.find(Callee);
    if (It == All.end() || Callee == K.Name)
      continue;
    if (const PtxFunction *Fn = M.findFunction(Callee))
      for (const PtxVariable &V : Fn->Variables)
        AddShared(V);
  }
  P.Launch.SharedBytesPerBlock = Shared;

  R.ConstantReplays = F.Counts.ConstantReplays;
  R.ConstantReplaysAssumed = F.Counts.ConstantReplaysAssumed;
  R.Assumed = F.Counts.Assumed;
  if (P.count(gpa::Unit::LocalMem) > 0) {
    R.LocalInRegisters = P;
    F.Counts.fillProfile(*R.LocalInRegisters, true, gpa::MaxCountPerThread);
  }

  addSummaryNotes(S, K.Name, R.Warnings);
  R.Branches = F.Branches;
  R.Loops = F.Loops;
  for (const std::string &W : F.Warnings)
    R.Warnings.push_back(W);
}

bool parsePtxModule(std::string_view Text, const std::string &FileName,
                    const PtxOptions &Given, PtxModuleResult &Out,
                    std::string &Error) {
  Out = PtxModuleResult();
  Error.clear();
  PtxModule M;
  PtxError E;
  if (!parsePtx(Text, FileName, M, E)) {
    Error = E.str();
    return false;
  }
  Out.Version = M.Version;
  Out.Target = M.Target;
  Out.SmVersion = smVersion(M.Target);
  Out.AddressSize = M.AddressSize;
  if (M.Version.empty())
    Out.Warnings.push_back("no .version directive");
  if (M.Target.empty())
    Out.Warnings.push_back("no .target sm_XX directive");
  // The caller may choose the GPU, and so the sector and warp size, from
  // the target: ask once the target is known, before anything is counted.
  PtxOptions Opts = Given;
  bool HasKernel =
      std::any_of(M.Functions.begin(), M.Functions.end(),
                  [](const PtxFunction &F) { return F.IsEntry && F.HasBody; });
  std::optional<gpa::GpuModel> Gpu;
  if (Opts.GpuForTarget && HasKernel) {
    Gpu = Opts.GpuForTarget(Out.SmVersion);
    if (Gpu)
      Opts.Memory = gpa::memoryGeometry(*Gpu);
  } else if (Opts.MemoryForTarget && HasKernel) {
    if (std::optional<gpa::MemoryGeometry> G =
            Opts.MemoryForTarget(Out.SmVersion))
      Opts.Memory = *G;
  }

  WeightOptions WOpts;
  WOpts.DefaultTripCount = Opts.DefaultTripCount;
  WOpts.Memory = Opts.Memory;
  std::map<std::string, PtxFunctionSummary> Summaries;
  for (const PtxFunction &F : M.Functions) {
    if (!F.HasBody)
      continue;
    if (Summaries.count(F.Name)) {
      E = PtxError{FileName, F.Line, F.Col,
                   "function '" + F.Name + "' is defined twice"};
      Error = E.str();
      return false;
    }
    WOpts.Branches = Opts.BranchFactsFor
                         ? Opts.BranchFactsFor(F.IsEntry ? F.Name : "")
                         : gpa::BranchFacts();
    if (Opts.TripCountsFor)
      WOpts.Trips = Opts.TripCountsFor(F.IsEntry ? F.Name : "");
    // A required block shape fixes blockDim.x when nothing else does.
    if (!WOpts.Branches.BlockThreadsX && F.ReqNtid[0]) {
      WOpts.Branches.BlockThreadsX = F.ReqNtid[0];
      WOpts.Branches.LaunchSource = "blockDim.x from .reqntid";
      WOpts.Branches.BlockSource = ".reqntid";
    }
    // The arguments that count loops (PtxArgumentTripCounts.cpp).
    if (WOpts.Trips)
      WOpts.Trips->Branches = WOpts.Branches;
    if (!summarizeFunction(F, FileName, M.Globals, WOpts, Summaries[F.Name],
                           E)) {
      Error = E.str();
      return false;
    }
  }
  Folder Fold(M, Summaries, Opts);
  for (const PtxFunction &F : M.Functions) {
    if (!F.IsEntry || !F.HasBody)
      continue;
    PtxKernelResult R;
    buildKernel(M, F, Fold.fold(F.Name, 0), Summaries.at(F.Name), Summaries,
                Opts, Gpu, R);
    Out.Kernels.push_back(std::move(R));
  }
  if (Out.Kernels.empty())
    Out.Warnings.push_back("no .entry kernel with a body");
  return true;
}

bool parsePtxFile(const std::string &Path, const PtxOptions &Opts,
                  PtxModuleResult &Out, std::string &Error) {
  std::optional<std::string> Text = readTextFile(Path, Error);
  if (!Text)
    return false;
  return parsePtxModule(*Text, Path, Opts, Out, Error);
}

} // namespace gpa::ptx
