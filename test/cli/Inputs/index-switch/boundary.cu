// The boundary of a 400^3 grid, written as HeCBench ace-cuda writes its
// boundaryConditionsU (main.cu:226-250): a chain of equality tests on the
// three thread indices, each storing one value.
#define NX 400
#define NY 400
#define NZ 400

__global__ void boundary(double u[][NY][NX], double delta) {
  unsigned iz = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned iy = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned ix = blockIdx.z * blockDim.z + threadIdx.z;
  if (ix == 0) {
    u[ix][iy][iz] = -delta;
  } else if (ix == NX - 1) {
    u[ix][iy][iz] = -delta;
  } else if (iy == 0) {
    u[ix][iy][iz] = -delta;
  } else if (iy == NY - 1) {
    u[ix][iy][iz] = -delta;
  } else if (iz == 0) {
    u[ix][iy][iz] = -delta;
  } else if (iz == NZ - 1) {
    u[ix][iy][iz] = -delta;
  }
}
