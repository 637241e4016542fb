//===- DeviceHandoff.cpp - Device analysis handed to the host compilation -===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "DeviceHandoff.h"

#include "gpa/CanonicalJson.h"
#include "gpa/JsonReader.h"
#include "gpa/ProfileLoader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <mutex>
#include <set>
#include <unistd.h>

using namespace llvm;

namespace gpa {

namespace {
std::mutex RegistryMutex;
/// Source file -> arch -> the handoff document's text: the text, not the
/// parsed kernels, is what a device compilation leaves in this process
/// (a few hundred bytes per kernel instead of a JSON tree's kilobytes).
using TextByArch = std::map<std::string, std::string>;
std::map<std::string, TextByArch> &registry() {
  static std::map<std::string, TextByArch> R;
  return R;
}

nlohmann::json kernelJson(const HandoffKernel &K) {
  nlohmann::json J = {{"name", K.Name},
                      {"grid_independent", K.GridIndependent},
                      {"reason", K.Reason},
                      {"profile", K.Profile}};
  if (!K.ArgumentLoops.is_null())
    J["argument_loops"] = K.ArgumentLoops;
  if (K.GridUnitDims)
    J["grid_unit_dims"] = K.GridUnitDims;
  if (!K.SmRefusal.empty())
    J["sm_refusal"] = K.SmRefusal;
  if (!K.KernelDecision.is_null())
    J["kernel_decision"] = K.KernelDecision;
  return J;
}

/// Parses one handoff document (Name says where it came from); a malformed
/// document contributes nothing (no rewrite) and returns what is wrong with
/// it. Arch gets the document's arch.
std::string parseHandoff(const std::string &Text, const std::string &Name,
                         HandoffByArch &Out, std::string *Arch = nullptr) {
  std::string Error;
  auto Doc = parseJsonText(Text, Name, Error);
  if (!Doc)
    return Error;
  if (!hasSchema(*Doc, "gpa-handoff/1"))
    return Name + ": expected an object with \"schema\": \"gpa-handoff/1\"";
  try {
    std::vector<HandoffKernel> Kernels;
    // The document is this function's: its trees move, not copy, into the
    // kernels (a pending entry holds a kernel's accesses and findings).
    auto Take = [](nlohmann::json &K, const char *Key) {
      auto It = K.find(Key);
      return It == K.end() ? nlohmann::json() : std::move(*It);
    };
    for (nlohmann::json &K : Doc->at("kernels"))
      Kernels.push_back({K.at("name").get<std::string>(),
                         K.at("grid_independent").get<bool>(),
                         K.at("reason").get<std::string>(),
                         std::move(K.at("profile")), Take(K, "argument_loops"),
                         K.value("grid_unit_dims", 0u) & 7u,
                         K.value("sm_refusal", std::string()),
                         Take(K, "kernel_decision"), Take(K, "pending")});
    std::string DocArch = Doc->at("arch").get<std::string>();
    Out[DocArch] = std::move(Kernels);
    if (Arch)
      *Arch = DocArch;
  } catch (const std::exception &E) {
    // nlohmann's messages name the missing key or the wrong type.
    return Name +
           ": expected arch, kernels[] of {name, grid_independent, reason, "
           "profile}: " +
           E.what();
  }
  return "";
}

/// Reads one handoff file into Out, and its text into Texts; returns what
/// is wrong with it, like parseHandoff.
std::string readFile(const std::string &Path, HandoffByArch &Out,
                     TextByArch &Texts) {
  std::string Error, Name = sys::path::filename(Path).str();
  auto Text = readTextFile(Path, Error);
  if (!Text)
    return Name + ": cannot be read";
  std::string Arch;
  std::string Why = parseHandoff(*Text, Name, Out, &Arch);
  if (Why.empty())
    Texts[Arch] = std::move(*Text);
  return Why;
}

/// Field 22 (start time in clock ticks) of /proc/<Pid>/stat; the command
/// name (field 2) may contain spaces, so fields are counted after its ')'.
std::string processStartTime(const std::string &Pid) {
  std::string Ignored;
  auto Stat = readTextFile("/proc/" + Pid + "/stat", Ignored);
  if (!Stat)
    return "";
  std::size_t Close = Stat->rfind(')');
  if (Close == std::string::npos)
    return "";
  SmallVector<StringRef, 48> Fields;
  StringRef(*Stat).substr(Close + 2).split(Fields, ' ');
  return Fields.size() > 19 ? Fields[19].str() : ""; // fields 3.. -> 22
}

std::string defaultDir() {
  SmallString<128> Dir;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
  sys::path::append(Dir, "gpa-handoff-" + utostr(::getuid()));
  return Dir.str().str();
}

/// Removes default-directory files whose clang driver is gone (a device-only
/// compile leaves its file unconsumed): "<pid>-<start>.<...>" whose pid now
/// has another start time, or none.
void removeStaleFiles(const std::string &Dir) {
  std::error_code EC;
  for (sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    auto [Driver, Rest] = Name.split('.');
    auto [Pid, Start] = Driver.split('-');
    if (Rest.empty() || Start.empty() || !all_of(Pid, isDigit))
      continue;
    if (processStartTime(Pid.str()) != Start)
      sys::fs::remove(It->path());
  }
}

/// Where the files for SourceFile go and what their names start with.
void location(const std::string &SourceFile, const std::string &Dir,
              std::string &OutDir, std::string &Prefix) {
  if (!Dir.empty()) {
    OutDir = Dir;
    Prefix = handoffKey(SourceFile) + ".";
    return;
  }
  std::string Driver = driverKey();
  OutDir = Driver.empty() ? "" : defaultDir();
  Prefix = Driver + "." + handoffKey(SourceFile) + ".";
}
} // namespace

std::string driverKey() {
  std::string Parent = utostr(::getppid());
  std::string Start = processStartTime(Parent);
  return Start.empty() ? "" : Parent + "-" + Start;
}

std::string handoffKey(const std::string &SourceFile) {
  return sys::path::filename(SourceFile).str() + "." +
         utohexstr(xxh3_64bits(SourceFile), /*LowerCase=*/true);
}

HandoffWriter::HandoffWriter(std::string SourceFile, std::string Arch,
                             std::string Dir)
    : SourceFile(std::move(SourceFile)), Arch(std::move(Arch)),
      Dir(std::move(Dir)) {
  // The canonical text of the whole document, split where the kernels go.
  nlohmann::json Doc = {{"schema", "gpa-handoff/1"},
                        {"arch", this->Arch},
                        {"kernels", nlohmann::json::array()}};
  CanonicalSplit Split = splitCanonicalJsonAt(Doc, "\n  \"kernels\": []");
  Text = std::move(Split.Head);
  Tail = std::move(Split.Tail);
}

void HandoffWriter::add(const HandoffKernel &K) {
  Text += Count++ ? ",\n    " : "\n    ";
  std::string Kernel = toCanonicalJsonAt(kernelJson(K), 2);
  if (!K.Pending.is_null()) {
    // Round-trip numbers (DeferredKernels.cpp), on one line before the
    // object's closing brace.
    Kernel.insert(Kernel.rfind('\n'),
                  ",\n      \"pending\": " + K.Pending.dump());
  }
  Text += Kernel;
}

bool HandoffWriter::finish(std::string &Error) {
  Text += Count ? "\n  ]" : "]";
  Text += Tail;
  {
    std::lock_guard<std::mutex> Lock(RegistryMutex);
    registry()[SourceFile][Arch] = Text;
  }
  std::string OutDir, Prefix;
  location(SourceFile, Dir, OutDir, Prefix);
  if (OutDir.empty())
    return true; // no /proc: the in-process registry is all there is
  if (std::error_code EC = sys::fs::create_directories(OutDir)) {
    Error = "gpa handoff directory " + OutDir + ": " + EC.message();
    return false;
  }
  if (Dir.empty())
    removeStaleFiles(OutDir);
  SmallString<256> Path(OutDir);
  sys::path::append(Path, Prefix + Arch + ".json");
  // Write-then-rename so a concurrent reader never sees half a file.
  std::string Tmp =
      (Path + ".tmp" + utostr(sys::Process::getProcessId())).str();
  {
    std::error_code EC;
    raw_fd_ostream OS(Tmp, EC, sys::fs::OF_None);
    if (EC) {
      Error = "gpa handoff file " + Tmp + ": " + EC.message();
      return false;
    }
    OS << Text;
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    Error = "gpa handoff file " + Path.str().str() + ": " + EC.message();
    return false;
  }
  return true;
}

bool publishDeviceKernels(const std::string &SourceFile,
                          const std::string &Arch,
                          const std::vector<HandoffKernel> &Kernels,
                          const std::string &Dir, std::string &Error) {
  HandoffWriter W(SourceFile, Arch, Dir);
  for (const HandoffKernel &K : Kernels)
    W.add(K);
  return W.finish(Error);
}

HandoffByArch findDeviceKernels(const std::string &SourceFile,
                                const std::string &Dir,
                                std::vector<std::string> *Problems) {
  HandoffByArch Out;
  TextByArch Texts;
  std::string InDir, Prefix;
  location(SourceFile, Dir, InDir, Prefix);
  std::vector<std::string> Consumed;
  std::error_code EC;
  for (sys::fs::directory_iterator
           It(InDir.empty() ? "/nonexistent" : InDir, EC),
       End;
       It != End && !EC; It.increment(EC)) {
    StringRef Name = sys::path::filename(It->path());
    if (Name.starts_with(Prefix) && Name.ends_with(".json")) {
      std::string Why = readFile(It->path(), Out, Texts);
      if (!Why.empty() && Problems)
        Problems->push_back(Why);
      Consumed.push_back(It->path());
    }
  }
  // Per-driver files belong to this compilation only: consume them.
  if (Dir.empty())
    for (const std::string &Path : Consumed)
      sys::fs::remove(Path);
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  // Consumed files stay readable to later readers in this process (the
  // launch-site advisor and the launch rewrite both read them).
  std::set<std::string> ParsedFromFile;
  for (auto &[Arch, Text] : Texts)
    if (registry()[SourceFile].emplace(Arch, std::move(Text)).second)
      ParsedFromFile.insert(Arch);
  auto It = registry().find(SourceFile);
  if (It != registry().end())
    for (const auto &[Arch, Text] : It->second)
      // This process's own compile wins over files; its text was made by
      // HandoffWriter or read above, so it parses. A file's text that is
      // now the registry's is in Out already (parsing is most of the host
      // pass's own cost).
      if (!ParsedFromFile.count(Arch))
        parseHandoff(Text, Arch, Out);
  return Out;
}

bool validHandoffKernel(const std::string &Arch, const HandoffKernel &K,
                        std::string &Why) {
  unsigned Sm = 0;
  char Tail = 0;
  if (std::sscanf(Arch.c_str(), "sm_%u%c", &Sm, &Tail) != 1) {
    Why = "arch '" + Arch + "' is not sm_<number>";
    return false;
  }
  std::string Error;
  std::vector<KernelProfile> Profiles;
  if (!K.Profile.is_object())
    Error =
        "profile: expected a kernel-profile/1 object" +
        std::string(K.Profile.is_string() ? ", not JSON text in a string" : "");
  if (!Error.empty() ||
      !parseKernelProfiles(K.Profile, "profile", Profiles, Error) ||
      Profiles.size() != 1) {
    Why = "the " + Arch + " profile of " + K.Name +
          " is not one valid kernel profile" +
          (Error.empty() ? "" : ": " + Error);
    return false;
  }
  return true;
}

} // namespace gpa
