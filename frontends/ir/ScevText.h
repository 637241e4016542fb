//===- ScevText.h - SCEV texts of one function, numbered once ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A SCEV's text names its unnamed values and loop headers by their slot
// numbers (%12, clang discards value names). SCEV::print numbers every value
// of the function again for each one (a SlotTracker per printAsOperand
// call): about 60 M instructions, 14% of the device pass on a thrust/cub
// translation unit. ScevTexts numbers the function once and writes the
// same text as SCEV::print; a SCEV kind it does not know is printed by
// SCEV::print. -gpa-check-scev-texts compares each text with SCEV::print
// (test/passes/scev-texts.ll).
//
//===----------------------------------------------------------------------===//

#ifndef GPA_PASSES_SCEVTEXT_H
#define GPA_PASSES_SCEVTEXT_H

#include <map>
#include <memory>
#include <string>

namespace llvm {
class Function;
class ModuleSlotTracker;
class SCEV;
} // namespace llvm

namespace gpa {

/// The texts of the SCEVs of one function's ScalarEvolution printed so far.
/// Valid only while that ScalarEvolution (and the function) lives.
class ScevTexts {
public:
  ScevTexts();
  ScevTexts(ScevTexts &&);
  ScevTexts &operator=(ScevTexts &&);
  ~ScevTexts();

  /// SCEV::print's text of \p S, a SCEV of \p F's ScalarEvolution.
  const std::string &text(const llvm::SCEV *S, const llvm::Function &F);
  /// Forgets the texts and the numbering (another function follows).
  void clear();

private:
  std::map<const llvm::SCEV *, std::string> Texts;
  std::unique_ptr<llvm::ModuleSlotTracker> Slots;
  const llvm::Function *SlotsOf = nullptr;
};

} // namespace gpa

#endif
