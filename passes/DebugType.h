//===- DebugType.h - The plugin's one DEBUG_TYPE --------------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every plugin source that uses LLVM_DEBUG defines DEBUG_TYPE as
// GPA_DEBUG_TYPE, so `-debug-only=gpu-power-advisor` (LLVM built with
// assertions) selects all of the plugin's debug output. The same name is
// the remark pass name (-pass-remarks*=gpu-power-advisor).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PLUGIN_DEBUGTYPE_H
#define GPA_PLUGIN_DEBUGTYPE_H

#define GPA_DEBUG_TYPE "gpu-power-advisor"

#endif // GPA_PLUGIN_DEBUGTYPE_H
