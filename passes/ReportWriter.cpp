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

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <exception>

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

bool writeReportFile(const std::string &File, const std::string &Text,
                     std::string &Error) {
  std::string Tmp =
      File + ".tmp" + std::to_string(sys::Process::getProcessId());
  {
    std::ofstream OS(Tmp, std::ios::binary | std::ios::trunc);
    OS << Text;
    OS.flush();
    if (!OS) {
      sys::fs::remove(Tmp);
      Error = "-gpa-report=" + File + ": cannot write";
      return false;
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, File)) {
    sys::fs::remove(Tmp);
    Error = "-gpa-report=" + File + ": " + EC.message();
    return false;
  }
  return true;
}

ReportFileWriter::ReportFileWriter(std::string File) : File(std::move(File)) {}

ReportFileWriter::~ReportFileWriter() {
  if (!Tmp.empty()) { // not finished: no half-written report
    OS.close();
    sys::fs::remove(Tmp);
  }
}

void ReportFileWriter::fail(std::string Why) {
  if (Error.empty())
    Error = std::move(Why);
}

void ReportFileWriter::add(const AnalyzedKernel &K, const GpuModel &Gpu) {
  if (!Error.empty())
    return;
  // Nothing may unwind into LLVM: nlohmann's exceptions, allocation, a
  // non-finite number (toCanonicalJson) become Error.
  try {
    if (!Report) {
      Tmp = File + ".tmp" + std::to_string(sys::Process::getProcessId());
      OS.open(Tmp, std::ios::binary | std::ios::trunc);
      if (!OS) {
        Tmp.clear();
        fail("-gpa-report=" + File + ": cannot open for writing");
        return;
      }
      Report = std::make_unique<ReportStream>(OS, Gpu);
    }
    Report->add(K);
  } catch (const std::exception &E) {
    fail(std::string("cannot build the report: ") + E.what());
  } catch (...) {
    fail("cannot build the report");
  }
}

bool ReportFileWriter::finish(std::string &Out) {
  if (Error.empty() && Report) {
    try {
      Report->finish();
      OS.flush();
      if (!OS)
        fail("-gpa-report=" + File + ": write failed");
    } catch (const std::exception &E) {
      fail(std::string("cannot build the report: ") + E.what());
    } catch (...) {
      fail("cannot build the report");
    }
    OS.close();
    if (Error.empty()) {
      if (std::error_code EC = sys::fs::rename(Tmp, File))
        fail("-gpa-report=" + File + ": " + EC.message());
      else
        Tmp.clear();
    }
  }
  Out = Error;
  return Error.empty();
}

} // namespace gpa
