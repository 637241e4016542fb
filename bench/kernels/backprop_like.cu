// backprop_like.cu - a neural-network layer's forward pass (products into
// a shared tile, then a log2-step tree reduction with barriers) and its
// weight update, the structure of Rodinia's backprop (written for this
// benchmark).
#define WIDTH 16
#define HEIGHT 16

__global__ void layerForward(const float *Input, const float *Weights,
                             float *Partial, int Hidden) {
  __shared__ float In[HEIGHT];
  __shared__ float W[HEIGHT][WIDTH];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int Row = HEIGHT * blockIdx.y + Ty;
  int Idx = (Hidden + 1) * Row + Tx + 1;
  if (Tx == 0)
    In[Ty] = Input[Row + 1];
  __syncthreads();
  W[Ty][Tx] = Weights[Idx] * In[Ty];
  __syncthreads();
#pragma unroll 1
  for (int Step = 1; Step < HEIGHT; Step *= 2) {
    if (Ty % (2 * Step) == 0)
      W[Ty][Tx] += W[Ty + Step][Tx];
    __syncthreads();
  }
  if (Ty == 0)
    Partial[blockIdx.y * Hidden + Tx] = W[0][Tx];
}

__global__ void adjustWeights(const float *Delta, int Hidden, const float *Ly,
                              float *Weights, float *OldWeights) {
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int Row = HEIGHT * blockIdx.y + Ty;
  int Idx = (Hidden + 1) * Row + Tx + 1;
  float Change = 0.3f * Delta[Tx + 1] * Ly[Row + 1] + 0.3f * OldWeights[Idx];
  Weights[Idx] += Change;
  OldWeights[Idx] = Change;
}
