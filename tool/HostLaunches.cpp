//===- HostLaunches.cpp - Launch sites for kernels nvcc compiled ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "HostLaunches.h"
#include "CudaCompile.h"

#include "gpa/common/AssumptionNames.h"

#ifdef GPA_HAVE_IR
#include "HostLaunchSites.h"
#endif

#include <cstdlib>
#include <cxxabi.h>
#include <unistd.h>

namespace gpa::tool {

namespace {
std::string demangledName(const std::string &Mangled) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  std::string Out = Status == 0 && D ? D : "";
  std::free(D);
  return Out;
}

/// The first line of a compiler's diagnostics that says what failed.
std::string firstError(const std::string &Text) {
  std::size_t At = Text.find("error:");
  if (At == std::string::npos)
    At = 0;
  std::size_t LineStart = Text.rfind('\n', At);
  LineStart = LineStart == std::string::npos ? 0 : LineStart + 1;
  std::size_t End = Text.find('\n', At);
  return Text.substr(LineStart, End == std::string::npos ? std::string::npos
                                                         : End - LineStart);
}

#ifdef GPA_HAVE_IR
HostLaunch::Value plain(const LaunchValue &V) {
  HostLaunch::Value Out;
  Out.Known = V.Known;
  Out.IsRange = V.IsRange;
  Out.Value = V.Value;
  Out.Min = V.Min;
  Out.Source = V.Source;
  return Out;
}
#endif

/// The three dimensions multiplied, as LaunchSite::product: unknown when
/// one is, a range when one is, derived when one is.
HostLaunch::Value product(const HostLaunch::Value (&D)[3]) {
  HostLaunch::Value P;
  P.Known = true;
  P.Value = P.Min = 1;
  P.Source = "constant";
  for (const HostLaunch::Value &V : D) {
    if (!V.Known)
      return HostLaunch::Value();
    P.Value *= V.Value;
    P.Min *= V.Min;
    P.IsRange |= V.IsRange;
    if (V.Source == "derived")
      P.Source = "derived";
  }
  return P;
}

std::string valueText(const HostLaunch::Value &V) {
  if (!V.Known)
    return "?";
  if (V.IsRange)
    return std::to_string(V.Min) + ".." + std::to_string(V.Value);
  return std::to_string(V.Value);
}

/// "1024x1x1" as written; "?" for what is not known at compile time.
std::string dimsText(const HostLaunch::Value (&D)[3]) {
  return valueText(D[0]) + "x" + valueText(D[1]) + "x" + valueText(D[2]);
}

/// "a.cu:14:3: <<<1024x1x1, 256x1x1, 0>>> (grid constant, block constant)"
std::string siteText(const HostLaunch &S) {
  HostLaunch::Value G = product(S.Grid), B = product(S.Block);
  return S.Where + ": <<<" + dimsText(S.Grid) + ", " + dimsText(S.Block) +
         ", " + valueText(S.DynamicSharedBytes) + ">>> (grid " + G.Source +
         ", block " + B.Source + ")";
}

bool sameValue(const HostLaunch::Value &X, const HostLaunch::Value &Y) {
  return X.Known == Y.Known && X.IsRange == Y.IsRange && X.Value == Y.Value &&
         X.Min == Y.Min && X.Source == Y.Source;
}

/// Every site passes the same value for the dimensions \p Of selects.
template <typename Select>
bool allAgree(const std::vector<HostLaunch> &Sites, Select Of) {
  for (const HostLaunch &S : Sites)
    for (int I = 0; I < 3; ++I)
      if (!sameValue(Of(S)[I], Of(Sites.front())[I]))
        return false;
  return true;
}

/// The weakest of two labels (constant > derived > assumed).
std::string weaker(const std::string &A, const std::string &B) {
  auto Rank = [](const std::string &K) {
    return K == "constant" ? 2 : K == "derived" ? 1 : 0;
  };
  return Rank(A) <= Rank(B) ? A : B;
}
} // namespace

std::size_t readHostLaunches(const std::string &Source, const std::string &Arch,
                             const std::vector<std::string> &ClangArgs,
                             HostLaunches &Out,
                             std::vector<std::string> &Warnings) {
  const std::string Stays = "; its kernels' launches stay assumed";
#ifdef GPA_HAVE_IR
  char Tmp[] = "/tmp/gpa-host-XXXXXX.bc";
  int Fd = ::mkstemps(Tmp, 3);
  if (Fd < 0) {
    Warnings.push_back(Source +
                       ": launch sites not read (cannot create a "
                       "temporary bitcode file)" +
                       Stays);
    return 0;
  }
  ::close(Fd);
  std::string Error;
  std::vector<LaunchSite> Sites;
  bool Compiled = compileCudaHostToIr(Source, Arch, ClangArgs, Tmp, Error);
  bool Read = Compiled && readHostLaunchSites(Tmp, Sites, Error);
  ::unlink(Tmp);
  if (!Compiled) {
    Warnings.push_back(Source +
                       ": launch sites not read: clang 22 cannot compile the "
                       "host side (" +
                       firstError(Error) + ")" + Stays);
    return 0;
  }
  if (!Read) {
    Warnings.push_back(Source + ": launch sites not read (" + Error + ")" +
                       Stays);
    return 0;
  }
  for (const LaunchSite &S : Sites) {
    HostLaunch H;
    H.Where = S.File.empty() ? Source
                             : S.File + ":" + std::to_string(S.Line) + ":" +
                                   std::to_string(S.Column);
    for (int I = 0; I < 3; ++I) {
      H.Grid[I] = plain(S.Grid[I]);
      H.Block[I] = plain(S.Block[I]);
    }
    H.DynamicSharedBytes = plain(S.DynamicSharedBytes);
    for (const LaunchValue &A : S.Args)
      H.Args.push_back(plain(A));
    Out.ByKernel[S.Kernel].push_back(std::move(H));
  }
  return Sites.size();
#else
  (void)Arch;
  (void)ClangArgs;
  (void)Out;
  Warnings.push_back(Source +
                     ": launch sites not read (this gpa was built without "
                     "LLVM)" +
                     Stays);
  return 0;
#endif
}

std::vector<std::string> unappliedLaunches(const HostLaunches &H) {
  std::vector<std::string> Out;
  for (const auto &[Kernel, Sites] : H.ByKernel) {
    if (H.Applied.count(Kernel))
      continue;
    std::string Where;
    for (const HostLaunch &S : Sites)
      Where += (Where.empty() ? "" : ", ") + S.Where;
    std::string Name = demangledName(Kernel);
    bool One = Sites.size() == 1;
    Out.push_back("--host-source: the launch" + std::string(One ? "" : "es") +
                  " of " + (Name.empty() ? Kernel : Name) + " at " + Where +
                  (One ? " matches" : " match") + " no kernel of the inputs");
  }
  return Out;
}

std::optional<KernelLaunchSites> launchSitesOf(const HostLaunches &H,
                                               const std::string &Mangled) {
  auto It = H.ByKernel.find(Mangled);
  if (It == H.ByKernel.end() || It->second.empty())
    return std::nullopt;
  H.Applied.insert(Mangled);
  const std::vector<HostLaunch> &Sites = It->second;
  KernelLaunchSites Out;
  std::string Listed, Where;
  for (const HostLaunch &S : Sites) {
    Listed += (Listed.empty() ? "" : "; ") + siteText(S);
    Where += (Where.empty() ? "" : ", ") + S.Where;
  }
  // What every site writes alike applies; what they write differently is
  // left to the defaults, said (one result cannot be every launch).
  const HostLaunch &S = Sites.front();
  bool SameBlock = allAgree(Sites, [](const HostLaunch &L) { return L.Block; });
  bool SameGrid = allAgree(Sites, [](const HostLaunch &L) { return L.Grid; });
  bool SameShared = true;
  for (const HostLaunch &L : Sites)
    SameShared &= sameValue(L.DynamicSharedBytes, S.DynamicSharedBytes);
  WrittenLaunch W;
  W.From = (Sites.size() == 1 ? "the launch at " : "the launches at ") + Where;
  HostLaunch::Value B = product(S.Block), G = product(S.Grid);
  if (SameBlock && B.Known && !B.IsRange) {
    W.Block = BlockDims{S.Block[0].Value, S.Block[1].Value, S.Block[2].Value};
    W.BlockKind = B.Source;
  }
  if (SameGrid && G.Known && !G.IsRange) {
    W.Grid = BlockDims{S.Grid[0].Value, S.Grid[1].Value, S.Grid[2].Value};
    W.GridKind = G.Source;
  } else if (SameGrid && G.Known) {
    W.GridRange = std::make_pair(G.Min, G.Value);
  } else {
    W.GridUnknown =
        W.From + (SameGrid
                      ? (Sites.size() == 1 ? " passes" : " pass") +
                            std::string(" a grid not known at compile time")
                      : " pass different grids");
  }
  if (SameShared && S.DynamicSharedBytes.Known &&
      !S.DynamicSharedBytes.IsRange) {
    W.DynamicSharedBytes = S.DynamicSharedBytes.Value;
    W.SharedKind = S.DynamicSharedBytes.Source;
  }
  bool Differ = !SameBlock || !SameGrid || !SameShared;
  std::string Kind = weaker(W.Block ? W.BlockKind : "assumed",
                            W.Grid ? W.GridKind : "assumed");
  Out.Listed = textAssumption(
      assumptionName(AssumptionId::LaunchSites), Listed,
      "host side read by clang 22 (--cuda-host-only -O1)" +
          std::string(Differ ? "; the launches differ: what they write "
                               "differently keeps the default (give "
                               "--launch-file to price one launch)"
                             : ""),
      Kind);
  Out.Written = std::move(W);
  // Arguments every site passes as the same constant.
  for (std::size_t I = 0; I < Sites.front().Args.size(); ++I) {
    const HostLaunch::Value &A = Sites.front().Args[I];
    bool Agreed = A.Known && !A.IsRange;
    for (const HostLaunch &S : Sites)
      Agreed &= S.Args.size() == Sites.front().Args.size() && S.Args[I].Known &&
                !S.Args[I].IsRange && S.Args[I].Value == A.Value;
    if (Agreed)
      Out.Arguments[unsigned(I)] = A.Value;
  }
  return Out;
}

LaunchEntry withSiteFacts(const LaunchEntry *Given,
                          const KernelLaunchSites &Sites,
                          const std::string &GivenSource, std::string &Source) {
  LaunchEntry E;
  if (Given)
    E = *Given;
  bool Used = false;
  if (Sites.Written) {
    const WrittenLaunch &W = *Sites.Written;
    if (!E.ThreadsPerBlock && W.Block) {
      E.BlockShape = *W.Block;
      E.ThreadsPerBlock = W.Block->X * W.Block->Y * W.Block->Z;
      Used = true;
    }
    if (!E.Blocks && W.Grid) {
      E.GridShape = *W.Grid;
      E.Blocks = W.Grid->X * W.Grid->Y * W.Grid->Z;
      Used = true;
    }
  }
  for (const auto &[Position, Value] : Sites.Arguments)
    Used |= E.Arguments.emplace(Position, Value).second;
  std::string SitesFrom =
      Sites.Written ? Sites.Written->From : std::string("the launch sites");
  Source = !Used    ? GivenSource
           : !Given ? SitesFrom
                    : GivenSource + " and " + SitesFrom;
  return E;
}

} // namespace gpa::tool
