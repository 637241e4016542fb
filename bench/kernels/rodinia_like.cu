// rodinia_like.cu - kernels in the style of Rodinia's hotspot (FP64
// relaxation with divisions), kmeans (distance with sqrt) and a
// gather (bfs-like indirect loads), written for this benchmark.
#define NF 32
#define NC 16

__global__ void relax64(const double *T, const double *P, double *Out,
                        double Cap, double Rx) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  double V = T[I];
#pragma unroll 1
  for (int S = 0; S < 16; ++S)
    V = V + (P[I] - (V - 80.0) / Rx) / Cap;
  Out[I] = V;
}

__global__ void nearestCenter(const float *Pts, const float *Ctr, int *Idx) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float Best = 3.0e38f;
  int BestC = 0;
#pragma unroll 1
  for (int C = 0; C < NC; ++C) {
    float D = 0.0f;
#pragma unroll 1
    for (int F = 0; F < NF; ++F) {
      float T = Pts[F * 65536 + I] - Ctr[C * NF + F];
      D += T * T;
    }
    D = sqrtf(D);
    BestC = D < Best ? C : BestC;
    Best = fminf(D, Best);
  }
  Idx[I] = BestC;
}

__global__ void gatherScale(const int *Nbr, const float *In, float *Out,
                            int Divisor) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[Nbr[I]] / (float)(I % Divisor + 1);
}
