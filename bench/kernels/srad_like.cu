// srad_like.cu - speckle-reducing anisotropic diffusion in two kernels over
// a 2-D image: directional derivatives, a diffusion coefficient with
// divisions, then the update from the neighbours' coefficients; the
// structure of Rodinia's srad (written for this benchmark).
__global__ void sradCoefficients(const float *J, float *C, float *DN, float *DS,
                                 float *DW, float *DE, int Cols, int Rows,
                                 float Q0sqr) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= Cols || Y >= Rows)
    return;
  int K = Y * Cols + X;
  int N = Y > 0 ? K - Cols : K, S = Y < Rows - 1 ? K + Cols : K;
  int W = X > 0 ? K - 1 : K, E = X < Cols - 1 ? K + 1 : K;
  float Jc = J[K];
  float Dn = J[N] - Jc, Ds = J[S] - Jc, Dw = J[W] - Jc, De = J[E] - Jc;
  float G2 = (Dn * Dn + Ds * Ds + Dw * Dw + De * De) / (Jc * Jc);
  float L = (Dn + Ds + Dw + De) / Jc;
  float Num = 0.5f * G2 - (1.0f / 16.0f) * (L * L);
  float Den = 1.0f + 0.25f * L;
  float Qsqr = Num / (Den * Den);
  float Cv = 1.0f / (1.0f + (Qsqr - Q0sqr) / (Q0sqr * (1.0f + Q0sqr)));
  C[K] = fminf(fmaxf(Cv, 0.0f), 1.0f);
  DN[K] = Dn;
  DS[K] = Ds;
  DW[K] = Dw;
  DE[K] = De;
}

__global__ void sradUpdate(float *J, const float *C, const float *DN,
                           const float *DS, const float *DW, const float *DE,
                           int Cols, int Rows, float Lambda) {
  int X = blockIdx.x * blockDim.x + threadIdx.x;
  int Y = blockIdx.y * blockDim.y + threadIdx.y;
  if (X >= Cols || Y >= Rows)
    return;
  int K = Y * Cols + X;
  int S = Y < Rows - 1 ? K + Cols : K, E = X < Cols - 1 ? K + 1 : K;
  float D = C[K] * DN[K] + C[S] * DS[K] + C[K] * DW[K] + C[E] * DE[K];
  J[K] = J[K] + 0.25f * Lambda * D;
}
