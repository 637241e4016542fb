//===- CompileDatabase.cpp - Flags for a .cu from compile_commands.json ---===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The JSON Compilation Database format (clang.llvm.org/docs/
// JSONCompilationDatabase.html): an array of {directory, file, command |
// arguments}. CMake writes it for nvcc and clang alike.
//
//===----------------------------------------------------------------------===//
#include "CompileDatabase.h"

#include "gpa/JsonReader.h"

#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace gpa::tool {

std::vector<std::string> splitCommandLine(const std::string &Command) {
  std::vector<std::string> Out;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (std::size_t I = 0; I < Command.size(); ++I) {
    char C = Command[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      else if (C == '\\' && Quote == '"' && I + 1 < Command.size())
        Word += Command[++I];
      else
        Word += C;
    } else if (C == '"' || C == '\'') {
      Quote = C;
      InWord = true;
    } else if (C == '\\' && I + 1 < Command.size()) {
      Word += Command[++I];
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n') {
      if (InWord)
        Out.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Out.push_back(Word);
  return Out;
}

namespace {
std::string absolute(const std::string &Path, const std::string &Dir) {
  std::string Joined = Path.empty() || Path[0] == '/' ? Path : Dir + "/" + Path;
  char Buffer[PATH_MAX];
  if (::realpath(Joined.c_str(), Buffer))
    return Buffer;
  return Joined;
}

/// "sm_80" from nvcc's -arch=sm_80 / compute_80, --gpu-architecture,
/// -gencode arch=compute_80,code=sm_80; "" otherwise.
std::string nvccArch(const std::string &Value) {
  std::size_t Pos = Value.rfind("sm_");
  if (Pos == std::string::npos)
    Pos = Value.rfind("compute_");
  if (Pos == std::string::npos)
    return "";
  std::size_t Digits = Value.find('_', Pos) + 1;
  std::size_t End = Value.find_first_not_of("0123456789", Digits);
  std::string N = Value.substr(Digits, End - Digits);
  return N.empty() ? "" : "sm_" + N;
}

void translate(const std::vector<std::string> &Args, const std::string &Dir,
               std::vector<std::string> &Flags, std::string &Arch) {
  for (std::size_t I = 1; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    auto Next = [&]() -> std::string {
      return I + 1 < Args.size() ? Args[++I] : "";
    };
    auto Joined = [&](const char *Flag) { return A.rfind(Flag, 0) == 0; };
    if (A == "-I" || A == "-isystem" || A == "-include") {
      std::string V = Next();
      Flags.push_back(A);
      Flags.push_back(absolute(V, Dir));
    } else if (Joined("-I")) {
      Flags.push_back("-I" + absolute(A.substr(2), Dir));
    } else if (A == "-D" || A == "-U") {
      Flags.push_back(A + Next());
    } else if (Joined("-D") || Joined("-U") || Joined("-std=")) {
      Flags.push_back(A);
    } else if (Joined("--std=")) {
      Flags.push_back(A.substr(1));
    } else if (A == "-std") { // nvcc: -std c++17
      Flags.push_back("-std=" + Next());
    } else if (Joined("--cuda-gpu-arch=")) {
      Arch = A.substr(16);
    } else if (Joined("--offload-arch=")) {
      Arch = A.substr(15);
    } else if (A == "-arch" || A == "--gpu-architecture" || A == "-gencode" ||
               A == "--generate-code") {
      if (std::string S = nvccArch(Next()); !S.empty())
        Arch = S;
    } else if (Joined("-arch=") || Joined("--gpu-architecture=") ||
               Joined("-gencode=") || Joined("--generate-code=")) {
      if (std::string S = nvccArch(A); !S.empty())
        Arch = S;
    }
  }
}
} // namespace

bool compileFlagsFor(const std::string &BuildDir, const std::string &Source,
                     std::vector<std::string> &Flags, std::string &Arch,
                     std::string &Error) {
  std::string DbPath = BuildDir + "/compile_commands.json";
  auto Text = readTextFile(DbPath, Error);
  if (!Text)
    return false;
  auto Doc = parseJsonText(*Text, DbPath, Error);
  if (!Doc)
    return false;
  if (!Doc->is_array()) {
    Error = DbPath + ": $: expected an array of compile commands";
    return false;
  }
  char Cwd[PATH_MAX];
  std::string Here = ::getcwd(Cwd, sizeof(Cwd)) ? Cwd : ".";
  std::string Wanted = absolute(Source, Here);
  for (std::size_t I = 0; I < Doc->size(); ++I) {
    const nlohmann::json &E = (*Doc)[I];
    std::string P = "$[" + std::to_string(I) + "]";
    if (!E.is_object() || !E.contains("file") || !E["file"].is_string() ||
        !E.contains("directory") || !E["directory"].is_string()) {
      Error = DbPath + ": " + P +
              ": expected an object with \"directory\" and \"file\" strings";
      return false;
    }
    std::string Dir = E["directory"].get<std::string>();
    if (absolute(E["file"].get<std::string>(), Dir) != Wanted)
      continue;
    std::vector<std::string> Args;
    if (E.contains("arguments") && E["arguments"].is_array()) {
      for (const nlohmann::json &A : E["arguments"])
        if (A.is_string())
          Args.push_back(A.get<std::string>());
    } else if (E.contains("command") && E["command"].is_string()) {
      Args = splitCommandLine(E["command"].get<std::string>());
    } else {
      Error = DbPath + ": " + P +
              ": expected \"arguments\" (an array) or \"command\" (a string)";
      return false;
    }
    translate(Args, Dir, Flags, Arch);
    return true;
  }
  Error = DbPath + ": no entry for " + Source;
  return false;
}

} // namespace gpa::tool
