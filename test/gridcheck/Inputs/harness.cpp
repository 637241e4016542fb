// Runs every kernel of kernels.cu on the host (emulation.h) at two grids
// with the same block and prints, per kernel, "same" when all its outputs
// are identical at both grids and "differs" otherwise, then the dimensions
// the launch makes larger than 1 (grid or block: "x", "xy"), which
// check-verdicts.py holds against a proof's launch requirement. It holds
// every kernel the proof accepts (and the runtime would shrink) to "same".
#include "emulation.h"

#include <cstdio>
#include <cstring>
#include <string>

dim3 threadIdx, blockIdx, blockDim, gridDim;
int gridcheck_global[GRIDCHECK_GLOBAL_INTS];

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
// 1-D kernels on a grid with gridDim.y > 1 (KERNEL_GRID_Y).
constexpr dim3 BigGridY{64, 3, 1}, SmallGridY{5, 2, 1};
// KERNEL_WIDE: 66,560 threads, a stride that 16 bits truncate to 1,024.
constexpr unsigned WideGrid = 2080;
static_assert(N + Slack == GRIDCHECK_GLOBAL_INTS, "gridcheck_global's size");

struct Outputs {
  std::vector<float> Out;
  std::vector<int> Cnt;
};

Outputs run(KernelFn Fn, dim3 Grid, dim3 BlockShape, bool CntIsGlobal,
            bool InIsOut) {
  std::vector<float> In(N + Slack);
  Outputs O{std::vector<float>(N + Slack), std::vector<int>(N + Slack)};
  for (int I = 0; I < N + Slack; ++I) {
    In[I] = float((I * 37) % 101) * 0.5f;
    O.Out[I] = float(I % 7);
    O.Cnt[I] = 0;
  }
  int *Cnt = O.Cnt.data();
  if (CntIsGlobal) {
    std::copy(O.Cnt.begin(), O.Cnt.end(), gridcheck_global);
    Cnt = gridcheck_global;
  }
  gridDim = Grid;
  blockDim = BlockShape;
  for (unsigned By = 0; By < Grid.y; ++By)
    for (unsigned Bx = 0; Bx < Grid.x; ++Bx)
      for (unsigned Ty = 0; Ty < BlockShape.y; ++Ty)
        for (unsigned Tx = 0; Tx < BlockShape.x; ++Tx) {
          blockIdx = dim3{Bx, By, 0};
          threadIdx = dim3{Tx, Ty, 0};
          Fn(InIsOut ? O.Out.data() : In.data(), O.Out.data(), Cnt, N);
        }
  if (CntIsGlobal)
    std::copy(gridcheck_global, gridcheck_global + N + Slack, O.Cnt.begin());
  return O;
}
} // namespace

int main() {
  for (const KernelEntry &K : kernelTable()) {
    bool Is2d = K.Dims == 2;
    dim3 BlockShape = Is2d ? Block2d : dim3{Block, 1, 1};
    dim3 BigShape = Is2d ? BigGrid2d : dim3{BigGrid, 1, 1};
    dim3 SmallShape = Is2d ? SmallGrid2d : dim3{SmallGrid, 1, 1};
    if (K.Dims == 3) {
      BigShape = BigGridY;
      SmallShape = SmallGridY;
    } else if (K.Dims == 4) {
      BigShape = dim3{WideGrid, 1, 1};
    }
    bool CntIsGlobal = K.Dims == 5, InIsOut = K.Dims == 6;
    Outputs Big = run(K.Fn, BigShape, BlockShape, CntIsGlobal, InIsOut);
    Outputs Small = run(K.Fn, SmallShape, BlockShape, CntIsGlobal, InIsOut);
    bool Same = std::memcmp(Big.Out.data(), Small.Out.data(),
                            Big.Out.size() * sizeof(float)) == 0 &&
                Big.Cnt == Small.Cnt;
    std::string Launched;
    if (BigShape.x > 1 || BlockShape.x > 1)
      Launched += 'x';
    if (BigShape.y > 1 || BlockShape.y > 1)
      Launched += 'y';
    if (BigShape.z > 1 || BlockShape.z > 1)
      Launched += 'z';
    std::printf("%s %s %s\n", K.Name, Same ? "same" : "differs",
                Launched.c_str());
  }
  return 0;
}
