//===- InternedText.cpp - Texts kept for the life of the process ----------===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/InternedText.h"

#include <mutex>
#include <string>
#include <unordered_set>

namespace gpa {

std::string_view internText(std::string_view Text) {
  static std::mutex Lock;
  // Node-based: an element's characters never move once inserted.
  static std::unordered_set<std::string> *Pool =
      new std::unordered_set<std::string>(); // never destroyed: views outlive
  std::lock_guard<std::mutex> Guard(Lock);
  return *Pool->emplace(Text).first;
}

} // namespace gpa
