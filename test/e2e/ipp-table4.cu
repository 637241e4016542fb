// IPP's Table 4 from source on its own GPU (issue 24): the bandwidth-limited
// kernels Dotp, Madd, Dmadd and Mmul have MWP_peak_BW = 10.802 on the GTX280
// and IPP §6.4.1 gives Eq. 34's optimum as 20 SMs, which Figure 14's measured
// bandwidth, saturating at about 19 active SMs, bears out. The paper's code is
// not published: these are element-wise kernels written here from Table 4's
// one-line descriptions. What Table 4's MWP_peak_BW depends on is what they
// share with the paper's: coalesced 4-byte accesses, one block of 512 threads
// per SM (N = CWP = 16 warps) on 30 SMs.
// Worked by hand (HK09 Eq. 30-31, gtx280.json): BW_per_warp = 1.296 GHz x
// 128 B / 430 cycles = 0.3858 GB/s; MWP_peak_BW = 125 GB/s / (0.3858 x 30)
// = 10.80. Eq. 34 then gives 20 SMs.
// Counting a warp's independent loads as one memory period (load rounds)
// gave 7.2, 5.4 and 4.32 (13, 10 and 8 SMs): gtx280.json's
// memory.loads_per_memory_period keeps Eq. 31 as IPP validated it.
// Both front-ends: the CUDA source through clang with the launch as facts,
// and nvcc's PTX of it with the launch as options.
// REQUIRES: plugin, cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '{"schema": "gpa-launch/1", "kernels": [{"kernel": "*", "block": [512, 1, 1], "grid": [30, 1, 1]}]}' > %t/launch.json
// RUN: %gpa analyze --gpu gtx280 --launch-file %t/launch.json %s --format json > %t/cu.json
// RUN: %cuda_path/bin/nvcc -ptx -arch=compute_75 %s -o %t/k.ptx
// RUN: %gpa analyze --gpu gtx280 --block-size 512 --grid-size 30 %t/k.ptx --format json > %t/ptx.json
// RUN: %python -c "import json,sys; [print(sys.argv[i].split('/')[-1], k['name'], 'mwp_peak_bw=%%.2f' %% k['timing']['mwp_peak_bw'], 'eq34=%%d' %% k['advice']['eq34_active_sms']) for i in (1, 2) for k in json.load(open(sys.argv[i]))['kernels']]" %t/cu.json %t/ptx.json | FileCheck %s
// CHECK-DAG: cu.json _Z4dotpPKfS0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: cu.json _Z4maddPKfS0_S0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: cu.json _Z5dmaddPKfS0_S0_S0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: cu.json _Z4mmulPKfS0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: ptx.json _Z4dotpPKfS0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: ptx.json _Z4maddPKfS0_S0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: ptx.json _Z5dmaddPKfS0_S0_S0_Pf mwp_peak_bw=10.80 eq34=20
// CHECK-DAG: ptx.json _Z4mmulPKfS0_Pf mwp_peak_bw=10.80 eq34=20

// Dotp: c = a . b element by element.
__global__ void dotp(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * b[i];
}

// Madd: d = a * b + c.
__global__ void madd(const float *a, const float *b, const float *c, float *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = a[i] * b[i] + c[i];
}

// Dmadd ("double memory" multiply-add): twice Madd's loads per result.
__global__ void dmadd(const float *a, const float *b, const float *c,
                      const float *e, float *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  d[i] = a[i] * b[i] + c[i] * e[i];
}

// Mmul: c = a * b.
__global__ void mmul(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] * b[i];
}
