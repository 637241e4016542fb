//===- DeviceModelCache.cpp - One GPU model per device --------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/DeviceModelCache.h"

#include "gpa/DeviceCatalog.h"
#include "gpa/GpuModelLoader.h"

namespace gpa::runtime {

bool modelForDevice(const DeviceProperties &D, const std::string &ModelFile,
                    GpuModel &Out, std::string &Error) {
  // The board's model by device name and SM count; an unknown GPU gets the
  // closest model and a warning naming both (kept in the description).
  std::string Warning;
  std::string Name =
      ModelFile.empty()
          ? bundledModelForDevice(D.Name, D.smVersion(), D.NumSms, Warning)
          : ModelFile;
  if (!(ModelFile.empty() ? loadBundledModel(Name, Out, Error)
                          : loadGpuModelFile(Name, Out, Error)))
    return false;
  // What the device reports beats the model file's nominal values; zero
  // means "not reported" and keeps the file's value.
  if (D.NumSms)
    Out.NumSms = D.NumSms;
  if (D.ClockGhz > 0)
    Out.ClockGhz = D.ClockGhz;
  // The device reports its datasheet peak; the model needs what kernels
  // sustain: the file's sustained / datasheet fraction of it.
  if (D.MemBandwidthGbps > 0) {
    Out.MemBandwidthGbps =
        D.MemBandwidthGbps * Out.sustainedBandwidthFraction();
    Out.DatasheetBandwidthGbps = D.MemBandwidthGbps;
  }
  if (D.MaxThreadsPerSm) {
    Out.MaxThreadsPerSm = D.MaxThreadsPerSm;
    Out.MaxWarpsPerSm = D.MaxThreadsPerSm / Out.WarpSize;
  }
  if (D.MaxBlocksPerSm)
    Out.MaxBlocksPerSm = D.MaxBlocksPerSm;
  if (D.RegistersPerSm)
    Out.RegistersPerSm = D.RegistersPerSm;
  if (D.SharedBytesPerSm)
    Out.SharedBytesPerSm = D.SharedBytesPerSm;
  if (D.MaxSharedBytesPerBlock)
    Out.MaxSharedBytesPerBlock = D.MaxSharedBytesPerBlock;
  if (!D.Name.empty())
    Out.Description =
        D.Name + " (model " + Out.Name + " adjusted to the device)";
  if (!Warning.empty())
    Out.Description += "; warning: " + Warning;
  return true;
}

std::shared_ptr<const GpuModel> DeviceModelCache::current(std::string &Error) {
  int Device = 0;
  if (!Query.currentDevice(Device, Error))
    return nullptr;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Models.find(Device);
  if (It == Models.end()) {
    Entry E;
    ++Builds;
    DeviceProperties Props;
    GpuModel Model;
    // A failure is cached too: every later launch falls back at once.
    if (Query.properties(Device, Props, E.Error) &&
        modelForDevice(Props, ModelFile, Model, E.Error))
      E.Model = std::make_shared<const GpuModel>(std::move(Model));
    It = Models.emplace(Device, std::move(E)).first;
  }
  Error = It->second.Error;
  return It->second.Model;
}

unsigned DeviceModelCache::buildCount() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Builds;
}

} // namespace gpa::runtime
