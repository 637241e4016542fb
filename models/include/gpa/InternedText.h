//===- InternedText.h - Texts kept for the life of the process --*- C++ -*-===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Power estimates name their components and their provenance. The texts are
// a handful per GPU model and backend, but an estimate is made for every
// configuration of a sweep: held as views of interned texts, an estimate
// copies no string (docs/architecture.md "Cost"). Interned texts are never
// freed; equal texts share one copy, so the pool holds each distinct text
// once however often it is interned. Thread-safe.
//
//===----------------------------------------------------------------------===//
#ifndef GPA_INTERNEDTEXT_H
#define GPA_INTERNEDTEXT_H

#include <string_view>

namespace gpa {

/// A view of a process-lifetime copy of Text (the same view for equal texts).
std::string_view internText(std::string_view Text);

} // namespace gpa

#endif
