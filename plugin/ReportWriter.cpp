//===- ReportWriter.cpp - The plugin's gpa-report/1 JSON file ------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Several device compilations of one build (one per --cuda-gpu-arch) each
// run the plugin; "%arch" in -gpa-report gives each its own file
// (docs/plugin.md, "Report files").
//
//===----------------------------------------------------------------------===//

#include "ReportWriter.h"

#include "gpa/AnalyzedKernel.h"

#include "llvm/Support/FileSystem.h"

#include <exception>
#include <fstream>

using namespace llvm;

namespace gpa {

std::string reportFileName(const std::string &Pattern,
                           const std::string &Arch) {
  std::string Out;
  for (std::size_t I = 0; I < Pattern.size();) {
    if (Pattern.compare(I, 5, "%arch") == 0) {
      Out += Arch;
      I += 5;
    } else {
      Out += Pattern[I++];
    }
  }
  return Out;
}

bool writeReport(const std::string &File, const GpuModel &Gpu,
                 const std::vector<KernelResult> &Kernels, std::string &Error) {
  std::ofstream OS(File, std::ios::binary | std::ios::trunc);
  if (!OS) {
    Error = "-gpa-report=" + File + ": cannot open for writing";
    return false;
  }
  // Nothing may unwind into LLVM: nlohmann's exceptions, allocation, a
  // non-finite number (toCanonicalJson) become Error.
  Error.clear();
  try {
    ReportStream Report(OS, Gpu);
    for (const KernelResult &K : Kernels)
      Report.add(toAnalyzedKernel(K));
    Report.finish();
    OS.flush();
    if (!OS)
      Error = "-gpa-report=" + File + ": write failed";
  } catch (const std::exception &E) {
    Error = std::string("cannot build the report: ") + E.what();
  } catch (...) {
    Error = "cannot build the report";
  }
  OS.close();
  if (Error.empty())
    return true;
  sys::fs::remove(File); // no half-written report
  return false;
}

} // namespace gpa
