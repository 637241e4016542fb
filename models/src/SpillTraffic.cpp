//===- SpillTraffic.cpp - Register spills as local-memory traffic ---------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SpillTraffic.h"

#include <cmath>

namespace gpa {

SpillTraffic addSpillTraffic(KernelProfile &P, const KernelResources &R,
                             const std::string &From) {
  SpillTraffic T;
  T.StoreInstructions = std::ceil(double(R.SpillStoreBytes) / SpillAccessBytes);
  T.LoadInstructions = std::ceil(double(R.SpillLoadBytes) / SpillAccessBytes);
  if (!T.any())
    return T;
  double Before = P.memoryInstructions();
  double Added = T.StoreInstructions + T.LoadInstructions;
  double Bytes = double(R.SpillStoreBytes + R.SpillLoadBytes);
  // Local accesses are interleaved per thread: always coalesced, so
  // UncoalescedMem stays; the average access size takes the spills in.
  P.BytesPerMemAccess =
      (P.BytesPerMemAccess * Before + Bytes) / (Before + Added);
  P.count(Unit::LocalMem) += Added;
  T.Description = From + ": " + std::to_string(R.SpillStoreBytes) +
                  " bytes spill stores, " + std::to_string(R.SpillLoadBytes) +
                  " bytes spill loads = " + std::to_string(unsigned(Added)) +
                  " local-memory accesses of 4 bytes per thread, each "
                  "counted once (a lower bound: spills in loops run more "
                  "often)";
  return T;
}

} // namespace gpa
