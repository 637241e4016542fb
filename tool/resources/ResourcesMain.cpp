//===- ResourcesMain.cpp - gpa-resources: what ptxas produced per kernel --===//
//
// SPDX-License-Identifier: Apache-2.0
//
// gpa-resources FILE...  (a cubin, a fatbinary, or a host object embedding
// one): one line per kernel and arch, `NAME registers=R shared=S local=L`,
// sorted. Exit 2 when a file cannot be read.
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelResources.h"

#include <fstream>
#include <iostream>
#include <sstream>

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::cerr << "usage: gpa-resources FILE.cubin|FILE.fatbin|FILE.o...\n";
    return 2;
  }
  for (int I = 1; I < Argc; ++I) {
    std::ifstream In(Argv[I], std::ios::binary);
    if (!In) {
      std::cerr << "gpa-resources: " << Argv[I] << ": cannot open\n";
      return 2;
    }
    std::stringstream Buffer;
    Buffer << In.rdbuf();
    std::map<std::string, gpa::ResourceTable> ByArch;
    std::string Error;
    if (!gpa::readResourcesOfBinary(Buffer.str(), ByArch, Error)) {
      std::cerr << "gpa-resources: " << Argv[I] << ": " << Error << "\n";
      return 2;
    }
    for (const auto &[Arch, Table] : ByArch)
      for (const auto &[Name, R] : Table) {
        std::cout << Name;
        if (ByArch.size() > 1)
          std::cout << " arch=" << Arch;
        std::cout << " registers=" << R.Registers << " shared=" << R.SharedBytes
                  << " local=" << R.LocalBytes;
        if (R.MaxThreadsPerBlock)
          std::cout << " max_threads=" << R.MaxThreadsPerBlock;
        std::cout << "\n";
      }
  }
  return 0;
}
