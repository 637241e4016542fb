//===- DynamicSymbol.h - Typed dlsym for libraries loaded at run time -----===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-measure loads the CUDA driver and CUPTI with dlopen (they are on the
// user's machine, not the build machine); this binds one of their functions.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_MEASURE_DYNAMICSYMBOL_H
#define GPA_MEASURE_DYNAMICSYMBOL_H

#include <dlfcn.h>

namespace gpa {

/// Sets Out to the function Name of the dlopen'd library Lib; false when
/// the library has no such symbol.
template <typename Fn> bool bind(void *Lib, const char *Name, Fn &Out) {
  Out = reinterpret_cast<Fn>(dlsym(Lib, Name));
  return Out != nullptr;
}

} // namespace gpa

#endif // GPA_MEASURE_DYNAMICSYMBOL_H
