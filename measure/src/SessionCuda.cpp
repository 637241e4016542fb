//===- SessionCuda.cpp - The CUDA driver as gpa-session uses it -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Entry points and constants from NVIDIA's CUDA Driver API reference and
// CUDA 13's cuda.h (its types only: nothing here links libcuda).
// CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16, _COMPUTE_CAPABILITY_MAJOR =
// 75, _MINOR = 76; CU_DEV_RESOURCE_TYPE_SM = 1; CU_GREEN_CTX_DEFAULT_STREAM
// = 1; CU_STREAM_NON_BLOCKING = 1; CUDA_SUCCESS = 0.
//
//===----------------------------------------------------------------------===//
#include "SessionCuda.h"

#include "DynamicSymbol.h"

#include <cuda.h>
#include <dlfcn.h>

namespace gpa::session {

struct Cuda::Api {
  int (*Init)(unsigned);
  int (*DriverGetVersion)(int *);
  int (*DeviceGet)(int *, int);
  int (*DeviceGetName)(char *, int, int);
  int (*DeviceGetAttribute)(int *, int, int);
  int (*DeviceTotalMem)(std::size_t *, int);
  int (*PrimaryCtxRetain)(Handle *, int);
  int (*PrimaryCtxRelease)(int);
  int (*CtxSetCurrent)(Handle);
  int (*LibraryLoadData)(Handle *, const void *, void *, void **, unsigned,
                         void *, void **, unsigned);
  int (*LibraryGetKernel)(Handle *, Handle, const char *);
  int (*LibraryGetGlobal)(DevicePtr *, std::size_t *, Handle, const char *);
  int (*KernelGetFunction)(Handle *, Handle);
  int (*OccupancyMaxActiveBlocks)(int *, Handle, int, std::size_t);
  int (*MemAlloc)(DevicePtr *, std::size_t);
  int (*MemFree)(DevicePtr);
  int (*MemsetD32)(DevicePtr, unsigned, std::size_t);
  int (*MemcpyHtoD)(DevicePtr, const void *, std::size_t);
  int (*MemcpyDtoH)(void *, DevicePtr, std::size_t);
  int (*LaunchKernel)(Handle, unsigned, unsigned, unsigned, unsigned, unsigned,
                      unsigned, unsigned, Handle, void **, void **);
  int (*StreamCreate)(Handle *, unsigned);
  int (*StreamSynchronize)(Handle);
  int (*StreamDestroy)(Handle);
  int (*EventCreate)(Handle *, unsigned);
  int (*EventRecord)(Handle, Handle);
  int (*EventElapsedTime)(float *, Handle, Handle);
  int (*EventDestroy)(Handle);
  int (*GetErrorName)(int, const char **);
  // Green contexts (CUDA 12.4+); optional.
  int (*DeviceGetDevResource)(int, CUdevResource *, CUdevResourceType);
  int (*SmResourceSplitByCount)(CUdevResource *, unsigned *,
                                const CUdevResource *, CUdevResource *,
                                unsigned, unsigned);
  int (*ResourceGenerateDesc)(CUdevResourceDesc *, CUdevResource *, unsigned);
  int (*GreenCtxCreate)(CUgreenCtx *, CUdevResourceDesc, int, unsigned);
  int (*GreenCtxDestroy)(CUgreenCtx);
  int (*CtxFromGreenCtx)(Handle *, CUgreenCtx);
  int (*GreenCtxStreamCreate)(Handle *, CUgreenCtx, unsigned, int);
};

Cuda::Cuda() = default;

Cuda::~Cuda() {
  if (Primary)
    F->PrimaryCtxRelease(Device);
  if (Lib)
    dlclose(Lib);
}

bool Cuda::check(int Result, const std::string &What,
                 std::string &Error) const {
  if (Result == 0)
    return true;
  const char *Text = nullptr;
  if (F && F->GetErrorName)
    F->GetErrorName(Result, &Text);
  Error = What + " failed: " + (Text ? Text : std::to_string(Result));
  return false;
}

bool Cuda::open(unsigned Ordinal, std::string &Error) {
  Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!Lib) {
    Error = "cannot load libcuda.so.1 (NVIDIA driver not installed?)";
    return false;
  }
  F = std::make_unique<Api>();
  Api &A = *F;
  // cuda.h 13 maps cuEventElapsedTime to its _v2; older drivers have only
  // the first.
  if (!bind(Lib, "cuEventElapsedTime_v2", A.EventElapsedTime))
    bind(Lib, "cuEventElapsedTime", A.EventElapsedTime);
  if (!bind(Lib, "cuInit", A.Init) ||
      !bind(Lib, "cuDriverGetVersion", A.DriverGetVersion) ||
      !bind(Lib, "cuDeviceGet", A.DeviceGet) ||
      !bind(Lib, "cuDeviceGetName", A.DeviceGetName) ||
      !bind(Lib, "cuDeviceGetAttribute", A.DeviceGetAttribute) ||
      !bind(Lib, "cuDeviceTotalMem_v2", A.DeviceTotalMem) ||
      !bind(Lib, "cuDevicePrimaryCtxRetain", A.PrimaryCtxRetain) ||
      !bind(Lib, "cuDevicePrimaryCtxRelease_v2", A.PrimaryCtxRelease) ||
      !bind(Lib, "cuCtxSetCurrent", A.CtxSetCurrent) ||
      !bind(Lib, "cuLibraryLoadData", A.LibraryLoadData) ||
      !bind(Lib, "cuLibraryGetKernel", A.LibraryGetKernel) ||
      !bind(Lib, "cuLibraryGetGlobal", A.LibraryGetGlobal) ||
      !bind(Lib, "cuKernelGetFunction", A.KernelGetFunction) ||
      !bind(Lib, "cuOccupancyMaxActiveBlocksPerMultiprocessor",
            A.OccupancyMaxActiveBlocks) ||
      !bind(Lib, "cuMemAlloc_v2", A.MemAlloc) ||
      !bind(Lib, "cuMemFree_v2", A.MemFree) ||
      !bind(Lib, "cuMemsetD32_v2", A.MemsetD32) ||
      !bind(Lib, "cuMemcpyHtoD_v2", A.MemcpyHtoD) ||
      !bind(Lib, "cuMemcpyDtoH_v2", A.MemcpyDtoH) ||
      !bind(Lib, "cuLaunchKernel", A.LaunchKernel) ||
      !bind(Lib, "cuStreamCreate", A.StreamCreate) ||
      !bind(Lib, "cuStreamSynchronize", A.StreamSynchronize) ||
      !bind(Lib, "cuStreamDestroy_v2", A.StreamDestroy) ||
      !bind(Lib, "cuEventCreate", A.EventCreate) ||
      !bind(Lib, "cuEventRecord", A.EventRecord) || !A.EventElapsedTime ||
      !bind(Lib, "cuEventDestroy_v2", A.EventDestroy) ||
      !bind(Lib, "cuGetErrorName", A.GetErrorName)) {
    Error = "libcuda.so.1 lacks a needed CUDA driver entry point";
    return false;
  }
  GreenApi =
      bind(Lib, "cuDeviceGetDevResource", A.DeviceGetDevResource) &&
      bind(Lib, "cuDevSmResourceSplitByCount", A.SmResourceSplitByCount) &&
      bind(Lib, "cuDevResourceGenerateDesc", A.ResourceGenerateDesc) &&
      bind(Lib, "cuGreenCtxCreate", A.GreenCtxCreate) &&
      bind(Lib, "cuGreenCtxDestroy", A.GreenCtxDestroy) &&
      bind(Lib, "cuCtxFromGreenCtx", A.CtxFromGreenCtx) &&
      bind(Lib, "cuGreenCtxStreamCreate", A.GreenCtxStreamCreate);
  char Text[256] = {};
  int Major = 0, Minor = 0, Count = 0;
  std::size_t Bytes = 0;
  if (!check(A.Init(0), "cuInit", Error) ||
      !check(A.DriverGetVersion(&DriverVersion), "cuDriverGetVersion", Error) ||
      !check(A.DeviceGet(&Device, static_cast<int>(Ordinal)), "cuDeviceGet",
             Error) ||
      !check(A.DeviceGetName(Text, sizeof Text - 1, Device), "cuDeviceGetName",
             Error) ||
      !check(A.DeviceGetAttribute(&Major, 75, Device), "cuDeviceGetAttribute",
             Error) ||
      !check(A.DeviceGetAttribute(&Minor, 76, Device), "cuDeviceGetAttribute",
             Error) ||
      !check(A.DeviceGetAttribute(&Count, 16, Device), "cuDeviceGetAttribute",
             Error) ||
      !check(A.DeviceTotalMem(&Bytes, Device), "cuDeviceTotalMem", Error) ||
      !check(A.PrimaryCtxRetain(&Primary, Device), "cuDevicePrimaryCtxRetain",
             Error) ||
      !check(A.CtxSetCurrent(Primary), "cuCtxSetCurrent", Error))
    return false;
  Name = Text;
  Sm = static_cast<unsigned>(Major * 10 + Minor);
  Sms = static_cast<unsigned>(Count);
  MemoryBytes = Bytes;
  return true;
}

int Cuda::attribute(int Attr) const {
  int V = 0;
  return F->DeviceGetAttribute(&V, Attr, Device) == 0 ? V : -1;
}

bool Cuda::loadLibrary(const std::string &Image, Handle &Library,
                       std::string &Error) {
  return check(F->LibraryLoadData(&Library, Image.c_str(), nullptr, nullptr, 0,
                                  nullptr, nullptr, 0),
               "cuLibraryLoadData", Error);
}

bool Cuda::kernel(Handle Library, const std::string &KernelName, Kernel &Out,
                  std::string &Error) {
  Out.Name = KernelName;
  return check(F->LibraryGetKernel(&Out.Function, Library, KernelName.c_str()),
               "cuLibraryGetKernel " + KernelName, Error);
}

bool Cuda::global(Handle Library, const std::string &VarName, DevicePtr &Out,
                  std::size_t &Bytes, std::string &Error) {
  return check(F->CtxSetCurrent(Primary), "cuCtxSetCurrent", Error) &&
         check(F->LibraryGetGlobal(&Out, &Bytes, Library, VarName.c_str()),
               "cuLibraryGetGlobal " + VarName, Error);
}

int Cuda::residentBlocks(const Kernel &K, unsigned BlockThreads,
                         std::size_t SharedBytes) {
  Handle Function = nullptr;
  int Blocks = 0;
  if (F->CtxSetCurrent(Primary) != 0 ||
      F->KernelGetFunction(&Function, K.Function) != 0 ||
      F->OccupancyMaxActiveBlocks(
          &Blocks, Function, static_cast<int>(BlockThreads), SharedBytes) != 0)
    return 0;
  return Blocks;
}

bool Cuda::alloc(std::size_t Bytes, DevicePtr &Out, std::string &Error) {
  return check(F->CtxSetCurrent(Primary), "cuCtxSetCurrent", Error) &&
         check(F->MemAlloc(&Out, Bytes),
               "cuMemAlloc of " + std::to_string(Bytes) + " bytes", Error);
}

void Cuda::free(DevicePtr P) {
  if (P)
    F->MemFree(P);
}

bool Cuda::memsetD32(DevicePtr P, unsigned Value, std::size_t Words,
                     std::string &Error) {
  return check(F->MemsetD32(P, Value, Words), "cuMemsetD32", Error);
}

bool Cuda::copyIn(DevicePtr Dst, const void *Src, std::size_t Bytes,
                  std::string &Error) {
  return check(F->MemcpyHtoD(Dst, Src, Bytes), "cuMemcpyHtoD", Error);
}

bool Cuda::copyOut(void *Dst, DevicePtr Src, std::size_t Bytes,
                   std::string &Error) {
  return check(F->MemcpyDtoH(Dst, Src, Bytes), "cuMemcpyDtoH", Error);
}

unsigned Cuda::smPartitionGranularity() {
  if (!GreenApi)
    return 0;
  CUdevResource All{};
  if (F->DeviceGetDevResource(Device, &All, CU_DEV_RESOURCE_TYPE_SM) != 0)
    return 0;
  return All.sm.minSmPartitionSize;
}

bool Cuda::openPartition(unsigned Want, Partition &Out, std::string &Error) {
  if (!GreenApi) {
    Error = "this driver has no green contexts (CUDA 12.4+ needed)";
    return false;
  }
  CUdevResource All{}, Part{}, Rest{};
  CUdevResourceDesc Desc{};
  CUgreenCtx Green = nullptr;
  unsigned Groups = 1;
  if (!check(F->DeviceGetDevResource(Device, &All, CU_DEV_RESOURCE_TYPE_SM),
             "cuDeviceGetDevResource", Error) ||
      !check(F->SmResourceSplitByCount(&Part, &Groups, &All, &Rest, 0, Want),
             "cuDevSmResourceSplitByCount(" + std::to_string(Want) + ")",
             Error))
    return false;
  if (Groups != 1) {
    Error = "cuDevSmResourceSplitByCount(" + std::to_string(Want) +
            ") gave no group";
    return false;
  }
  if (!check(F->ResourceGenerateDesc(&Desc, &Part, 1),
             "cuDevResourceGenerateDesc", Error) ||
      !check(
          F->GreenCtxCreate(&Green, Desc, Device, CU_GREEN_CTX_DEFAULT_STREAM),
          "cuGreenCtxCreate", Error))
    return false;
  Out.Green = Green;
  Out.SmsGranted = Part.sm.smCount;
  if (!check(F->CtxFromGreenCtx(&Out.Context, Green), "cuCtxFromGreenCtx",
             Error) ||
      !check(F->GreenCtxStreamCreate(&Out.Stream, Green, CU_STREAM_NON_BLOCKING,
                                     0),
             "cuGreenCtxStreamCreate", Error)) {
    closePartition(Out);
    return false;
  }
  return true;
}

bool Cuda::openFullDevice(Partition &Out, std::string &Error) {
  Out.Green = nullptr;
  Out.Context = Primary;
  Out.SmsGranted = Sms;
  return check(F->CtxSetCurrent(Primary), "cuCtxSetCurrent", Error) &&
         check(F->StreamCreate(&Out.Stream, CU_STREAM_NON_BLOCKING),
               "cuStreamCreate", Error);
}

void Cuda::closePartition(Partition &P) {
  if (P.Stream) {
    if (P.Context)
      F->CtxSetCurrent(P.Context);
    F->StreamSynchronize(P.Stream);
    F->StreamDestroy(P.Stream);
  }
  if (P.Green)
    F->GreenCtxDestroy(static_cast<CUgreenCtx>(P.Green));
  F->CtxSetCurrent(Primary);
  P = Partition{};
}

bool Cuda::current(const Partition &P, std::string &Error) {
  return check(F->CtxSetCurrent(P.Context ? P.Context : Primary),
               "cuCtxSetCurrent", Error);
}

bool Cuda::launch(const Partition &P, const Kernel &K, Dim3 Grid, Dim3 Block,
                  unsigned SharedBytes, void **Args, std::string &Error) {
  return current(P, Error) &&
         check(F->LaunchKernel(K.Function, Grid.X, Grid.Y, Grid.Z, Block.X,
                               Block.Y, Block.Z, SharedBytes, P.Stream, Args,
                               nullptr),
               "cuLaunchKernel " + K.Name, Error);
}

bool Cuda::makeEvents(const Partition &P, std::size_t Count,
                      std::vector<Handle> &Out, std::string &Error) {
  if (!current(P, Error))
    return false;
  Out.assign(Count, nullptr);
  for (Handle &E : Out)
    if (!check(F->EventCreate(&E, 0), "cuEventCreate", Error))
      return false;
  return true;
}

bool Cuda::record(const Partition &P, Handle Event, std::string &Error) {
  return check(F->EventRecord(Event, P.Stream), "cuEventRecord", Error);
}

bool Cuda::synchronize(const Partition &P, std::string &Error) {
  return current(P, Error) &&
         check(F->StreamSynchronize(P.Stream), "cuStreamSynchronize", Error);
}

bool Cuda::elapsedS(Handle From, Handle To, double &Seconds,
                    std::string &Error) {
  float Ms = 0;
  if (!check(F->EventElapsedTime(&Ms, From, To), "cuEventElapsedTime", Error))
    return false;
  Seconds = Ms / 1000.0;
  return true;
}

void Cuda::destroyEvents(std::vector<Handle> &Events) {
  for (Handle E : Events)
    if (E)
      F->EventDestroy(E);
  Events.clear();
}

} // namespace gpa::session
