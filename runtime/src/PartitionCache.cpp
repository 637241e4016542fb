//===- PartitionCache.cpp - One restricted stream per device and SM count -===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/runtime/SmPartition.h"

namespace gpa::runtime {

void *PartitionCache::stream(int Device, unsigned Sms, std::string &Error) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Key = std::make_pair(Device, Sms);
  auto It = Streams.find(Key);
  if (It == Streams.end()) {
    ++Attempts;
    std::string Why =
        Partitioner ? "" : "SM restriction needs the CUDA runtime";
    void *S =
        Partitioner ? Partitioner->createStream(Device, Sms, Why) : nullptr;
    It = Streams.emplace(Key, std::make_pair(S, S ? "" : Why)).first;
  }
  Error = It->second.second;
  return It->second.first;
}

unsigned PartitionCache::attempts() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Attempts;
}

} // namespace gpa::runtime
