//===- KernelArguments.h - Kernel arguments given by name -------*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// A launch file gives a kernel's integer arguments by position ("3": N) or
// by parameter name ("n": N). Only a front-end knows a kernel's parameter
// names (IR: the arguments' names; PTX: none, nvcc names them
// KERNEL_param_K), so each resolves the names it can into positions, and
// every name it cannot resolve is a warning: never ignored silently.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_KERNELARGUMENTS_H
#define GPA_KERNELARGUMENTS_H

#include "gpa/BranchFacts.h"

#include <string>
#include <vector>

namespace gpa {

/// Moves F.NamedArguments into F.Arguments by the positions of \p Names
/// (parameter K's name, "" where unknown) and keeps Names in
/// F.ParameterNames. Warns (into Warnings, naming Kernel) of a name that
/// matches no parameter, listing the parameters, or, when no parameter has
/// a name, saying \p NoNamesWhy; and of a parameter given both by name and
/// by position with different values (the position's value is kept).
void resolveNamedArguments(BranchFacts &F,
                           const std::vector<std::string> &Names,
                           const std::string &Kernel,
                           const std::string &NoNamesWhy,
                           std::vector<std::string> &Warnings);

/// Parameter K's name for labels: its name, else "argument K".
std::string parameterLabel(const BranchFacts &F, unsigned K);

} // namespace gpa

#endif
