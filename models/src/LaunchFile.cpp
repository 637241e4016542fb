//===- LaunchFile.cpp - Launch facts given by the user (gpa-launch/1) ----===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/LaunchFile.h"

#include "gpa/JsonReader.h"
#include "gpa/KernelNameMatch.h"

#include <cctype>

namespace gpa {

using nlohmann::json;

namespace {
constexpr std::uint64_t MaxValue = 4294967295ull; // 2^32 - 1

bool positive(const json &N, std::uint64_t &R) {
  if (!N.is_number_unsigned() || N.get<std::uint64_t>() == 0 ||
      N.get<std::uint64_t>() > MaxValue)
    return false;
  R = N.get<std::uint64_t>();
  return true;
}

/// A positive integer, or [x, y, z] of positive integers (their product);
/// an array also gives the shape in \p Shape (missing y, z are 1, as in a
/// dim3), a single integer only the total.
bool dims(const json &V, const std::string &Where, std::uint64_t &Out,
          std::string &Error, BlockDims *Shape = nullptr) {
  bool Ok = positive(V, Out);
  if (V.is_array() && !V.empty() && V.size() <= 3) {
    Ok = true;
    Out = 1;
    std::uint64_t D[3] = {1, 1, 1};
    for (std::size_t I = 0; I < V.size(); ++I)
      Ok = Ok && positive(V[I], D[I]) && (Out *= D[I]) <= MaxValue;
    if (Ok && Shape)
      *Shape = BlockDims{D[0], D[1], D[2]};
  }
  if (!Ok)
    Error = Where + ": expected a positive integer or [x, y, z] of positive "
                    "integers (product at most 2^32 - 1)";
  return Ok;
}

bool count(const json &V, const std::string &Where, std::uint64_t Min,
           std::uint64_t &Out, std::string &Error) {
  if (!V.is_number_unsigned() || V.get<std::uint64_t>() < Min ||
      V.get<std::uint64_t>() > MaxValue) {
    Error = Where + ": expected an integer from " + std::to_string(Min) +
            " to 2^32 - 1";
    return false;
  }
  Out = V.get<std::uint64_t>();
  return true;
}
/// [{"line": L, "trip_count": N}, ...]: the loop starting at source line L
/// runs N iterations per entry.
bool loops(const json &V, const std::string &Where,
           std::map<unsigned, unsigned> &Out, std::string &Error) {
  if (!V.is_array()) {
    Error = Where + ": expected an array of {\"line\", \"trip_count\"}";
    return false;
  }
  std::size_t I = 0;
  for (const json &L : V) {
    std::string At = Where + "[" + std::to_string(I++) + "]";
    if (!L.is_object()) {
      Error = At + ": expected an object {\"line\", \"trip_count\"}";
      return false;
    }
    for (const auto &[Key, Ignored] : L.items())
      if (Key != "line" && Key != "trip_count" && Key != "description") {
        Error = At + "." + Key +
                ": unknown key (expected line, trip_count, description)";
        return false;
      }
    std::uint64_t Line = 0, N = 0;
    if (!count(L.value("line", json()), At + ".line", 1, Line, Error) ||
        !count(L.value("trip_count", json()), At + ".trip_count", 1, N, Error))
      return false;
    Out[unsigned(Line)] = unsigned(N);
  }
  return true;
}

/// {"3": 16777216, "n": 4096, ...}: the integer value of the kernel's
/// parameter at that position (from 0) or of that name (the front-ends
/// resolve names: gpa/KernelArguments.h).
bool arguments(const json &V, const std::string &Where,
               std::map<unsigned, std::uint64_t> &Out,
               std::map<std::string, std::uint64_t> &Named,
               std::string &Error) {
  if (!V.is_object()) {
    Error = Where + ": expected an object {\"POSITION\": VALUE} or "
                    "{\"NAME\": VALUE} (parameter positions from 0)";
    return false;
  }
  for (const auto &[Key, N] : V.items()) {
    std::string At = Where + "." + Key;
    bool Digits = !Key.empty() &&
                  Key.find_first_not_of("0123456789") == std::string::npos;
    bool Name = !Key.empty() && !std::isdigit((unsigned char)Key[0]) &&
                Key.size() <= 256 &&
                Key.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                      "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                      "0123456789_") == std::string::npos;
    if (!(Digits && Key.size() <= 4) && !Name) {
      Error = At + ": expected a parameter position (0 to 9999) or a "
                   "parameter name (a C identifier)";
      return false;
    }
    if (!N.is_number_unsigned()) {
      Error = At + ": expected a non-negative integer";
      return false;
    }
    if (Digits)
      Out[unsigned(std::stoul(Key))] = N.get<std::uint64_t>();
    else
      Named[Key] = N.get<std::uint64_t>();
  }
  return true;
}

/// [{"line": L, "probability": P}, ...]: the branch at source line L takes
/// its condition's true side with probability P.
bool branches(const json &V, const std::string &Where,
              std::map<unsigned, double> &Out, std::string &Error) {
  if (!V.is_array()) {
    Error = Where + ": expected an array of {\"line\", \"probability\"}";
    return false;
  }
  std::size_t I = 0;
  for (const json &B : V) {
    std::string At = Where + "[" + std::to_string(I++) + "]";
    if (!B.is_object()) {
      Error = At + ": expected an object {\"line\", \"probability\"}";
      return false;
    }
    for (const auto &[Key, Ignored] : B.items())
      if (Key != "line" && Key != "probability" && Key != "description") {
        Error = At + "." + Key +
                ": unknown key (expected line, probability, description)";
        return false;
      }
    std::uint64_t Line = 0;
    if (!count(B.value("line", json()), At + ".line", 1, Line, Error))
      return false;
    json P = B.value("probability", json());
    if (!P.is_number() || !(P.get<double>() >= 0) || P.get<double>() > 1) {
      Error = At + ".probability: expected a number from 0 to 1";
      return false;
    }
    Out[unsigned(Line)] = P.get<double>();
  }
  return true;
}
} // namespace

bool parseLaunchFile(const json &Doc, const std::string &Path, LaunchFile &Out,
                     std::string &Error) {
  Out.Path = Path;
  if (!hasSchema(Doc, "gpa-launch/1")) {
    Error = Path + ": schema: expected \"gpa-launch/1\"";
    return false;
  }
  for (const auto &[Key, V] : Doc.items())
    if (Key != "schema" && Key != "description" && Key != "kernels") {
      Error = Path + ": unknown key '" + Key + "'";
      return false;
    }
  if (!Doc.contains("kernels") || !Doc["kernels"].is_array()) {
    Error = Path + ": kernels: expected an array";
    return false;
  }
  std::size_t I = 0;
  for (const json &K : Doc["kernels"]) {
    std::string Where = Path + ": kernels[" + std::to_string(I++) + "]";
    if (!K.is_object() || !K.contains("kernel") || !K["kernel"].is_string()) {
      Error = Where + ".kernel: expected a name glob (string)";
      return false;
    }
    LaunchEntry E;
    E.Pattern = K["kernel"].get<std::string>();
    for (const auto &[Key, V] : K.items()) {
      std::string At = Where + "." + Key;
      std::uint64_t N = 0;
      if (Key == "kernel" || Key == "description")
        continue;
      if (Key == "block") {
        if (!dims(V, At, N, Error, &E.BlockShape))
          return false;
        E.ThreadsPerBlock = N;
      } else if (Key == "grid") {
        if (!dims(V, At, N, Error, &E.GridShape))
          return false;
        E.Blocks = N;
      } else if (Key == "dynamic_shared_bytes") {
        if (!count(V, At, 0, N, Error))
          return false;
        E.DynamicSharedBytes = N;
      } else if (Key == "registers_per_thread") {
        if (!count(V, At, 1, N, Error))
          return false;
        E.RegistersPerThread = N;
      } else if (Key == "trip_count") {
        if (!count(V, At, 1, N, Error))
          return false;
        E.TripCount = unsigned(N);
      } else if (Key == "loops") {
        if (!loops(V, At, E.LoopTripCounts, Error))
          return false;
      } else if (Key == "arguments") {
        if (!arguments(V, At, E.Arguments, E.NamedArguments, Error))
          return false;
      } else if (Key == "branches") {
        if (!branches(V, At, E.BranchProbabilities, Error))
          return false;
      } else {
        Error = At + ": unknown key (expected kernel, block, grid, "
                     "dynamic_shared_bytes, registers_per_thread, trip_count, "
                     "loops, arguments, branches, description)";
        return false;
      }
    }
    Out.Entries.push_back(std::move(E));
  }
  return true;
}

bool loadLaunchFile(const std::string &Path, LaunchFile &Out,
                    std::string &Error) {
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return false;
  auto Doc = parseJsonText(*Text, Path, Error);
  return Doc && parseLaunchFile(*Doc, Path, Out, Error);
}

bool launchEntryMatches(const LaunchEntry &E, const std::string &Mangled,
                        const std::string &Demangled) {
  return kernelNameMatches(E.Pattern, Mangled, Demangled);
}

const LaunchEntry *findLaunchEntry(const LaunchFile &File,
                                   const std::string &Mangled,
                                   const std::string &Demangled) {
  for (const LaunchEntry &E : File.Entries)
    if (launchEntryMatches(E, Mangled, Demangled))
      return &E;
  return nullptr;
}

} // namespace gpa
