//===- CudaDriverLauncher.cpp - The suite through the CUDA driver ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Entry points from NVIDIA's CUDA Driver API reference (cuda.h): cuInit,
// cuDeviceGet, cuDeviceGetName, cuDeviceGetAttribute
// (CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, _MINOR = 76),
// cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRelease_v2, cuCtxSetCurrent,
// cuModuleLoadData, cuModuleGetFunction, cuModuleUnload, cuMemAlloc_v2,
// cuMemFree_v2, cuMemsetD32_v2, cuLaunchKernel, cuEventCreate,
// cuEventRecord, cuEventSynchronize, cuEventElapsedTime, cuEventDestroy_v2,
// cuGetErrorName; CUDA_SUCCESS = 0.
//
//===----------------------------------------------------------------------===//
#include "gpa/CudaDriverLauncher.h"

#include "DynamicSymbol.h"

#include <dlfcn.h>

#include <map>

namespace gpa {

namespace {
using CuResult = int;
using CuDevice = int;
using CuPtr = unsigned long long;
using Handle = void *;

struct DriverApi {
  CuResult (*Init)(unsigned);
  CuResult (*DeviceGet)(CuDevice *, int);
  CuResult (*DeviceGetName)(char *, int, CuDevice);
  CuResult (*DeviceGetAttribute)(int *, int, CuDevice);
  CuResult (*PrimaryCtxRetain)(Handle *, CuDevice);
  CuResult (*PrimaryCtxRelease)(CuDevice);
  CuResult (*CtxSetCurrent)(Handle);
  CuResult (*ModuleLoadData)(Handle *, const void *);
  CuResult (*ModuleGetFunction)(Handle *, Handle, const char *);
  CuResult (*ModuleUnload)(Handle);
  CuResult (*MemAlloc)(CuPtr *, std::size_t);
  CuResult (*MemFree)(CuPtr);
  CuResult (*MemsetD32)(CuPtr, unsigned, std::size_t);
  CuResult (*LaunchKernel)(Handle, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, Handle, void **,
                           void **);
  CuResult (*EventCreate)(Handle *, unsigned);
  CuResult (*EventRecord)(Handle, Handle);
  CuResult (*EventSynchronize)(Handle);
  CuResult (*EventElapsedTime)(float *, Handle, Handle);
  CuResult (*EventDestroy)(Handle);
  CuResult (*GetErrorName)(CuResult, const char **);
};

class CudaDriverLauncher : public CudaSuiteLauncher {
public:
  ~CudaDriverLauncher() override {
    if (Ctx) {
      for (Handle E : {Begin, End})
        if (E)
          Api.EventDestroy(E);
      for (CuPtr P : {In, Out})
        if (P)
          Api.MemFree(P);
      if (Module)
        Api.ModuleUnload(Module);
      Api.PrimaryCtxRelease(Device);
    }
    if (Lib)
      dlclose(Lib);
  }

  bool open(unsigned Index, const std::string &Ptx, const CudaLaunchShape &S,
            std::string &Error) {
    Shape = S;
    Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!Lib) {
      Error = "cannot load libcuda.so.1 (NVIDIA driver not installed?)";
      return false;
    }
    if (!bind(Lib, "cuInit", Api.Init) ||
        !bind(Lib, "cuDeviceGet", Api.DeviceGet) ||
        !bind(Lib, "cuDeviceGetName", Api.DeviceGetName) ||
        !bind(Lib, "cuDeviceGetAttribute", Api.DeviceGetAttribute) ||
        !bind(Lib, "cuDevicePrimaryCtxRetain", Api.PrimaryCtxRetain) ||
        !bind(Lib, "cuDevicePrimaryCtxRelease_v2", Api.PrimaryCtxRelease) ||
        !bind(Lib, "cuCtxSetCurrent", Api.CtxSetCurrent) ||
        !bind(Lib, "cuModuleLoadData", Api.ModuleLoadData) ||
        !bind(Lib, "cuModuleGetFunction", Api.ModuleGetFunction) ||
        !bind(Lib, "cuModuleUnload", Api.ModuleUnload) ||
        !bind(Lib, "cuMemAlloc_v2", Api.MemAlloc) ||
        !bind(Lib, "cuMemFree_v2", Api.MemFree) ||
        !bind(Lib, "cuMemsetD32_v2", Api.MemsetD32) ||
        !bind(Lib, "cuLaunchKernel", Api.LaunchKernel) ||
        !bind(Lib, "cuEventCreate", Api.EventCreate) ||
        !bind(Lib, "cuEventRecord", Api.EventRecord) ||
        !bind(Lib, "cuEventSynchronize", Api.EventSynchronize) ||
        !bind(Lib, "cuEventElapsedTime", Api.EventElapsedTime) ||
        !bind(Lib, "cuEventDestroy_v2", Api.EventDestroy) ||
        !bind(Lib, "cuGetErrorName", Api.GetErrorName)) {
      Error = "libcuda.so.1 lacks a needed CUDA driver entry point";
      return false;
    }
    int Major = 0, Minor = 0;
    char Name[256] = {};
    if (!check(Api.Init(0), "cuInit", Error) ||
        !check(Api.DeviceGet(&Device, static_cast<int>(Index)), "cuDeviceGet",
               Error) ||
        !check(Api.DeviceGetName(Name, sizeof Name - 1, Device),
               "cuDeviceGetName", Error) ||
        !check(Api.DeviceGetAttribute(&Major, 75, Device),
               "cuDeviceGetAttribute", Error) ||
        !check(Api.DeviceGetAttribute(&Minor, 76, Device),
               "cuDeviceGetAttribute", Error) ||
        !check(Api.PrimaryCtxRetain(&Ctx, Device), "cuDevicePrimaryCtxRetain",
               Error))
      return false;
    DeviceName = Name;
    Sm = static_cast<unsigned>(Major * 10 + Minor);
    // 0x3f800000 is 1.0f: non-zero operands, as a zero would not toggle.
    return check(Api.CtxSetCurrent(Ctx), "cuCtxSetCurrent", Error) &&
           check(Api.ModuleLoadData(&Module, Ptx.c_str()),
                 "cuModuleLoadData (the suite's PTX)", Error) &&
           check(Api.MemAlloc(&In, Shape.bufferBytes()), "cuMemAlloc", Error) &&
           check(Api.MemAlloc(&Out, Shape.bufferBytes()), "cuMemAlloc",
                 Error) &&
           check(Api.MemsetD32(In, 0x3f800000u, Shape.bufferBytes() / 4),
                 "cuMemsetD32", Error) &&
           check(Api.EventCreate(&Begin, 0), "cuEventCreate", Error) &&
           check(Api.EventCreate(&End, 0), "cuEventCreate", Error);
  }

  bool start(const std::string &Kernel, std::string &Error) override {
    Handle &F = Functions[Kernel];
    if (!F && !check(Api.ModuleGetFunction(&F, Module, Kernel.c_str()),
                     "cuModuleGetFunction " + Kernel, Error))
      return false;
    void *Args[] = {&In, &Out};
    if (!check(Api.EventRecord(Begin, nullptr), "cuEventRecord", Error))
      return false;
    for (unsigned I = 0; I < Shape.LaunchesPerRep; ++I)
      if (!check(Api.LaunchKernel(F, static_cast<unsigned>(Shape.Blocks), 1, 1,
                                  static_cast<unsigned>(Shape.ThreadsPerBlock),
                                  1, 1, 0, nullptr, Args, nullptr),
                 "cuLaunchKernel " + Kernel, Error))
        return false;
    return check(Api.EventRecord(End, nullptr), "cuEventRecord", Error);
  }

  bool wait(std::string &Error) override {
    float Ms = 0;
    if (!check(Api.EventSynchronize(End), "cuEventSynchronize", Error) ||
        !check(Api.EventElapsedTime(&Ms, Begin, End), "cuEventElapsedTime",
               Error))
      return false;
    KernelS += Ms / 1000.0;
    return true;
  }

  std::string deviceName() const override { return DeviceName; }
  unsigned smVersion() const override { return Sm; }
  double kernelTimeS() const override { return KernelS; }

private:
  bool check(CuResult R, const std::string &What, std::string &Error) {
    if (R == 0)
      return true;
    const char *Name = nullptr;
    Api.GetErrorName(R, &Name);
    Error = What + " failed: " + (Name ? Name : std::to_string(R));
    return false;
  }

  DriverApi Api{};
  void *Lib = nullptr;
  CuDevice Device = 0;
  Handle Ctx = nullptr, Module = nullptr, Begin = nullptr, End = nullptr;
  CuPtr In = 0, Out = 0;
  CudaLaunchShape Shape;
  std::map<std::string, Handle> Functions;
  std::string DeviceName;
  unsigned Sm = 0;
  double KernelS = 0;
};
} // namespace

std::unique_ptr<CudaSuiteLauncher>
openCudaSuiteLauncher(unsigned Index, const std::string &PtxText,
                      const CudaLaunchShape &Shape, std::string &Error) {
  auto L = std::make_unique<CudaDriverLauncher>();
  if (!L->open(Index, PtxText, Shape, Error))
    return nullptr;
  return L;
}

} // namespace gpa
