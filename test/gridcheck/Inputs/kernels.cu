// Adversarial kernels for the grid-independence proof (issue 16 §1).
// Every kernel has the signature (const float *in, float *out, int *cnt,
// int n) and a name that states what is expected of the proof:
//   gi_*  grid-independent, must be proven;
//   gd_*  grid-dependent (what they store depends on the grid), must be
//         refused;
//   cr_*  grid-independent but beyond the rule (refused conservatively;
//         if ever proven, the execution check still holds them to it).
// The file is compiled twice: for NVPTX with clang (the proof's verdicts,
// check-verdicts.py) and for the host with emulation.h (run at two grids by
// harness.cpp).
#include "emulation.h"

// --- grid-independent ---------------------------------------------------

KERNEL(gi_copy) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

KERNEL(gi_scale) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i] + 1.0f;
}

// Reads and writes out at the same index in the same iteration.
KERNEL(gi_inplace) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = out[i] * 0.5f + in[i];
}

KERNEL(gi_int_index) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] = i * 3;
}

KERNEL(gi_size_t) {
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < (size_t)n;
       i += (size_t)blockDim.x * gridDim.x)
    out[i] = in[i] + 3.0f;
}

KERNEL(gi_unsigned) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned)n;
       i += blockDim.x * gridDim.x)
    cnt[i] = (int)i ^ 0x55;
}

// Operands in the other order.
KERNEL(gi_commuted) {
  for (int i = threadIdx.x + blockDim.x * blockIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    out[i] = -in[i];
}

KERNEL_RESTRICT(gi_early_return) {
  if (n <= 16)
    return;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 16;
       i += blockDim.x * gridDim.x)
    out[i] = in[i + 16];
}

KERNEL(gi_while) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    cnt[i] = (int)in[i];
    i += blockDim.x * gridDim.x;
  }
}

// An inner loop whose state restarts for every element.
KERNEL_RESTRICT(gi_inner_sum) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float s = 0.0f;
    for (int j = 0; j < 8; ++j)
      s += in[(i + j) % n];
    out[i] = s;
  }
}

KERNEL(gi_branch) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    if (in[i] > 10.0f)
      out[i] = in[i];
    else
      out[i] = -in[i];
  }
}

KERNEL(gi_conditional_store) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    if (in[i] > 20.0f)
      out[i] = 1.0f;
}

KERNEL(gi_select) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] = in[i] > 12.0f ? i : -i;
}

// Commutative integer atomics whose result is unused.
KERNEL_RESTRICT(gi_histogram) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&cnt[(int)in[i] & 63], 1);
}

KERNEL_RESTRICT(gi_atomic_max) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicMax(&cnt[i % 16], (int)in[i] * 7 - i);
}

KERNEL(gi_two_outputs) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    out[i] = in[i] * in[i];
    cnt[i] = i - 5;
  }
}

// Two stores per iteration into disjoint lanes of one array.
KERNEL_RESTRICT(gi_lanes) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 2;
       i += blockDim.x * gridDim.x) {
    out[2 * i] = in[i];
    out[2 * i + 1] = -in[i];
  }
}

// Reads a location of an array the kernel does not write.
KERNEL_RESTRICT(gi_reverse) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[n - 1 - i];
}

KERNEL(gi_le_bound) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i <= n - 10;
       i += blockDim.x * gridDim.x)
    cnt[i] = 1;
}

// --- grid-dependent -----------------------------------------------------

// Issue 16: each element gets the iteration number of its thread.
KERNEL(gd_carried_count) {
  int it = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    cnt[i] = it;
    ++it;
  }
}

// Issue 16: writes only the i with (i mod 2G) < G.
KERNEL(gd_step_k2) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += 2 * blockDim.x * gridDim.x)
    out[i] = in[i];
}

KERNEL(gd_running_sum) {
  float s = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    s += in[i];
    out[i] = s;
  }
}

KERNEL(gd_running_max) {
  int m = -1000000;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    m = max(m, (int)in[i]);
    cnt[i] = m;
  }
}

KERNEL(gd_bumped_pointer) {
  int *p = cnt;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    *p++ = i;
}

KERNEL(gd_counter_index) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    out[k] = in[i];
    k += 1;
  }
}

KERNEL(gd_first_flag) {
  bool first = true;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    cnt[i] = first ? 1 : 0;
    first = false;
  }
}

KERNEL(gd_one_per_element) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

KERNEL(gd_griddim_value) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] = gridDim.x;
}

KERNEL(gd_blockidx_value) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] = blockIdx.x;
}

KERNEL(gd_thread_zero_only) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    if (threadIdx.x % 2 == 0 && blockIdx.x % 2 == 0)
      out[i] = in[i];
}

// Reads what the iteration i+1 writes.
KERNEL(gd_neighbor_read) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1;
       i += blockDim.x * gridDim.x)
    out[i] = out[i + 1] + 1.0f;
}

KERNEL(gd_neighbor_write) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1;
       i += blockDim.x * gridDim.x)
    cnt[i + 1] = cnt[i] + 1;
}

// Two iterations store different values to one element.
KERNEL(gd_halves) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i % 64] = i;
}

KERNEL(gd_start_no_thread) {
  for (int i = blockIdx.x * 2 * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] += 1;
}

KERNEL(gd_step_plus_one) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x + 1)
    out[i] = in[i];
}

KERNEL(gd_step_griddim_only) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x)
    cnt[i] += 1;
}

KERNEL(gd_break_on_data) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    if (in[i] > 49.0f)
      break;
    out[i] = in[i];
  }
}

// The first iteration runs even when the start is past the bound.
KERNEL(gd_unguarded_first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  do {
    cnt[i] = 7;
    i += blockDim.x * gridDim.x;
  } while (i < n / 4);
}

KERNEL(gd_float_atomic) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&out[i % 4], in[i] * 1.0e-3f + 1.0e8f * (i % 2));
}

KERNEL(gd_ticket) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = (float)atomicAdd(&cnt[0], 1);
}

KERNEL(gd_exchange) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicExch(&cnt[i % 8], i);
}

KERNEL(gd_barrier) {
  __shared__ float tile[32];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    tile[threadIdx.x % 32] = in[i];
    __syncthreads();
    out[i] = tile[(threadIdx.x + 1) % 32];
    __syncthreads();
  }
}

// The first loop's last index, stored by the second loop.
KERNEL(gd_value_after_loop) {
  int last = -1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    last = i;
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n;
       j += blockDim.x * gridDim.x)
    cnt[j] = last;
}

// The second loop reads what other iterations of the first wrote.
KERNEL(gd_read_other_loop) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[i] = i;
  for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n - 1;
       j += blockDim.x * gridDim.x)
    out[j] = (float)cnt[j + 1];
}

// The bound depends on the grid.
KERNEL(gd_grid_bound) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x;
       i < n - (int)gridDim.x * 4; i += blockDim.x * gridDim.x)
    cnt[i] = 3;
}

// --- grid-independent, refused conservatively --------------------------

// A permutation (7 is coprime to the test's n), unprovable here.
KERNEL(cr_scatter) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[(i * 7) % n] = i;
}

NOINLINE_DEVICE float helper(float x) { return x * 3.0f; }
KERNEL(cr_call) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = helper(in[i]);
}

// Rows of a plain outer loop: disjoint here, but not proven so.
KERNEL(cr_outer_rows) {
  for (int r = 0; r < 4; ++r)
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4;
         i += blockDim.x * gridDim.x)
      cnt[r * (n / 4) + i] = r * 10000 + i;
}

// --- grid-dependent, more ----------------------------------------------

// Each index writes four elements; neighbouring indices overlap.
KERNEL(gd_inner_overlap) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 4;
       i += blockDim.x * gridDim.x)
    for (int j = 0; j < 4; ++j)
      cnt[i + j] = i * 4 + j;
}

// Rows of a plain outer loop that overlap.
KERNEL(gd_outer_overlap) {
  for (int r = 0; r < 4; ++r)
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 4;
         i += blockDim.x * gridDim.x)
      cnt[r + i] = r * 10000 + i;
}

// --- two-dimensional grid-stride loops (launched on a 2D grid) ---------

// Rows of n/60 elements, 60 rows: row stride = inner extent.
KERNEL2D(gi_grid2d) {
  int w = n / 60;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w;
         x += blockDim.x * gridDim.x)
      cnt[y * w + x] = y * 1000 + x;
}

KERNEL2D_RESTRICT(gi_grid2d_inplace) {
  int w = n / 60;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w;
         x += blockDim.x * gridDim.x)
      out[y * w + x] = out[y * w + x] * 2.0f + in[x];
}

// Rows overlap: the row stride is half the inner extent.
KERNEL2D(gd_grid2d_overlap) {
  int w = n / 60;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w;
         x += blockDim.x * gridDim.x)
      cnt[y * (w / 2) + x] = y * 1000 + x;
}

// The inner loop strides over x with y's grid.
KERNEL2D(gd_grid2d_mixed) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < 50;
         x += blockDim.y * gridDim.y)
      cnt[y * 50 + x] = y * 1000 + x;
}

// --- issue 25: holes of the C1-C6 proof, and real grid-stride code ------

// Issue 25: both loops stride over x, so only the (y, x) pairs that fall to
// one thread are written.
KERNEL(gd_nested_rows) {
  int w = 200;
  for (int y = blockIdx.x * blockDim.x + threadIdx.x; y < n / w;
       y += blockDim.x * gridDim.x)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w;
         x += blockDim.x * gridDim.x)
      cnt[y * w + x] = y * 1000 + x;
}

// The same over y on a 2-D grid.
KERNEL2D(gd_nested_rows_y) {
  int w = 50;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.y * blockDim.y + threadIdx.y; x < w;
         x += blockDim.y * gridDim.y)
      cnt[y * w + x] = y * 1000 + x;
}

// Issue 25: a 16-bit truncated step makes threads overlap (66,560 threads
// step by 1,024), so the atomics count some elements several times.
KERNEL_WIDE(gd_trunc16_step) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (unsigned short)(blockDim.x * gridDim.x))
    atomicAdd(&cnt[i % 64], 1);
}

// Issue 25: a 16-bit truncated start: threads 65,536 and up repeat 0 and up.
KERNEL_WIDE(gd_trunc16_start) {
  for (int i = (unsigned short)(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&cnt[i % 64], 1);
}

// A 16-bit index: start and step truncated by the type.
KERNEL_WIDE(gd_short_index) {
  for (unsigned short i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&cnt[i % 64], 1);
}

// An 8-bit truncated start, visible at the suite's ordinary grid.
KERNEL(gd_trunc8_start) {
  for (int i = (unsigned char)(blockIdx.x * blockDim.x + threadIdx.x); i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&cnt[i % 64], 1);
}

// Issue 25: an 8-bit truncated "start < bound" guard is no zero-trip guard:
// which elements are stored depends on the thread that owns them.
KERNEL(gd_trunc8_guard) {
  int start = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = start; i < n; i += blockDim.x * gridDim.x)
    if ((unsigned char)start < (unsigned char)n)
      out[i] = in[i];
}

// An 8-bit truncated store address: i and i + 256 store to one element.
KERNEL(gd_trunc8_address) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    cnt[(unsigned char)i] = i;
}

// Issue 25: an x grid-stride loop launched with gridDim.y > 1 counts every
// element gridDim.y times. Proven only for gridDim.y = blockDim.y = 1; the
// runtime launches this shape as written.
KERNEL_GRID_Y(gd_x_loop_y_grid) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&cnt[i % 64], 1);
}

// Issue 25: the cnt argument is the __device__ global this kernel writes
// (the host passed its address): out[i] = out[i + 1] + 1 in disguise.
KERNEL_CNT_IS_GLOBAL(gd_arg_vs_global) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    gridcheck_global[i] = cnt[i + 1] + 1;
}

// Issue 25: atomics of different widths on overlapping memory (a 64-bit
// add carries into the word a 32-bit add wraps): the order matters.
KERNEL(gd_atomic_widths) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    atomicAdd(&cnt[i % 16], 1);
    atomicAdd((unsigned long long *)cnt + i % 8, 0xffffffffull);
  }
}

// Issue 25: a 2-D store of a y-dependent value at an x-only address: the
// last y to run wins.
KERNEL2D(gd_ydep_xaddr) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < 50;
         x += blockDim.x * gridDim.x)
      cnt[x] = y;
}

// A truncated bound: grid-independent, but outside the grammar.
KERNEL(cr_trunc_bound) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (unsigned char)n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

// Counts per y over an x-only address (commutative atomics): every (y, x)
// is counted once whatever the grid.
KERNEL2D(gi_ydep_xaddr_atomic) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < 60;
       y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < 50;
         x += blockDim.x * gridDim.x)
      atomicAdd(&cnt[x], y);
}

// thrust::for_each_n style: a signed 64-bit size and index.
KERNEL(gi_thrust_for_each) {
  typedef long long Size;
  Size size = n;
  for (Size i = blockIdx.x * (Size)blockDim.x + threadIdx.x; i < size;
       i += (Size)blockDim.x * gridDim.x)
    out[i] = in[i] * 3.0f - 1.0f;
}

// CUB-style: unsigned 64-bit offsets.
KERNEL(gi_cub_offsets) {
  typedef unsigned long long OffsetT;
  OffsetT num_items = (OffsetT)n;
  for (OffsetT idx = (OffsetT)blockIdx.x * blockDim.x + threadIdx.x;
       idx < num_items; idx += (OffsetT)blockDim.x * gridDim.x)
    cnt[idx] = (int)in[idx] + 1;
}

// PolyBench mvt/atax, grid-stride port: a row's dot product per index.
KERNEL_RESTRICT(gi_polybench_mvt) {
  const int cols = 16;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / cols;
       i += blockDim.x * gridDim.x) {
    float s = 0.0f;
    for (int j = 0; j < cols; ++j)
      s += in[i * cols + j] * in[j];
    out[i] = s;
  }
}

// PolyBench 2DCONV-like, grid-stride port on a 2-D grid (interior points).
KERNEL2D_RESTRICT(gi_polybench_conv2d) {
  int nj = n / 60;
  for (int i = blockIdx.y * blockDim.y + threadIdx.y; i < 59;
       i += blockDim.y * gridDim.y)
    for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < nj;
         j += blockDim.x * gridDim.x)
      out[i * nj + j] = 0.2f * in[i * nj + j] + 0.5f * in[(i + 1) * nj + j] -
                        0.8f * in[i * nj + (j + 1) % nj];
}

// A store and an atomic on one array: the order matters (the remark names
// both instructions).
KERNEL(gd_store_and_atomic) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    cnt[i] = 5;
    atomicAdd(&cnt[i % 16], 1);
  }
}

// Two pointer arguments, one buffer (bench/gridgen/FINDINGS.md §1): launched
// with in == out, which the proof must allow (distinct pointer arguments
// are assumed distinct or equal), iteration i reads what iteration i + 1
// writes. The *_RESTRICT kernels above read other indices of in too; their
// __restrict__ is what keeps them proven.
KERNEL_SAME_BUFFER(gd_same_buffer_neighbour) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1;
       i += blockDim.x * gridDim.x)
    out[i] = in[i + 1];
}

// Its grid-independent look-alikes with in == out: each iteration reads
// only its own index (saxpy), or its own slot of two (lanes).
KERNEL_SAME_BUFFER(gi_same_buffer_saxpy) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 2.0f * in[i] + out[i];
}

KERNEL_SAME_BUFFER(gi_same_buffer_lanes) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 2;
       i += blockDim.x * gridDim.x) {
    out[2 * i] = in[2 * i + 1] * 3.0f;
    out[2 * i + 1] = in[2 * i] - 1.0f;
  }
}

// gi_lanes without __restrict__: in == out makes iteration i read what
// iteration i / 2 writes.
KERNEL_SAME_BUFFER(gd_same_buffer_lanes) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 2;
       i += blockDim.x * gridDim.x) {
    out[2 * i] = in[i];
    out[2 * i + 1] = -in[i];
  }
}
