// Runs every generated kernel (gridgenEntries, emitted by gridgen.py) on the
// host through test/gridcheck/Inputs/emulation.h: at its original grid, at
// the grids the runtime could shrink it to (LaunchAdvisor.cpp's
// shrinkGrid: X first, then Y, then Z, shape kept) for several targets,
// and at the original grid with blocks and threads in reverse order.
// Prints one line per kernel:
//   NAME ORIGINAL SHRUNK... REVERSED
// each a hash of the memory the launch left (only the elements that differ
// from their initial values), or OOB (an access outside every buffer) or
// RUNAWAY (a loop that did not end). check.py compares them.
#include "gridgen.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <vector>

dim3 threadIdx, blockIdx, blockDim, gridDim;
long long gridgenTicks;
int gg_global[GG_INTS];

std::vector<KernelEntry> &kernelTable() {
  static std::vector<KernelEntry> Table;
  return Table;
}

extern const GridgenEntry gridgenEntries[];
extern const int gridgenCount;

namespace {
struct OutOfBounds {};
struct Runaway {};

struct Buffer {
  int *Base;
  bool Writable;
  long long Lo, Hi; // touched byte range, Lo > Hi when untouched
};
std::vector<int> BufA(GG_INTS), BufB(GG_INTS), BufIn(GG_INTS);
Buffer Buffers[4] = {{BufA.data(), true, 1, 0},
                     {BufB.data(), true, 1, 0},
                     {gg_global, true, 1, 0},
                     {BufIn.data(), false, 1, 0}};

int initial(int Buf, long long K) {
  switch (Buf) {
  case 0:
    return int(K % 7);
  case 1:
    return int((K * 5) % 11) + 100;
  case 2:
    return int(K % 3);
  default:
    return int((K * 37) % 101);
  }
}

void resetAll(bool Full) {
  for (int Buf = 0; Buf < 4; ++Buf) {
    Buffer &B = Buffers[Buf];
    long long Lo = Full ? 0 : B.Lo / 4, Hi = Full ? GG_INTS - 1 : B.Hi / 4;
    for (long long K = Lo; K <= Hi && K < GG_INTS; ++K)
      B.Base[K] = initial(Buf, K);
    B.Lo = 1;
    B.Hi = 0;
  }
}

std::uint64_t hashMemory() {
  std::uint64_t H = 1469598103934665603ull;
  for (int Buf = 0; Buf < 3; ++Buf) {
    const Buffer &B = Buffers[Buf];
    for (long long K = B.Lo / 4; K <= B.Hi / 4 && K < GG_INTS; ++K)
      if (B.Base[K] != initial(Buf, K)) {
        std::uint64_t X = (std::uint64_t(Buf) << 56) ^
                          (std::uint64_t(K) << 32) ^ std::uint32_t(B.Base[K]);
        H = (H ^ X) * 1099511628211ull;
        H ^= H >> 29;
      }
  }
  return H;
}

struct Dim {
  unsigned X, Y, Z;
  bool operator<(const Dim &O) const {
    return std::tie(X, Y, Z) < std::tie(O.X, O.Y, O.Z);
  }
  bool operator==(const Dim &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
};

// runtime/src/LaunchAdvisor.cpp, shrinkGrid.
Dim shrinkGrid(Dim Grid, std::uint64_t Target) {
  Dim Out = Grid;
  std::uint64_t Rest =
      std::max<std::uint64_t>(Grid.Y * std::uint64_t(Grid.Z), 1);
  if (Target >= Rest) {
    Out.X = unsigned(std::clamp<std::uint64_t>(Target / Rest, 1, Grid.X));
    return Out;
  }
  Out.X = 1;
  Out.Y = unsigned(std::clamp<std::uint64_t>(
      Target / std::max<unsigned>(Grid.Z, 1), 1, Grid.Y));
  if (Out.Y == 1)
    Out.Z = unsigned(std::clamp<std::uint64_t>(Target, 1, Grid.Z));
  return Out;
}

std::string run(const GridgenEntry &E, Dim Grid, bool Reverse) {
  int *A = BufA.data() + GG_PAD, *B = BufB.data() + GG_PAD;
  const int *In = BufIn.data() + GG_PAD;
  if (E.Alias == 1)
    B = A;
  else if (E.Alias == 2)
    A = gg_global + GG_PAD;
  else if (E.Alias == 3)
    B = A + 1;
  gridDim = dim3{Grid.X, Grid.Y, Grid.Z};
  blockDim = dim3{E.Block[0], E.Block[1], E.Block[2]};
  gridgenTicks = 0;
  std::string Result;
  try {
    for (unsigned Bi = 0, Blocks = Grid.X * Grid.Y * Grid.Z; Bi < Blocks;
         ++Bi) {
      unsigned Bk = Reverse ? Blocks - 1 - Bi : Bi;
      blockIdx = dim3{Bk % Grid.X, Bk / Grid.X % Grid.Y, Bk / Grid.X / Grid.Y};
      for (unsigned Ti = 0, Threads = E.Block[0] * E.Block[1] * E.Block[2];
           Ti < Threads; ++Ti) {
        unsigned Tk = Reverse ? Threads - 1 - Ti : Ti;
        threadIdx = dim3{Tk % E.Block[0], Tk / E.Block[0] % E.Block[1],
                         Tk / E.Block[0] / E.Block[1]};
        E.Fn(A, B, In, E.N, E.M);
      }
    }
    char Text[32];
    std::snprintf(Text, sizeof(Text), "%016llx",
                  (unsigned long long)hashMemory());
    Result = Text;
  } catch (const OutOfBounds &) {
    Result = "OOB";
  } catch (const Runaway &) {
    Result = "RUNAWAY";
  }
  resetAll(false);
  return Result;
}
} // namespace

void *gridgenCheck(const void *P, long long ElemBytes, long long E) {
  for (Buffer &B : Buffers) {
    long long Off = (const char *)P - (const char *)B.Base;
    if (Off < 0 || Off >= GG_INTS * 4LL)
      continue;
    // E * ElemBytes cannot overflow: |E| is checked first.
    if (E < -GG_INTS || E > GG_INTS)
      throw OutOfBounds{};
    long long At = Off + E * ElemBytes;
    if (At < 0 || At + ElemBytes > GG_INTS * 4LL)
      throw OutOfBounds{};
    B.Lo = B.Lo > B.Hi ? At : std::min(B.Lo, At);
    B.Hi = std::max(B.Hi, At + ElemBytes - 1);
    return (char *)B.Base + At;
  }
  throw OutOfBounds{};
}

void gridgenRunaway() { throw Runaway{}; }

int main(int Argc, char **Argv) {
  resetAll(true);
  // argv[1]: the first kernel to run (check.py resumes after a hang).
  for (int I = Argc > 1 ? std::atoi(Argv[1]) : 0; I < gridgenCount; ++I) {
    const GridgenEntry &E = gridgenEntries[I];
    Dim Original{E.Grid[0], E.Grid[1], E.Grid[2]};
    std::uint64_t Count = std::uint64_t(Original.X) * Original.Y * Original.Z;
    std::set<Dim> Seen{Original};
    std::vector<Dim> Shrunk;
    for (std::uint64_t Target :
         {std::uint64_t(1), std::uint64_t(2), std::uint64_t(3), Count / 4,
          Count / 2 + 1, Count - 1,
          Count - std::max<std::uint64_t>(Original.X, 1)}) {
      Dim S = shrinkGrid(Original, std::max<std::uint64_t>(Target, 1));
      if (Seen.insert(S).second)
        Shrunk.push_back(S);
    }
    std::string First = run(E, Original, false);
    std::printf("%s %s", E.Name, First.c_str());
    if (First == "OOB" || First == "RUNAWAY") { // invalid: no more runs
      std::printf("\n");
      continue;
    }
    for (const Dim &S : Shrunk)
      std::printf(" %u,%u,%u:%s", S.X, S.Y, S.Z, run(E, S, false).c_str());
    std::printf(" rev:%s\n", run(E, Original, true).c_str());
    std::fflush(stdout);
  }
  return 0;
}
