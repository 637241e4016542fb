// stencil_like.cu - a 2-D 5-point Jacobi sweep and a 3x3 convolution, in the
// style of PolyBench-GPU's stencils (written for this benchmark).
#define W 2048

__global__ void jacobi5(const float *In, float *Out) {
  int X = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int Y = blockIdx.y + 1;
  Out[Y * W + X] = 0.2f * (In[Y * W + X] + In[Y * W + X - 1] +
                           In[Y * W + X + 1] + In[(Y - 1) * W + X] +
                           In[(Y + 1) * W + X]);
}

__global__ void conv3x3(const float *In, float *Out, const float *K) {
  int X = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int Y = blockIdx.y + 1;
  float Acc = 0.0f;
#pragma unroll 1
  for (int Dy = -1; Dy <= 1; ++Dy)
#pragma unroll 1
    for (int Dx = -1; Dx <= 1; ++Dx)
      Acc += K[(Dy + 1) * 3 + Dx + 1] * In[(Y + Dy) * W + X + Dx];
  Out[Y * W + X] = Acc;
}
