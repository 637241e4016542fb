//===- PtxChunks.cpp - A PTX module split into sets of kernels ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PtxChunks.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace gpa {

std::size_t ptxasChunkKernels() {
  const char *Env = std::getenv("GPA_PTXAS_CHUNK");
  if (!Env || !*Env)
    return DefaultPtxasChunkKernels;
  char *End = nullptr;
  unsigned long long N = std::strtoull(Env, &End, 10);
  return *End || N == 0 ? DefaultPtxasChunkKernels : std::size_t(N);
}

namespace {
/// A top-level piece of PTX text: one kernel's definition (Kernel >= 0,
/// its index), or anything else (-1).
struct Piece {
  std::size_t Begin = 0, End = 0;
  long Kernel = -1;
};

/// Braces opened minus closed on Line, comments ("//") left out.
int braceBalance(const std::string &Line) {
  int Depth = 0;
  for (std::size_t I = 0; I < Line.size(); ++I) {
    if (Line.compare(I, 2, "//") == 0)
      break;
    Depth += Line[I] == '{' ? 1 : Line[I] == '}' ? -1 : 0;
  }
  return Depth;
}

/// Does Line start a kernel: "[.visible|.weak] .entry NAME"?
bool isEntryHeader(const std::string &Line) {
  std::size_t I = Line.find_first_not_of(" \t");
  auto Word = [&](const char *W) {
    std::size_t N = std::strlen(W);
    if (I == std::string::npos || Line.compare(I, N, W) != 0 ||
        (I + N < Line.size() && !std::isspace((unsigned char)Line[I + N])))
      return false;
    I = Line.find_first_not_of(" \t", I + N);
    return true;
  };
  if (!Word(".visible"))
    Word(".weak");
  return Word(".entry");
}

std::vector<Piece> pieces(const std::string &Ptx) {
  std::vector<Piece> Out;
  Piece Other;
  long Kernels = 0;
  std::size_t Pos = 0;
  while (Pos < Ptx.size()) {
    std::size_t Eol = Ptx.find('\n', Pos);
    Eol = Eol == std::string::npos ? Ptx.size() : Eol + 1;
    std::string Line = Ptx.substr(Pos, Eol - Pos);
    if (!isEntryHeader(Line)) {
      Pos = Eol;
      continue;
    }
    // A kernel from its header to the brace that closes its body; a
    // declaration (';' before any '{') stays with the other text.
    std::size_t End = Pos;
    int Depth = 0;
    bool Opened = false, Declaration = false;
    while (End < Ptx.size()) {
      std::size_t Next = Ptx.find('\n', End);
      Next = Next == std::string::npos ? Ptx.size() : Next + 1;
      std::string L = Ptx.substr(End, Next - End);
      std::string Code = L.substr(0, L.find("//"));
      if (!Opened && Code.find(';') != std::string::npos &&
          Code.find('{') == std::string::npos) {
        Declaration = true;
        break;
      }
      Depth += braceBalance(L);
      Opened = Opened || Code.find('{') != std::string::npos;
      End = Next;
      if (Opened && Depth <= 0)
        break;
    }
    if (Declaration || !Opened) {
      Pos = Eol;
      continue;
    }
    // The comment lines just above the header ("// .globl k") go with it.
    std::size_t Begin = Pos;
    while (Begin > Other.Begin) {
      std::size_t Prev =
          Begin >= 2 ? Ptx.rfind('\n', Begin - 2) : std::string::npos;
      Prev = Prev == std::string::npos ? 0 : Prev + 1;
      std::size_t First = Ptx.find_first_not_of(" \t", Prev);
      if (First >= Begin || Ptx.compare(First, 2, "//") != 0)
        break;
      Begin = Prev;
    }
    Other.End = Begin;
    Out.push_back(Other);
    Out.push_back({Begin, End, Kernels++});
    Other = {End, End, -1};
    Pos = End;
  }
  Other.End = Ptx.size();
  Out.push_back(Other);
  return Out;
}
} // namespace

std::vector<std::string> splitPtxByKernels(const std::string &Ptx,
                                           std::size_t KernelsPerChunk) {
  std::vector<Piece> All = pieces(Ptx);
  std::size_t Kernels = 0;
  for (const Piece &P : All)
    Kernels += P.Kernel >= 0;
  std::size_t PerChunk = KernelsPerChunk ? KernelsPerChunk : 1;
  if (Kernels <= PerChunk)
    return {Ptx};
  std::vector<std::string> Chunks((Kernels + PerChunk - 1) / PerChunk);
  for (std::size_t C = 0; C < Chunks.size(); ++C)
    for (const Piece &P : All)
      if (P.Kernel < 0 || std::size_t(P.Kernel) / PerChunk == C)
        Chunks[C].append(Ptx, P.Begin, P.End - P.Begin);
  return Chunks;
}

} // namespace gpa
