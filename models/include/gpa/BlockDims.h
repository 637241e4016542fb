//===- BlockDims.h - A thread block's shape --------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The block's threads along x, y and z, when a launch states them (a host
// launch site, a launch file's [x, y, z], PTX .reqntid, a profile's
// block_dims). Only the total known (a single number, __launch_bounds__):
// the shape stays unknown, never guessed.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_BLOCKDIMS_H
#define GPA_BLOCKDIMS_H

#include <cstdint>
#include <string>

namespace gpa {

struct BlockDims {
  std::uint64_t X = 0, Y = 0, Z = 0; // threads; all 0: unknown
  bool known() const { return X > 0 && Y > 0 && Z > 0; }
};

/// "16x16x1".
inline std::string blockDimsText(const BlockDims &D) {
  return std::to_string(D.X) + "x" + std::to_string(D.Y) + "x" +
         std::to_string(D.Z);
}

} // namespace gpa

#endif
