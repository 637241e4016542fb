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
// 2D kernels: blocks of 8 x 4 threads, grids of 16 x 16 and 3 x 2 blocks.
constexpr dim3 Block2d{8, 4, 1}, BigGrid2d{16, 16, 1}, SmallGrid2d{3, 2, 1};

struct Outputs {
  std::vector<float> Out;
  std::vector<int> Cnt;
};

Outputs run(KernelFn Fn, dim3 Grid, dim3 BlockShape) {
  std::vector<float> In(N + Slack);
  Outputs O{std::vector<float>(N + Slack), std::vector<int>(N + Slack)};
  for (int I = 0; I < N + Slack; ++I) {
    In[I] = float((I * 37) % 101) * 0.5f;
    O.Out[I] = float(I % 7);
    O.Cnt[I] = 0;
  }
  gridDim = Grid;
  blockDim = BlockShape;
  for (unsigned By = 0; By < Grid.y; ++By)
    for (unsigned Bx = 0; Bx < Grid.x; ++Bx)
      for (unsigned Ty = 0; Ty < BlockShape.y; ++Ty)
        for (unsigned Tx = 0; Tx < BlockShape.x; ++Tx) {
          blockIdx = dim3{Bx, By, 0};
          threadIdx = dim3{Tx, Ty, 0};
          Fn(In.data(), O.Out.data(), O.Cnt.data(), N);
        }
  return O;
}
} // namespace

int main() {
  for (const KernelEntry &K : kernelTable()) {
    bool Is2d = K.Dims == 2;
    dim3 BlockShape = Is2d ? Block2d : dim3{Block, 1, 1};
    Outputs Big = run(K.Fn, Is2d ? BigGrid2d : dim3{BigGrid, 1, 1}, BlockShape);
    Outputs Small =
        run(K.Fn, Is2d ? SmallGrid2d : dim3{SmallGrid, 1, 1}, BlockShape);
    bool Same = std::memcmp(Big.Out.data(), Small.Out.data(),
                            Big.Out.size() * sizeof(float)) == 0 &&
                Big.Cnt == Small.Cnt;
    std::printf("%s %s\n", K.Name, Same ? "same" : "differs");
  }
  return 0;
}
