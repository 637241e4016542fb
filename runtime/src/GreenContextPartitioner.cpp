//===- GreenContextPartitioner.cpp - Green-context streams ----------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Driver functions are fetched with cudaGetDriverEntryPointByVersion, so the
// program never links libcuda directly and still starts on machines without
// a driver (where every call here fails and the launch stays as written).
// Each is asked for at the version of the cuda.h compiled against
// (CUDA_VERSION), whose prototypes the calls use: asked for at 12.4, the
// green-context API's first version, the H100 driver (580, CUDA 13.0) had no
// cuGreenCtxStreamCreate, which came in 12.5, and every SM restriction fell
// back to the launch as written (bench/gpu_session.sh on an H100,
// 2026-11-27; docs/gpu-session.md). Every failure path falls back.
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/SmPartition.h"

#include <cuda.h>
#include <cuda_runtime_api.h>

namespace gpa::runtime {

namespace {
template <typename Fn>
bool entryPoint(const char *Name, Fn &Out, std::string &Error) {
  void *Ptr = nullptr;
  cudaDriverEntryPointQueryResult Status;
  if (cudaGetDriverEntryPointByVersion(Name, &Ptr, CUDA_VERSION,
                                       cudaEnableDefault,
                                       &Status) != cudaSuccess ||
      Status != cudaDriverEntryPointSuccess || !Ptr) {
    cudaGetLastError(); // our failed query must not surface in user code
    Error = std::string(Name) + " is not available at CUDA " +
            std::to_string(CUDA_VERSION / 1000) + "." +
            std::to_string(CUDA_VERSION % 1000 / 10) +
            "'s ABI (a driver with green contexts is needed)";
    return false;
  }
  Out = reinterpret_cast<Fn>(Ptr);
  return true;
}

class GreenContextPartitioner final : public SmPartitioner {
public:
  void *createStream(int Ordinal, unsigned Sms, std::string &Error) override {
    decltype(&cuDeviceGet) DeviceGet;
    decltype(&cuDeviceGetDevResource) GetResource;
    decltype(&cuDevSmResourceSplitByCount) Split;
    decltype(&cuDevResourceGenerateDesc) GenerateDesc;
    decltype(&cuGreenCtxCreate) CreateCtx;
    decltype(&cuGreenCtxStreamCreate) CreateStream;
    if (!entryPoint("cuDeviceGet", DeviceGet, Error) ||
        !entryPoint("cuDeviceGetDevResource", GetResource, Error) ||
        !entryPoint("cuDevSmResourceSplitByCount", Split, Error) ||
        !entryPoint("cuDevResourceGenerateDesc", GenerateDesc, Error) ||
        !entryPoint("cuGreenCtxCreate", CreateCtx, Error) ||
        !entryPoint("cuGreenCtxStreamCreate", CreateStream, Error))
      return nullptr;
    CUdevice Device;
    CUdevResource All, Part, Rest;
    unsigned Groups = 1;
    CUdevResourceDesc Desc;
    CUgreenCtx Ctx;
    CUstream Stream;
    // One group of at least Sms SMs (the driver rounds up to its SM
    // granularity); the rest stays with the primary context.
    if (DeviceGet(&Device, Ordinal) != CUDA_SUCCESS ||
        GetResource(Device, &All, CU_DEV_RESOURCE_TYPE_SM) != CUDA_SUCCESS ||
        Split(&Part, &Groups, &All, &Rest, 0, Sms) != CUDA_SUCCESS ||
        Groups != 1 || GenerateDesc(&Desc, &Part, 1) != CUDA_SUCCESS ||
        CreateCtx(&Ctx, Desc, Device, CU_GREEN_CTX_DEFAULT_STREAM) !=
            CUDA_SUCCESS ||
        CreateStream(&Stream, Ctx, CU_STREAM_NON_BLOCKING, 0) != CUDA_SUCCESS) {
      Error = "green context for " + std::to_string(Sms) +
              " SMs could not be created";
      return nullptr;
    }
    return Stream;
  }
};
} // namespace

std::unique_ptr<SmPartitioner> makeGreenContextPartitioner() {
  return std::make_unique<GreenContextPartitioner>();
}

} // namespace gpa::runtime
