//===- HostLaunchSites.h - Launch sites of a host IR file -----*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The nvcc route of `gpa analyze` takes device code from nvcc's PTX, which
// knows no launches. clang 22 compiles the host side of the same .cu to IR
// (--cuda-host-only) and this reads its launch sites as the plugin's host
// pass does (findLaunchSites), outside any pass pipeline.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_HOSTLAUNCHSITES_H
#define GPA_FRONTENDS_IR_HOSTLAUNCHSITES_H

#include "LaunchSites.h"

#include <string>
#include <vector>

namespace gpa {

/// Every launch site of the host module in \p IrPath (.ll or .bc), in IR
/// order, with Push cleared (the module is gone when this returns). False
/// with Error when the file is no readable host module.
bool readHostLaunchSites(const std::string &IrPath,
                         std::vector<LaunchSite> &Out, std::string &Error);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_HOSTLAUNCHSITES_H
