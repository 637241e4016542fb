// Bounds guards whose bound is computed from kernel arguments, written
// after three HeCBench kernels gpuFLOPBench measured (docs/validation.md
// "End to end: gpuFLOPBench"): glu-cuda's `index >= M * split_dim_size *
// N`, burger-cuda's `j < x_points - 1 && i < y_points - 1` on indices
// shifted by one, and matrix-rotate-cuda's `layer < n / 2` before a
// triangular loop.

__global__ void product(const int M, const int S, const int N,
                        const float *X, float *Y) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= M * S * N)
    return;
  Y[index] = X[index] * 2.0f;
}

__global__ void shifted(float *U, const int XPoints, const int YPoints) {
  int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (j < XPoints - 1 && i < YPoints - 1)
    U[i * XPoints + j] += 1.0f;
}

__global__ void triangle(float *M, const int N) {
  int Layer = blockIdx.x * blockDim.x + threadIdx.x;
  if (Layer < N / 2) {
    int Last = N - 1 - Layer;
    for (int I = Layer; I < Last; ++I)
      M[Layer * N + I] += 1.0f;
  }
}
