//===- Calibrate.h - gpa calibrate ------------------------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#ifndef GPA_TOOL_CALIBRATE_H
#define GPA_TOOL_CALIBRATE_H

namespace gpa::tool {

/// gpa calibrate TRAINING [-o MODEL.json] [--gpu BASE] [--hold-out-every N]
/// gpa calibrate --predict MODEL DATA [-o OUT.csv]
/// Returns the exit status.
int runCalibrate(int Argc, const char *const *Argv);

} // namespace gpa::tool

#endif
