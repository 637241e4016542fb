//===- TripCounts.cpp - Trip counts of loops the compiler cannot count ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/TripCounts.h"

#include "gpa/KernelNameMatch.h"
#include "gpa/LaunchFile.h"

#include <cctype>

namespace gpa {

namespace {
/// A decimal number from 1 to 2^32 - 1.
bool positiveNumber(const std::string &Text, unsigned &Out) {
  if (Text.empty() || Text.size() > 10)
    return false;
  unsigned long long V = 0;
  for (char C : Text) {
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return false;
    V = V * 10 + unsigned(C - '0');
  }
  if (V == 0 || V > 4294967295ull)
    return false;
  Out = unsigned(V);
  return true;
}
} // namespace

bool parseTripCountRule(const std::string &Spec, TripCountRule &Out,
                        std::string &Error) {
  Out = TripCountRule();
  Out.Spec = Spec;
  std::size_t Eq = Spec.rfind('=');
  std::string Count = Eq == std::string::npos ? Spec : Spec.substr(Eq + 1);
  if (Eq != std::string::npos) {
    std::string Target = Spec.substr(0, Eq);
    std::size_t Colon = Target.rfind(':');
    // "ns::k:12": the last ':' before digits only separates the line;
    // "ns::k" (a demangled name) has none.
    if (Colon != std::string::npos && Colon + 1 < Target.size() &&
        (Colon == 0 || Target[Colon - 1] != ':')) {
      if (!positiveNumber(Target.substr(Colon + 1), Out.Line)) {
        Error = "'" + Spec +
                "': expected KERNEL:LINE=N with LINE a line "
                "number from 1";
        return false;
      }
      Target = Target.substr(0, Colon);
    }
    if (Target.empty()) {
      Error = "'" + Spec +
              "': expected N, KERNEL=N or KERNEL:LINE=N with "
              "KERNEL a name glob";
      return false;
    }
    Out.Kernel = Target;
  }
  if (!positiveNumber(Count, Out.Count)) {
    Error = "'" + Spec +
            "': expected N, KERNEL=N or KERNEL:LINE=N with N an "
            "iteration count from 1 to 2^32 - 1";
    return false;
  }
  return true;
}

const TripChoice &LoopTripCounts::forLine(unsigned Line) const {
  auto It = Line ? ByLine.find(Line) : ByLine.end();
  return It == ByLine.end() ? Default : It->second;
}

std::string LoopTripCounts::key() const {
  auto One = [](const TripChoice &C) {
    return std::to_string(C.Count) + "|" + C.Kind + "|" + C.Source;
  };
  std::string K = One(Default);
  for (const auto &[Line, C] : ByLine)
    K += "\n" + std::to_string(Line) + "=" + One(C);
  return K + "\n" + Branches.key();
}

LoopTripCounts tripCountsFor(const std::string &Mangled,
                             const std::string &Demangled,
                             const TripChoice &Fallback,
                             const LaunchEntry *File,
                             const std::string &FileName,
                             const std::vector<TripCountRule> &Rules,
                             const std::string &FlagName) {
  LoopTripCounts Out;
  Out.Default = Fallback;
  if (File) {
    if (File->TripCount)
      Out.Default = {*File->TripCount, FileName, "given"};
    for (const auto &[Line, N] : File->LoopTripCounts)
      Out.ByLine[Line] = {N, FileName + ": loops line " + std::to_string(Line),
                          "given"};
  }
  // Later flags win over earlier ones, as on any command line.
  for (const TripCountRule &R : Rules) {
    if (!kernelNameMatches(R.Kernel, Mangled, Demangled))
      continue;
    TripChoice C{R.Count, FlagName + "=" + R.Spec, "given"};
    if (R.Line)
      Out.ByLine[R.Line] = C;
    else
      Out.Default = C;
  }
  return Out;
}

} // namespace gpa
