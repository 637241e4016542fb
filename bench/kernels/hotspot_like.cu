// hotspot_like.cu - a thermal stencil over shared-memory tiles with several
// time steps per launch and a barrier per step, the structure of Rodinia's
// hotspot (written for this benchmark).
#define TILE 16
#define STEPS 4

__global__ void hotspotStep(const float *Power, const float *TempIn,
                            float *TempOut, int Cols, int Rows, float Cap,
                            float Rx, float Ry, float Rz, float Amb) {
  __shared__ float T[TILE][TILE];
  __shared__ float P[TILE][TILE];
  __shared__ float Next[TILE][TILE];
  int Tx = threadIdx.x, Ty = threadIdx.y;
  int Col = blockIdx.x * (TILE - 2) + Tx - 1;
  int Row = blockIdx.y * (TILE - 2) + Ty - 1;
  int Idx = Row * Cols + Col;
  bool Inside = Row >= 0 && Row < Rows && Col >= 0 && Col < Cols;
  if (Inside) {
    T[Ty][Tx] = TempIn[Idx];
    P[Ty][Tx] = Power[Idx];
  }
  __syncthreads();
  float StepDivCap = 0.5f / Cap;
  bool Interior = Tx > 0 && Tx < TILE - 1 && Ty > 0 && Ty < TILE - 1;
#pragma unroll 1
  for (int S = 0; S < STEPS; ++S) {
    if (Interior && Inside)
      Next[Ty][Tx] =
          T[Ty][Tx] +
          StepDivCap *
              (P[Ty][Tx] +
               (T[Ty + 1][Tx] + T[Ty - 1][Tx] - 2.0f * T[Ty][Tx]) / Ry +
               (T[Ty][Tx + 1] + T[Ty][Tx - 1] - 2.0f * T[Ty][Tx]) / Rx +
               (Amb - T[Ty][Tx]) / Rz);
    __syncthreads();
    if (Interior && Inside)
      T[Ty][Tx] = Next[Ty][Tx];
    __syncthreads();
  }
  if (Interior && Inside)
    TempOut[Idx] = T[Ty][Tx];
}
