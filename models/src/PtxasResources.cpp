//===- PtxasResources.cpp - Registers of PTX kernels from ptxas -v --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/PtxasResources.h"

#include "gpa/JsonReader.h"
#include "gpa/Subprocess.h"

#include <cstdlib>
#include <unistd.h>
#include <vector>

namespace gpa {

std::string findPtxas() {
  if (const char *Off = std::getenv("GPA_PTXAS");
      Off && std::string(Off) == "off")
    return "";
  std::vector<std::string> Roots;
  if (const char *Env = std::getenv("CUDA_PATH"); Env && *Env)
    Roots.push_back(Env);
  Roots.push_back("/usr/local/cuda");
  for (const std::string &Root : Roots) {
    std::string Path = Root + "/bin/ptxas";
    if (::access(Path.c_str(), X_OK) == 0)
      return Path;
  }
  return "";
}

bool ptxasResources(const std::string &PtxPath, unsigned Sm, ResourceTable &Out,
                    std::string &Why) {
  std::string Ptxas = findPtxas();
  if (Ptxas.empty()) {
    Why = "no CUDA toolkit ptxas ($CUDA_PATH/bin, /usr/local/cuda/bin) or "
          "GPA_PTXAS=off";
    return false;
  }
  std::vector<std::string> Args = {
      Ptxas, "-v",        "--gpu-name", "sm_" + std::to_string(Sm ? Sm : 80),
      "-o",  "/dev/null", PtxPath};
  ProcessResult Run = runCapturingOutput(std::move(Args), /*WithStdout=*/true);
  if (!Run.Captured) {
    Why = "cannot create a temporary file for ptxas";
    return false;
  }
  if (!Run.Succeeded) {
    Why = "ptxas -v failed for sm_" + std::to_string(Sm);
    return false;
  }
  const std::string &Text = Run.Output;
  if (parsePtxasVerbose(Text, Out) == 0) {
    Why = "ptxas -v reported no entry function";
    return false;
  }
  return true;
}

bool ptxasResourcesOfText(const std::string &Ptx, unsigned Sm,
                          ResourceTable &Out, std::string &Why) {
  if (findPtxas().empty()) {
    Why = "no CUDA toolkit ptxas ($CUDA_PATH/bin, /usr/local/cuda/bin) or "
          "GPA_PTXAS=off";
    return false;
  }
  char Path[] = "/tmp/gpa-ptx-XXXXXX.ptx";
  int Fd = ::mkstemps(Path, 4);
  if (Fd < 0) {
    Why = "cannot create a temporary file for ptxas";
    return false;
  }
  bool Written = ::write(Fd, Ptx.data(), Ptx.size()) == ssize_t(Ptx.size());
  ::close(Fd);
  bool Ok = Written && ptxasResources(Path, Sm, Out, Why);
  if (!Written)
    Why = "cannot write a temporary file for ptxas";
  ::unlink(Path);
  return Ok;
}

} // namespace gpa
