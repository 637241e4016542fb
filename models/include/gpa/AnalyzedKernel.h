//===- AnalyzedKernel.h - One kernel's typed analysis result ---*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// What every front-end ends in (IR through frontends/ir, PTX through
// frontends/ptx, kernel-profile JSON): the model's KernelAnalysis plus the
// facts around it (assumptions with their source, findings, location, grid
// verdict). Reports, budgets and `gpa analyze` consume this type; the JSON
// report is rendered from it once (analyzedKernelJson), never parsed back.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_ANALYZEDKERNEL_H
#define GPA_ANALYZEDKERNEL_H

#include "gpa/Analysis.h"
#include "gpa/Budget.h"
#include "gpa/GpuModel.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace gpa {

/// A named assumption: a value (number or text) and where it came from.
struct Assumption {
  std::string Name;
  bool IsNumber = true;
  double Number = 0;
  std::string Text;
  /// What the value rests on, in words.
  std::string Source;
  /// How it is known: constant, derived, given (by the user) or assumed.
  std::string Kind = "assumed";
};
using AssumptionList = std::vector<Assumption>;

/// The records every front-end builds (one constructor each, shared).
Assumption numberAssumption(std::string Name, double Value, std::string Source,
                            std::string Kind = "assumed");
Assumption textAssumption(std::string Name, std::string Value,
                          std::string Source, std::string Kind = "assumed");

/// A named, located finding (rule ids: gpa/FindingRules.h).
struct FindingRecord {
  std::string Rule;
  std::string Message;
  std::string File; // empty: no debug location
  unsigned Line = 0, Column = 0;
};

struct KernelLocation {
  std::string File; // never absolute
  unsigned Line = 0;
};

/// May the launch rewrite shrink this kernel's grid (IR front-end only)?
struct GridIndependenceFacts {
  bool Independent = false;
  std::string Reason;
};

struct AnalyzedKernel {
  KernelAnalysis Analysis;
  AssumptionList Assumptions;
  /// The C++ name; absent for inputs that carry none (kernel profiles).
  std::optional<std::string> Demangled;
  /// Absent: no source location known (rendered as null).
  std::optional<KernelLocation> Location;
  std::optional<GridIndependenceFacts> Grid;
  /// Located findings (IR front-end); absent where the front-end has none.
  std::optional<std::vector<FindingRecord>> Findings;
  /// The IR front-end reports its memory-access facts in their own section
  /// ("memory"); other inputs keep them among counts_per_thread.
  bool MemorySection = false;
};

/// The kernels of one analysis and the GPU model they were analysed with.
struct AnalyzedModule {
  GpuModel Gpu;
  std::vector<AnalyzedKernel> Kernels;
};

/// One element of the report's "kernels" array: the only place a kernel is
/// rendered to gpa-report/1 JSON.
nlohmann::json analyzedKernelJson(const AnalyzedKernel &K, const GpuModel &Gpu);

/// The numbers a budget checks, read from the typed result (no report).
KernelFacts kernelFacts(const AnalyzedKernel &K);

/// Writes a gpa-report/1 document one kernel at a time, so a module of
/// 20,000 kernels never holds its whole report (bench/many_kernels.py).
/// The text is byte-identical to toCanonicalJson of the whole document.
/// Throws what nlohmann throws.
class ReportStream {
public:
  ReportStream(std::ostream &OS, const GpuModel &Gpu);
  void add(const AnalyzedKernel &K);
  /// Writes the rest of the document; call once, after the last kernel.
  void finish();

private:
  std::ostream &OS;
  const GpuModel &Gpu;
  std::string Tail;
  std::size_t Count = 0;
};

} // namespace gpa

#endif // GPA_ANALYZEDKERNEL_H
