//===- SystemHeaders.cpp - Paths that are not the user's code -------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/SystemHeaders.h"

namespace gpa {

static bool startsWith(const std::string &S, const char *Prefix) {
  return S.rfind(Prefix, 0) == 0;
}

bool isSystemHeaderPath(const std::string &P) {
  if (P.empty())
    return false;
  std::string Base = P.substr(P.find_last_of('/') + 1);
  if (startsWith(Base, "__clang_"))
    return true;
  auto Has = [&](const char *Part) {
    return P.find(Part) != std::string::npos;
  };
  if (Has("/lib/clang/") && Has("/include/"))
    return true;
  if (startsWith(P, "/usr/include/") || Has("/include/crt/"))
    return true;
  // The CUDA toolkit: /usr/local/cuda[-13.0]/include, /opt/cuda/include,
  // $CUDA_PATH/targets/<arch>/include.
  std::size_t Cuda = P.find("/cuda");
  return Cuda != std::string::npos &&
         P.find("/include/", Cuda) != std::string::npos &&
         (startsWith(P, "/usr/") || startsWith(P, "/opt/"));
}

} // namespace gpa
