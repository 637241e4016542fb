//===- BlockWaiting.h - May blocks wait for each other? ---------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// SM restriction (-gpa-rewrite-mode=sm, green contexts) keeps the grid but
// runs it on fewer SMs, so fewer blocks are resident at once. A kernel
// whose blocks wait for one another (a cooperative grid.sync(), a
// persistent kernel spinning on a global counter, producer/consumer flags)
// can then deadlock: the block it waits for may never be scheduled
// (issue 25). This finds such waiting, conservatively.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_FRONTENDS_IR_BLOCKWAITING_H
#define GPA_FRONTENDS_IR_BLOCKWAITING_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/PassManager.h"

#include <string>

namespace gpa {

/// Why the blocks of a kernel (the functions in Reached: the kernel and the
/// device functions it calls) may wait for each other, naming the
/// instruction; "" when nothing found suggests they do:
///  - cooperative groups' grid synchronisation (the grid workspace read
///    from %envreg, or cudaCGSynchronizeGrid and its kin);
///  - a loop whose exit depends on a volatile or atomic load, an atomic
///    read-modify-write, a compare-and-swap or inline assembly with side
///    effects (ld.acquire) executed in the loop, on memory other than the
///    block's shared memory: a spin-wait on what another block writes;
///  - a call this analysis cannot see into.
std::string
whyBlocksMayWait(const llvm::SmallPtrSetImpl<const llvm::Function *> &Reached,
                 llvm::FunctionAnalysisManager &FAM);

} // namespace gpa

#endif // GPA_FRONTENDS_IR_BLOCKWAITING_H
