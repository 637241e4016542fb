// saxpy.cu - an elementwise, memory-bandwidth-bound kernel with a grid-stride
// loop (the paper's Madd/Dmadd kind): two loads, one store, one FMA per element.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

void launchSaxpy(int n, float a, const float *x, float *y) {
  saxpy<<<(n + 255) / 256, 256>>>(n, a, x, y);
}
