// A tiny program in gpuFLOPBench's layout for test/e2e/flopbench-harness.test
// (written for this project; not HeCBench code). ALPHA comes from the
// compile command in ../../cuda-profiling/compile_commands.json.
#ifndef ALPHA
#error "ALPHA must come from the compile command"
#endif

// One FFMA per thread (2 FLOP as Nsight counts it); reads x and y, writes
// y: 12 bytes per thread.
__global__ void saxpy(float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

// One multiply per thread; reads and writes v: 2 x sizeof(T) bytes.
template <class T> __global__ void scale(T *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = v[i] * static_cast<T>(ALPHA);
}
template __global__ void scale<float>(float *);
template __global__ void scale<double>(double *);
