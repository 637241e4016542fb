//===- KernelStubs.cpp - Which host stub launches which kernel ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "KernelStubs.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace gpa {

namespace {
/// The device kernel's mangled name from its stub's: clang names the stub
/// by prefixing the kernel's identifier with "__device_stub__", so
/// "_Z23__device_stub__scaleAddifPKfPf" -> "_Z8scaleAddifPKfPf" (the length
/// before the identifier shrinks by 15). "" when Name is no stub.
std::string kernelNameOfStub(StringRef Name) {
  constexpr StringRef Marker = "__device_stub__";
  size_t At = Name.find(Marker);
  if (At == StringRef::npos)
    return "";
  size_t Digits = At;
  while (Digits > 0 && isDigit(Name[Digits - 1]))
    --Digits;
  unsigned Length = 0;
  if (Digits == At ||
      Name.substr(Digits, At - Digits).getAsInteger(10, Length) ||
      Length <= Marker.size())
    return "";
  return (Name.substr(0, Digits) + Twine(Length - Marker.size()) +
          Name.substr(At + Marker.size()))
      .str();
}

/// Device stub -> the device kernel's mangled name, from the
/// __cudaRegisterFunction(handle, stub, name, name, ...) calls; where there
/// are none (host-only and -fgpu-rdc compiles register elsewhere), from the
/// stubs' names.
} // namespace

std::map<Function *, std::string> kernelsOfStubs(Module &M) {
  std::map<Function *, std::string> Out;
  Function *Register = M.getFunction("__cudaRegisterFunction");
  if (!Register) {
    for (Function &F : M)
      if (std::string Kernel = kernelNameOfStub(F.getName()); !Kernel.empty())
        Out[&F] = Kernel;
    return Out;
  }
  for (User *U : Register->users()) {
    auto *Call = dyn_cast<CallBase>(U);
    if (!Call || Call->arg_size() < 3)
      continue;
    auto *Stub =
        dyn_cast<Function>(Call->getArgOperand(1)->stripPointerCasts());
    StringRef Name;
    if (Stub && getConstantStringInfo(Call->getArgOperand(2), Name))
      Out[Stub] = Name.str();
  }
  return Out;
}

} // namespace gpa
