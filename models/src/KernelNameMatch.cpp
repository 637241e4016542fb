//===- KernelNameMatch.cpp - How a user's kernel pattern names a kernel --===//
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelNameMatch.h"

#include <algorithm>
#include <cstdlib>
#include <cxxabi.h>

namespace gpa {

static bool matchSet(const std::string &P, std::size_t &I, char C) {
  // P[I] is just after '['; on return I is just after ']'.
  bool Negate = I < P.size() && (P[I] == '!' || P[I] == '^');
  if (Negate)
    ++I;
  bool Found = false;
  bool First = true;
  while (I < P.size() && (P[I] != ']' || First)) {
    First = false;
    char Lo = P[I], Hi = Lo;
    if (I + 2 < P.size() && P[I + 1] == '-' && P[I + 2] != ']') {
      Hi = P[I + 2];
      I += 2;
    }
    Found |= Lo <= C && C <= Hi;
    ++I;
  }
  ++I; // ']'
  return Found != Negate;
}

bool globMatch(const std::string &P, const std::string &T) {
  // Iterative matcher with one backtrack point for the last '*'.
  std::size_t Pi = 0, Ti = 0, StarP = std::string::npos, StarT = 0;
  while (Ti < T.size()) {
    if (Pi < P.size() && P[Pi] == '*') {
      StarP = Pi++;
      StarT = Ti;
      continue;
    }
    if (Pi < P.size() && P[Pi] == '[' &&
        P.find(']', Pi + 2) != std::string::npos) {
      std::size_t Next = Pi + 1;
      if (matchSet(P, Next, T[Ti])) {
        Pi = Next;
        ++Ti;
        continue;
      }
    } else if (Pi < P.size() && (P[Pi] == '?' || P[Pi] == T[Ti])) {
      ++Pi;
      ++Ti;
      continue;
    }
    if (StarP == std::string::npos)
      return false;
    Pi = StarP + 1;
    Ti = ++StarT;
  }
  while (Pi < P.size() && P[Pi] == '*')
    ++Pi;
  return Pi == P.size();
}

std::string demangleKernelName(const std::string &Mangled) {
  if (Mangled.compare(0, 2, "_Z") != 0)
    return Mangled;
  int Status = 0;
  char *D = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  std::string Out = Status == 0 && D ? D : Mangled;
  std::free(D);
  return Out;
}

namespace {
/// The index of the bracket that opens the group closing at S[End - 1]
/// (')' or '>'), counting nested (), <> and []; npos when unbalanced.
std::size_t openingOf(const std::string &S, std::size_t End) {
  int Depth = 0;
  for (std::size_t I = End; I-- > 0;) {
    char C = S[I];
    if (C == ')' || C == '>' || C == ']')
      ++Depth;
    else if (C == '(' || C == '<' || C == '[')
      if (--Depth == 0)
        return I;
  }
  return std::string::npos;
}

/// Where the last top-level component of a qualified name starts: after
/// the last "::" or space outside brackets (a template's return type).
std::size_t lastComponent(const std::string &S, bool StopAtScope) {
  int Depth = 0;
  for (std::size_t I = S.size(); I-- > 0;) {
    char C = S[I];
    if (C == ')' || C == '>' || C == ']')
      ++Depth;
    else if (C == '(' || C == '<' || C == '[')
      --Depth;
    else if (Depth == 0 && C == ' ')
      return I + 1;
    else if (Depth == 0 && StopAtScope && C == ':' && I > 0 && S[I - 1] == ':')
      return I + 1;
  }
  return 0;
}

/// Trailing cv/ref qualifiers of a member function never name a kernel; a
/// kernel's demangled name ends in its parameter list.
std::string withoutParameters(const std::string &S) {
  if (S.empty() || S.back() != ')')
    return S;
  std::size_t Open = openingOf(S, S.size());
  return Open == std::string::npos || Open == 0 ? S : S.substr(0, Open);
}

std::string withoutTemplateArguments(const std::string &S) {
  if (S.empty() || S.back() != '>')
    return S;
  std::size_t Open = openingOf(S, S.size());
  return Open == std::string::npos || Open == 0 ? S : S.substr(0, Open);
}

/// "ns::k<float>" from "void ns::k<float>(float*)": drop the parameters,
/// then the return type (text before the last top-level space).
std::string qualifiedName(const std::string &Demangled) {
  std::string S = withoutParameters(Demangled);
  return S.substr(lastComponent(S, /*StopAtScope=*/false));
}
} // namespace

std::string kernelBaseName(const std::string &Demangled) {
  std::string S = withoutTemplateArguments(qualifiedName(Demangled));
  return S.substr(lastComponent(S, /*StopAtScope=*/true));
}

std::vector<std::string> kernelNameForms(const std::string &Mangled,
                                         const std::string &Demangled) {
  std::string Full =
      Demangled.empty() ? demangleKernelName(Mangled) : Demangled;
  std::string Qualified = qualifiedName(Full);
  std::vector<std::string> Forms;
  for (std::string Form :
       {Mangled, Full, Qualified, withoutTemplateArguments(Qualified),
        kernelBaseName(Full)})
    if (!Form.empty() &&
        std::find(Forms.begin(), Forms.end(), Form) == Forms.end())
      Forms.push_back(std::move(Form));
  return Forms;
}

bool kernelNameMatches(const std::string &Pattern, const std::string &Mangled,
                       const std::string &Demangled) {
  for (const std::string &Form : kernelNameForms(Mangled, Demangled))
    if (Pattern == Form || globMatch(Pattern, Form))
      return true;
  return false;
}

} // namespace gpa
