//===- SmPartition.h - SM-restricted streams ------------------ -*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The SM-restriction mode (-gpa-rewrite-mode=sm|auto) for kernels whose grid
// must not change: the kernel is launched, grid unchanged, into a stream of
// a CUDA green context that owns only the optimal number of SMs
// (cuDevSmResourceSplitByCount / cuGreenCtxCreate / cuGreenCtxStreamCreate,
// CUDA >= 12.4). The user's stream order is kept with events: the green
// stream waits for the user's stream before the kernel, and the user's
// stream waits for the kernel after it.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_RUNTIME_SMPARTITION_H
#define GPA_RUNTIME_SMPARTITION_H

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace gpa::runtime {

/// Creates streams bound to at most a given number of SMs.
class SmPartitioner {
public:
  virtual ~SmPartitioner() = default;
  /// A stream (a CUstream/cudaStream_t) whose kernels use at most Sms SMs
  /// of Device; nullptr with Error when unsupported. Implementations need
  /// not cache: PartitionCache does.
  virtual void *createStream(int Device, unsigned Sms, std::string &Error) = 0;
};

/// Green contexts through the driver entry points the CUDA runtime exposes
/// (no link against libcuda); nullptr when built without CUDA.
std::unique_ptr<SmPartitioner> makeGreenContextPartitioner();

/// One stream per (device, SM count), created on first use, thread-safe;
/// failures are remembered so they cost one attempt.
class PartitionCache {
public:
  explicit PartitionCache(std::unique_ptr<SmPartitioner> P)
      : Partitioner(std::move(P)) {}
  void *stream(int Device, unsigned Sms, std::string &Error);
  unsigned attempts() const;

private:
  std::unique_ptr<SmPartitioner> Partitioner;
  mutable std::mutex Mutex;
  std::map<std::pair<int, unsigned>, std::pair<void *, std::string>> Streams;
  unsigned Attempts = 0;
};

} // namespace gpa::runtime

#endif
