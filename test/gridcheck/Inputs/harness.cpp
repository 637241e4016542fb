// Runs every kernel of kernels.cu on the host (emulation.h) at two grids
// with the same block and prints, per kernel, "same" when all its outputs
// are identical at both grids and "differs" otherwise. check-verdicts.py
// holds every kernel the proof accepts to "same".
#include "emulation.h"

#include <cstdio>
#include <cstring>

dim3 threadIdx, blockIdx, blockDim, gridDim;

std::vector<KernelEntry> &kernelTable() {
  static std::vector<KernelEntry> Table;
  return Table;
}

namespace {
constexpr int N = 3000;           // not a multiple of any grid stride used
constexpr int Slack = 8192;       // room for writes past n (unguarded kernels)
constexpr unsigned Block = 32;    // threads per block, kept by the rewrite
constexpr unsigned BigGrid = 64;  // 2048 threads
constexpr unsigned SmallGrid = 5; // 160 threads: what a shrunk grid may be

struct Outputs {
  std::vector<float> Out;
  std::vector<int> Cnt;
};

Outputs run(KernelFn Fn, unsigned Grid) {
  std::vector<float> In(N + Slack);
  Outputs O{std::vector<float>(N + Slack), std::vector<int>(N + Slack)};
  for (int I = 0; I < N + Slack; ++I) {
    In[I] = float((I * 37) % 101) * 0.5f;
    O.Out[I] = float(I % 7);
    O.Cnt[I] = 0;
  }
  gridDim = dim3{Grid, 1, 1};
  blockDim = dim3{Block, 1, 1};
  for (unsigned B = 0; B < Grid; ++B)
    for (unsigned T = 0; T < Block; ++T) {
      blockIdx = dim3{B, 0, 0};
      threadIdx = dim3{T, 0, 0};
      Fn(In.data(), O.Out.data(), O.Cnt.data(), N);
    }
  return O;
}
} // namespace

int main() {
  for (const KernelEntry &K : kernelTable()) {
    Outputs Big = run(K.Fn, BigGrid), Small = run(K.Fn, SmallGrid);
    bool Same = std::memcmp(Big.Out.data(), Small.Out.data(),
                            Big.Out.size() * sizeof(float)) == 0 &&
                Big.Cnt == Small.Cnt;
    std::printf("%s %s\n", K.Name, Same ? "same" : "differs");
  }
  return 0;
}
