// Compile-time benchmark input (bench/compile_time.py, issue 26 item 6): a
// thrust sort plus cub reduce and radix sort, compiled in full (device +
// host) at -O2 for sm_80.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/device_vector.h>
#include <thrust/sort.h>

void sortAndReduce(float *Keys, float *Out, int N, void *Temp, size_t Bytes) {
  thrust::device_ptr<float> P(Keys);
  thrust::sort(P, P + N);
  cub::DeviceReduce::Sum(Temp, Bytes, Keys, Out, N);
  cub::DeviceRadixSort::SortKeys(Temp, Bytes, Keys, Out, N);
}
