//===- KernelResources.cpp - Fatbinary, cubin and ptxas -v readers --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Layouts (little-endian throughout):
//  - fatbinary: header {u32 magic 0xBA55ED50, u16 version, u16 header size,
//    u64 size of the entries}; each entry {u16 kind (1 PTX, 2 ELF), u16,
//    u32 header size, u64 payload size, u32, u32, u16 minor, u16 major,
//    u32 sm, u32 name offset, u32 name size, u64 flags, ...} followed by its
//    payload. Flag 0x2000 marks an LZ4-compressed payload (CUDA 11-12), flag
//    0x8000 a zstd-compressed one (CUDA 12.8+: `fatbinary --compress-all`
//    compresses ELF images too, the default only PTX); u64 at +56 is the
//    uncompressed size. zstd payloads are decompressed (gpa/Zstd.h); any
//    other, or zstd without libzstd, leaves the image `Compressed`, as does
//    a cubin payload that is not ELF whatever the flags say.
//  - cubin: ELF64. `.nv.info` sections hold attribute records {u8 format,
//    u8 attribute, u16 size or inline value}; format 4 (EIFMT_SVAL) records
//    carry `size` bytes after the header, the others none. In the module's
//    `.nv.info`, EIATTR_REGCOUNT (0x2f) and EIATTR_FRAME_SIZE (0x11) are
//    {u32 symbol index, u32 value}; in `.nv.info.<kernel>`,
//    EIATTR_MAX_THREADS (0x05) is {u32 x, u32 y, u32 z}.
// These are the layouts cuobjdump prints; the tests compare every value with
// `ptxas -v` for the same code (test/cli/kernel-resources.test).
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelResources.h"
#include "gpa/Zstd.h"

#include <cctype>
#include <cstring>
#include <sstream>

namespace gpa {

namespace {
constexpr std::uint32_t FatbinMagic = 0xBA55ED50u;
constexpr std::uint64_t FatbinLz4Flag = 0x2000, FatbinZstdFlag = 0x8000;
constexpr unsigned EiattrMaxThreads = 0x05;
constexpr unsigned EiattrFrameSize = 0x11;
constexpr unsigned EiattrRegCount = 0x2f;
constexpr unsigned EifmtSval = 4;

/// Bounds-checked little-endian reads.
class Bytes {
public:
  explicit Bytes(const std::string &S) : S(S) {}
  bool has(std::uint64_t Off, std::uint64_t N) const {
    return Off <= S.size() && N <= S.size() - Off;
  }
  std::uint64_t get(std::uint64_t Off, unsigned N) const {
    std::uint64_t V = 0;
    for (unsigned I = 0; I < N; ++I)
      V |= std::uint64_t(static_cast<unsigned char>(S[Off + I])) << (8 * I);
    return V;
  }
  std::string str(std::uint64_t Off) const {
    if (Off >= S.size())
      return "";
    std::size_t End = S.find('\0', Off);
    return S.substr(Off,
                    End == std::string::npos ? std::string::npos : End - Off);
  }
  const std::string &S;
};

struct Section {
  std::string Name;
  std::uint32_t Type = 0;
  std::uint64_t Offset = 0, Size = 0;
  std::uint32_t Info = 0;
};
} // namespace

bool readFatbinary(const std::string &Data, std::vector<FatbinImage> &Out,
                   std::string &Error) {
  Bytes B(Data);
  if (!B.has(0, 16) || B.get(0, 4) != FatbinMagic) {
    Error = "not a CUDA fatbinary (magic 0xBA55ED50 expected)";
    return false;
  }
  // Several fatbinaries may be concatenated (one per translation unit).
  std::uint64_t Start = 0;
  while (B.has(Start, 16) && B.get(Start, 4) == FatbinMagic) {
    std::uint64_t HeaderSize = B.get(Start + 6, 2);
    std::uint64_t Total = B.get(Start + 8, 8);
    std::uint64_t Pos = Start + HeaderSize, End = Pos + Total;
    if (!B.has(Pos, Total)) {
      Error = "truncated fatbinary";
      return false;
    }
    while (Pos + 64 <= End) {
      std::uint64_t EntryHeader = B.get(Pos + 4, 4);
      std::uint64_t Payload = B.get(Pos + 8, 8);
      if (EntryHeader < 64 || !B.has(Pos + EntryHeader, Payload) ||
          Pos + EntryHeader + Payload > End) {
        Error = "malformed fatbinary entry";
        return false;
      }
      FatbinImage Img;
      Img.IsCubin = B.get(Pos, 2) == 2;
      Img.Sm = unsigned(B.get(Pos + 28, 4));
      Img.Bytes = Data.substr(Pos + EntryHeader, Payload);
      std::string Plain;
      if (isZstdFrame(Img.Bytes) &&
          zstdDecompress(Img.Bytes, B.get(Pos + 56, 8), Plain))
        Img.Bytes = std::move(Plain);
      else
        Img.Compressed =
            (B.get(Pos + 40, 8) & (FatbinLz4Flag | FatbinZstdFlag)) != 0 ||
            (Img.IsCubin && Img.Bytes.compare(0, 4,
                                              "\x7f"
                                              "ELF") != 0);
      Out.push_back(std::move(Img));
      Pos += EntryHeader + Payload;
    }
    Start = (End + 7) / 8 * 8; // the next one starts 8-byte aligned
    while (Start < Data.size() && B.has(Start, 4) &&
           B.get(Start, 4) != FatbinMagic && B.get(Start, 4) == 0)
      Start += 4;
  }
  return true;
}

bool readCubinResources(const std::string &Elf, ResourceTable &Out,
                        std::string &Error) {
  Bytes B(Elf);
  if (!B.has(0, 64) ||
      Elf.compare(0, 4,
                  "\x7f"
                  "ELF") != 0 ||
      Elf[4] != 2 || Elf[5] != 1) {
    Error = "not a little-endian ELF64 cubin";
    return false;
  }
  std::uint64_t ShOff = B.get(0x28, 8);
  unsigned ShEntSize = unsigned(B.get(0x3a, 2)),
           ShNum = unsigned(B.get(0x3c, 2));
  unsigned ShStrNdx = unsigned(B.get(0x3e, 2));
  if (ShEntSize < 64 || !B.has(ShOff, std::uint64_t(ShEntSize) * ShNum) ||
      ShStrNdx >= ShNum) {
    Error = "malformed cubin section table";
    return false;
  }
  std::vector<Section> Sections(ShNum);
  for (unsigned I = 0; I < ShNum; ++I) {
    std::uint64_t H = ShOff + std::uint64_t(I) * ShEntSize;
    Sections[I].Name = std::to_string(B.get(H, 4)); // resolved below
    Sections[I].Type = std::uint32_t(B.get(H + 4, 4));
    Sections[I].Offset = B.get(H + 0x18, 8);
    Sections[I].Size = B.get(H + 0x20, 8);
    Sections[I].Info = std::uint32_t(B.get(H + 0x2c, 4));
  }
  std::uint64_t StrBase = Sections[ShStrNdx].Offset;
  for (Section &S : Sections)
    S.Name = B.str(StrBase + std::stoull(S.Name));

  // Symbol index -> name, from .symtab and its string table.
  std::vector<std::string> Symbols;
  for (const Section &S : Sections) {
    if (S.Name != ".symtab" || !B.has(S.Offset, S.Size))
      continue;
    const Section *Str = nullptr;
    for (const Section &T : Sections)
      if (T.Name == ".strtab")
        Str = &T;
    for (std::uint64_t Off = 0; Str && Off + 24 <= S.Size; Off += 24)
      Symbols.push_back(B.str(Str->Offset + B.get(S.Offset + Off, 4)));
  }
  auto symbol = [&](std::uint64_t Index) {
    return Index < Symbols.size() ? Symbols[Index] : std::string();
  };

  auto records = [&](const Section &S, auto Visit) {
    if (!B.has(S.Offset, S.Size))
      return;
    for (std::uint64_t P = S.Offset, End = S.Offset + S.Size; P + 4 <= End;) {
      unsigned Format = unsigned(B.get(P, 1)), Attr = unsigned(B.get(P + 1, 1));
      std::uint64_t Size = Format == EifmtSval ? B.get(P + 2, 2) : 0;
      if (P + 4 + Size > End)
        return;
      Visit(Attr, P + 4, Size);
      P += 4 + Size;
    }
  };

  const std::string Text = ".text.", Info = ".nv.info.", Shared = ".nv.shared.";
  for (const Section &S : Sections) {
    if (S.Name.compare(0, Text.size(), Text) == 0) {
      KernelResources &R = Out[S.Name.substr(Text.size())];
      if (!R.Registers)
        R.Registers = S.Info >> 24;
    } else if (S.Name.compare(0, Shared.size(), Shared) == 0) {
      Out[S.Name.substr(Shared.size())].SharedBytes = S.Size;
    } else if (S.Name.compare(0, Info.size(), Info) == 0) {
      std::string Kernel = S.Name.substr(Info.size());
      records(S, [&](unsigned Attr, std::uint64_t At, std::uint64_t Size) {
        if (Attr == EiattrMaxThreads && Size >= 12)
          Out[Kernel].MaxThreadsPerBlock =
              B.get(At, 4) * B.get(At + 4, 4) * B.get(At + 8, 4);
      });
    } else if (S.Name == ".nv.info") {
      records(S, [&](unsigned Attr, std::uint64_t At, std::uint64_t Size) {
        if (Size < 8 || (Attr != EiattrRegCount && Attr != EiattrFrameSize))
          return;
        std::string Name = symbol(B.get(At, 4));
        if (Name.empty())
          return;
        KernelResources &R = Out[Name];
        if (Attr == EiattrRegCount)
          R.Registers = unsigned(B.get(At + 4, 4));
        else
          R.LocalBytes = B.get(At + 4, 4);
      });
    }
  }
  return true;
}

std::string readElfSection(const std::string &Elf, const std::string &Name) {
  Bytes B(Elf);
  if (!B.has(0, 64) ||
      Elf.compare(0, 4,
                  "\x7f"
                  "ELF") != 0 ||
      Elf[4] != 2)
    return "";
  std::uint64_t ShOff = B.get(0x28, 8);
  unsigned ShEntSize = unsigned(B.get(0x3a, 2)),
           ShNum = unsigned(B.get(0x3c, 2));
  unsigned ShStrNdx = unsigned(B.get(0x3e, 2));
  if (ShEntSize < 64 || !B.has(ShOff, std::uint64_t(ShEntSize) * ShNum) ||
      ShStrNdx >= ShNum)
    return "";
  std::uint64_t StrBase =
      B.get(ShOff + std::uint64_t(ShStrNdx) * ShEntSize + 0x18, 8);
  for (unsigned I = 0; I < ShNum; ++I) {
    std::uint64_t H = ShOff + std::uint64_t(I) * ShEntSize;
    if (B.str(StrBase + B.get(H, 4)) != Name)
      continue;
    std::uint64_t Off = B.get(H + 0x18, 8), Size = B.get(H + 0x20, 8);
    return B.has(Off, Size) ? Elf.substr(Off, Size) : "";
  }
  return "";
}

bool readResourcesOfBinary(const std::string &Data,
                           std::map<std::string, ResourceTable> &Out,
                           std::string &Error) {
  std::string Fatbin = Data;
  if (Data.compare(0, 4,
                   "\x7f"
                   "ELF") == 0) {
    Fatbin = readElfSection(Data, ".nv_fatbin");
    if (Fatbin.empty()) {
      // A cubin itself; its sm is in e_flags bits 0..7 (cc 8.x) or 16..23.
      ResourceTable T;
      if (!readCubinResources(Data, T, Error))
        return false;
      Out["cubin"] = std::move(T);
      return true;
    }
  }
  std::vector<FatbinImage> Images;
  if (!readFatbinary(Fatbin, Images, Error))
    return false;
  bool Any = false;
  for (const FatbinImage &I : Images) {
    if (!I.IsCubin)
      continue;
    if (I.Compressed) {
      Error = "sm_" + std::to_string(I.Sm) +
              " cubin is compressed in a format gpa cannot read (zstd needs "
              "libzstd.so.1)";
      continue;
    }
    Any |=
        readCubinResources(I.Bytes, Out["sm_" + std::to_string(I.Sm)], Error);
  }
  if (!Any && Error.empty())
    Error = "no cubin in the fatbinary (PTX only)";
  return Any;
}

std::size_t parsePtxasVerbose(const std::string &Text, ResourceTable &Out) {
  std::istringstream In(Text);
  std::string Line, Current, PropertiesOf;
  std::size_t Kernels = 0;
  auto numberBefore = [](const std::string &L, const char *Unit,
                         std::uint64_t &V) {
    std::size_t At = L.find(Unit);
    if (At == std::string::npos || At == 0)
      return false;
    std::size_t Begin = L.find_last_not_of("0123456789", At - 1);
    Begin = Begin == std::string::npos ? 0 : Begin + 1;
    if (Begin >= At)
      return false;
    V = std::stoull(L.substr(Begin, At - Begin));
    return true;
  };
  while (std::getline(In, Line)) {
    const std::string Entry = "Compiling entry function '";
    std::size_t At = Line.find(Entry);
    if (At != std::string::npos) {
      std::size_t Begin = At + Entry.size();
      std::size_t End = Line.find('\'', Begin);
      Current = Line.substr(Begin, End == std::string::npos ? std::string::npos
                                                            : End - Begin);
      Out[Current];
      ++Kernels;
      continue;
    }
    // "Function properties for F" also names device functions: only the
    // entry function's own frame is kept.
    const std::string Props = "Function properties for ";
    if ((At = Line.find(Props)) != std::string::npos) {
      PropertiesOf = Line.substr(At + Props.size());
      while (!PropertiesOf.empty() &&
             std::isspace((unsigned char)PropertiesOf.back()))
        PropertiesOf.pop_back();
      continue;
    }
    if (Current.empty())
      continue;
    KernelResources &R = Out[Current];
    std::uint64_t V = 0;
    if (PropertiesOf == Current && numberBefore(Line, " bytes stack frame", V))
      R.LocalBytes = V;
    if (PropertiesOf == Current && numberBefore(Line, " bytes spill stores", V))
      R.SpillStoreBytes = V;
    if (PropertiesOf == Current && numberBefore(Line, " bytes spill loads", V))
      R.SpillLoadBytes = V;
    if (numberBefore(Line, " registers", V) &&
        Line.find("Used ") != std::string::npos)
      R.Registers = unsigned(V);
    if (numberBefore(Line, " bytes smem", V))
      R.SharedBytes = V;
  }
  return Kernels;
}

} // namespace gpa
