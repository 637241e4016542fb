//===- DeviceModelCache.h - One GPU model per device ---------- -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// On first use of a device: query it, take the bundled model closest to its
// compute capability (or GPA_MODEL's file), replace the model's SM count,
// clock, bandwidth and per-SM limits with what the device reports, and keep
// the result for every later launch. Safe to call from many threads.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_DEVICEMODELCACHE_H
#define GPA_RUNTIME_DEVICEMODELCACHE_H

#include "gpa/GpuModel.h"
#include "gpa/runtime/DeviceQuery.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace gpa::runtime {

/// The bundled (or file) model adjusted to the device's measured properties.
bool modelForDevice(const DeviceProperties &Device,
                    const std::string &ModelFile, GpuModel &Out,
                    std::string &Error);

class DeviceModelCache {
public:
  DeviceModelCache(DeviceQuery &Query, std::string ModelFile)
      : Query(Query), ModelFile(std::move(ModelFile)) {}

  /// The model of the current device, or nullptr with Error set.
  std::shared_ptr<const GpuModel> current(std::string &Error);

  /// How many times a model was built (for tests: once per device).
  unsigned buildCount() const;

private:
  struct Entry {
    std::shared_ptr<const GpuModel> Model;
    std::string Error;
  };
  DeviceQuery &Query;
  std::string ModelFile;
  mutable std::mutex Mutex;
  std::map<int, Entry> Models;
  unsigned Builds = 0;
};

} // namespace gpa::runtime

#endif
