//===- KernelNameMatch.h - Which kernels a pattern names -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The one matcher for every fact that names a kernel: launch-file entries,
// --trip-count KERNEL=N rules, budget rules and waivers, `gpa sweep
// --kernel`, and the warnings for facts that match no kernel. A pattern
// (a shell glob; a plain name is a glob that matches only itself) names a
// kernel when it matches any of the kernel's names:
//
//   mangled         _ZN2ns11gemm_kernelIfEEvPT_i
//   demangled       void ns::gemm_kernel<float>(float*, int)
//   qualified       ns::gemm_kernel<float>   (no return type, no parameters)
//   qualified, no   ns::gemm_kernel          (template arguments of the
//   template args                             kernel itself dropped)
//   base            gemm_kernel              (no namespaces either)
//
// A base name may name several kernels (overloads, template instances,
// namespaces): the pattern then names all of them.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELNAMEMATCH_H
#define GPA_KERNELNAMEMATCH_H

#include <string>
#include <vector>

namespace gpa {

/// Shell-style glob: '*' any run, '?' one character, '[abc]'/'[a-z]'/'[!a]'
/// one of a set; everything else matches itself.
bool globMatch(const std::string &Pattern, const std::string &Text);

/// The Itanium demangling of Mangled, or Mangled itself when it is not a
/// mangled name (extern "C" kernels, PTX entries of C code).
std::string demangleKernelName(const std::string &Mangled);

/// The names a pattern may match, in the order above, without repeats.
/// Demangled may be empty: Mangled is then demangled here.
std::vector<std::string> kernelNameForms(const std::string &Mangled,
                                         const std::string &Demangled = "");

/// The base name: "gemm_kernel" for "void ns::gemm_kernel<float>(float*)".
std::string kernelBaseName(const std::string &Demangled);

/// Whether Pattern equals or globs any of kernelNameForms(Mangled,
/// Demangled).
bool kernelNameMatches(const std::string &Pattern, const std::string &Mangled,
                       const std::string &Demangled = "");

} // namespace gpa

#endif
