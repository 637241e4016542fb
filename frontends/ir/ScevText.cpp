//===- ScevText.cpp - SCEV texts of one function, numbered once -----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The text is SCEV::print's (llvm/lib/Analysis/ScalarEvolution.cpp, the same
// in LLVM 19 and 22): only the values and blocks are printed through one
// ModuleSlotTracker instead of one SlotTracker each.
//
//===----------------------------------------------------------------------===//

#include "ScevText.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<bool> CheckScevTexts(
    "gpa-check-scev-texts", cl::Hidden,
    cl::desc("Compare each SCEV text gpa prints with SCEV::print's and stop "
             "at the first difference (a test of ScevText.cpp)"));

namespace gpa {

namespace {
/// Writes S as SCEV::print does, values and blocks through Slots.
void write(const SCEV *S, ModuleSlotTracker &Slots, raw_ostream &OS) {
  auto Cast = [&](const char *Name, const SCEVCastExpr *C) {
    const SCEV *Op = C->getOperand();
    OS << "(" << Name << " ";
    Op->getType()->print(OS);
    OS << " ";
    write(Op, Slots, OS);
    OS << " to ";
    C->getType()->print(OS);
    OS << ")";
  };
  switch (S->getSCEVType()) {
  case scConstant:
    cast<SCEVConstant>(S)->getValue()->printAsOperand(OS, false, Slots);
    return;
  case scPtrToInt:
    return Cast("ptrtoint", cast<SCEVCastExpr>(S));
  case scTruncate:
    return Cast("trunc", cast<SCEVCastExpr>(S));
  case scZeroExtend:
    return Cast("zext", cast<SCEVCastExpr>(S));
  case scSignExtend:
    return Cast("sext", cast<SCEVCastExpr>(S));
  case scAddRecExpr: {
    const auto *Rec = cast<SCEVAddRecExpr>(S);
    OS << "{";
    for (unsigned I = 0, E = Rec->getNumOperands(); I != E; ++I) {
      OS << (I ? ",+," : "");
      write(Rec->getOperand(I), Slots, OS);
    }
    OS << "}<";
    if (Rec->hasNoUnsignedWrap())
      OS << "nuw><";
    if (Rec->hasNoSignedWrap())
      OS << "nsw><";
    if (Rec->hasNoSelfWrap() &&
        !Rec->getNoWrapFlags(SCEV::NoWrapFlags(SCEV::FlagNUW | SCEV::FlagNSW)))
      OS << "nw><";
    Rec->getLoop()->getHeader()->printAsOperand(OS, false, Slots);
    OS << ">";
    return;
  }
  case scAddExpr:
  case scMulExpr:
  case scUMaxExpr:
  case scSMaxExpr:
  case scUMinExpr:
  case scSMinExpr:
  case scSequentialUMinExpr: {
    const auto *NAry = cast<SCEVNAryExpr>(S);
    const char *Between = "";
    switch (S->getSCEVType()) {
    case scAddExpr:
      Between = " + ";
      break;
    case scMulExpr:
      Between = " * ";
      break;
    case scUMaxExpr:
      Between = " umax ";
      break;
    case scSMaxExpr:
      Between = " smax ";
      break;
    case scUMinExpr:
      Between = " umin ";
      break;
    case scSMinExpr:
      Between = " smin ";
      break;
    default:
      Between = " umin_seq ";
      break;
    }
    OS << "(";
    for (unsigned I = 0, E = NAry->getNumOperands(); I != E; ++I) {
      OS << (I ? Between : "");
      write(NAry->getOperand(I), Slots, OS);
    }
    OS << ")";
    if (isa<SCEVAddExpr>(S) || isa<SCEVMulExpr>(S)) {
      if (NAry->hasNoUnsignedWrap())
        OS << "<nuw>";
      if (NAry->hasNoSignedWrap())
        OS << "<nsw>";
    }
    return;
  }
  case scUDivExpr: {
    const auto *Div = cast<SCEVUDivExpr>(S);
    OS << "(";
    write(Div->getLHS(), Slots, OS);
    OS << " /u ";
    write(Div->getRHS(), Slots, OS);
    OS << ")";
    return;
  }
  case scUnknown:
    cast<SCEVUnknown>(S)->getValue()->printAsOperand(OS, false, Slots);
    return;
  default: // a kind this file does not know: LLVM's own text
    S->print(OS);
    return;
  }
}
} // namespace

ScevTexts::ScevTexts() = default;
ScevTexts::ScevTexts(ScevTexts &&) = default;
ScevTexts &ScevTexts::operator=(ScevTexts &&) = default;
ScevTexts::~ScevTexts() = default;

void ScevTexts::clear() {
  Texts.clear();
  Slots.reset();
  SlotsOf = nullptr;
}

const std::string &ScevTexts::text(const SCEV *S, const Function &F) {
  auto It = Texts.find(S);
  if (It != Texts.end())
    return It->second;
  if (!Slots || SlotsOf != &F) {
    // Module-level metadata is not needed: a SCEV names values and blocks.
    Slots = std::make_unique<ModuleSlotTracker>(
        F.getParent(), /*ShouldInitializeAllMetadata=*/false);
    Slots->incorporateFunction(F);
    SlotsOf = &F;
  }
  std::string Text;
  raw_string_ostream OS(Text);
  write(S, *Slots, OS);
  OS.flush();
  if (CheckScevTexts) {
    std::string Llvm;
    raw_string_ostream LOS(Llvm);
    S->print(LOS);
    LOS.flush();
    if (Llvm != Text)
      report_fatal_error(Twine("gpa SCEV text '") + Text +
                             "' differs from SCEV::print's '" + Llvm + "'",
                         /*gen_crash_diag=*/false);
  }
  return Texts.emplace(S, std::move(Text)).first->second;
}

} // namespace gpa
