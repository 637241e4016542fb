// sfu_heavy.cu - a special-function-unit-heavy kernel: fast-math intrinsics
// (__sinf, __cosf, __expf, rsqrtf) map to MUFU instructions.
#include <cuda_runtime.h>

__global__ void sfuHeavy(const float *In, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float X = In[I];
  for (int K = 0; K < 32; ++K)
    X = __sinf(X) * __cosf(X) + __expf(-X) * rsqrtf(X * X + 1.0f);
  Out[I] = X;
}

void launchSfuHeavy(const float *In, float *Out, int N) {
  sfuHeavy<<<(N + 255) / 256, 256>>>(In, Out, N);
}
