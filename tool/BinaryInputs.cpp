//===- BinaryInputs.cpp - PTX embedded in CUDA binaries -------------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The fatbinary container as nvcc writes it (into an ELF file's .nv_fatbin
// section, or alone with -fatbin): a 16-byte header (magic 0xBA55ED50, u16
// version, u16 header size, u64 size of the entries), then entries, each a
// header (u16 kind: 1 PTX, 2 ELF; u32 header size at +4; u64 payload size
// at +8; u32 sm version at +28; u64 flags at +40; u64 uncompressed size at
// +56) and its payload. CUDA 13 compresses payloads with zstd (frame magic
// 0xFD2FB528), read through libzstd loaded at run time (gpa/Zstd.h); older
// toolkits' other compression goes through cuobjdump when one is installed.
//
//===----------------------------------------------------------------------===//
#include "BinaryInputs.h"

#include "gpa/JsonReader.h"
#include "gpa/Zstd.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace gpa::tool {

namespace {
constexpr std::uint32_t FatbinMagic = 0xBA55ED50;

std::uint64_t readLe(const std::string &B, std::size_t At, unsigned Bytes) {
  std::uint64_t V = 0;
  for (unsigned I = 0; I < Bytes; ++I)
    V |= std::uint64_t(static_cast<unsigned char>(B[At + I])) << (8 * I);
  return V;
}

bool readBytes(const std::string &Path, std::string &Out, std::string &Error) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error = Path + ": cannot open file";
    return false;
  }
  Out.assign(std::istreambuf_iterator<char>(In), {});
  return true;
}

struct PtxCandidate {
  unsigned Sm = 0;
  std::string Group; ///< one translation unit: its fatbin, or its kernels
  std::string Text;
};

/// The architecture closest to Wanted: the newest not above it (PTX runs
/// on newer GPUs), else the oldest above it; Wanted 0 takes the newest.
std::size_t choose(const std::vector<PtxCandidate> &C, unsigned Wanted) {
  std::size_t Best = 0;
  for (std::size_t I = 1; I < C.size(); ++I) {
    unsigned B = C[Best].Sm, S = C[I].Sm;
    bool BFits = !Wanted || B <= Wanted, SFits = !Wanted || S <= Wanted;
    if ((SFits && !BFits) || (SFits && BFits && S > B) ||
        (!SFits && !BFits && S < B))
      Best = I;
  }
  return Best;
}

/// The kernels a PTX text declares, as a key that identifies its
/// translation unit in a listing (which does not say where one ends).
std::string entryNames(const std::string &Text) {
  std::string Key;
  for (std::size_t At = Text.find(".entry"); At != std::string::npos;
       At = Text.find(".entry", At + 6)) {
    std::size_t Begin = Text.find_first_not_of(" \t", At + 6);
    std::size_t End = Text.find_first_of(" \t(\n", Begin);
    if (Begin != std::string::npos)
      Key += Text.substr(Begin, End - Begin) + ",";
  }
  return Key;
}

bool finish(std::vector<PtxCandidate> &C, const std::string &Path,
            unsigned Wanted, const char *What, std::vector<EmbeddedPtx> &Out,
            std::string &Note, std::string &Error) {
  if (C.empty()) {
    Error = Path + ": no PTX in this " + What +
            " (compile with -gencode arch=compute_XX,code=compute_XX to "
            "embed it)";
    return false;
  }
  // Without --gpu, every translation unit takes the newest architecture
  // any of them has, so that one model fits all.
  if (!Wanted)
    for (const PtxCandidate &P : C)
      Wanted = std::max(Wanted, P.Sm);
  std::vector<std::string> Groups;
  for (const PtxCandidate &P : C)
    if (std::find(Groups.begin(), Groups.end(), P.Group) == Groups.end())
      Groups.push_back(P.Group);
  for (const std::string &G : Groups) {
    std::vector<PtxCandidate> Mine;
    for (PtxCandidate &P : C)
      if (P.Group == G)
        Mine.push_back(std::move(P));
    std::size_t I = choose(Mine, Wanted);
    EmbeddedPtx E;
    E.Text = std::move(Mine[I].Text);
    E.Name = Path + "(sm_" + std::to_string(Mine[I].Sm) + " PTX)";
    if (Mine.size() > 1) {
      std::string All;
      for (const PtxCandidate &P : Mine)
        All += (All.empty() ? "" : ", ") + std::string("sm_") +
               std::to_string(P.Sm);
      Note += (Note.empty() ? "" : "; ") + std::string("PTX for ") + All +
              "; analysed sm_" + std::to_string(Mine[I].Sm) +
              " (closest to sm_" + std::to_string(Wanted) + ")";
    }
    Out.push_back(std::move(E));
  }
  return true;
}

/// `cuobjdump -ptx` output: "Fatbin ptx code:" sections, each with header
/// lines ("arch = sm_80", "compressed", ...) before the PTX. Everything
/// but the chosen section's PTX becomes blank lines.
void splitListing(const std::string &Text, std::vector<PtxCandidate> &Out) {
  std::vector<std::string> Lines;
  std::size_t Start = 0;
  while (Start <= Text.size()) {
    std::size_t End = Text.find('\n', Start);
    if (End == std::string::npos)
      End = Text.size();
    Lines.push_back(Text.substr(Start, End - Start));
    Start = End + 1;
  }
  for (std::size_t I = 0; I < Lines.size(); ++I) {
    if (Lines[I].rfind("Fatbin ptx code:", 0) != 0)
      continue;
    PtxCandidate C;
    std::size_t J = I + 1;
    bool InPtx = false;
    std::string Body(I + 1, '\n');
    for (; J < Lines.size() && Lines[J].rfind("Fatbin ", 0) != 0; ++J) {
      const std::string &L = Lines[J];
      if (!InPtx && L.rfind("arch = sm_", 0) == 0)
        C.Sm = std::atoi(L.c_str() + 10);
      if (!InPtx && (L.rfind(".", 0) == 0 || L.rfind("//", 0) == 0))
        InPtx = true;
      Body += (InPtx ? L : std::string()) + "\n";
    }
    C.Text = std::move(Body);
    C.Group = entryNames(C.Text);
    Out.push_back(std::move(C));
    I = J - 1;
  }
}

enum class FatbinStatus { Ok, Malformed, Unreadable };

/// Appends the PTX entries of the fatbinaries in Data[Begin, End).
FatbinStatus readFatbins(const std::string &Data, std::size_t Begin,
                         std::size_t End, std::vector<PtxCandidate> &Out) {
  std::size_t At = Begin;
  while (At + 16 <= End) {
    if (readLe(Data, At, 4) != FatbinMagic) {
      At += 8; // fatbinaries in a section are 8-byte aligned
      continue;
    }
    std::uint64_t HeaderSize = readLe(Data, At + 6, 2);
    std::uint64_t Size = readLe(Data, At + 8, 8);
    if (HeaderSize < 16 || Size > End - At - HeaderSize)
      return FatbinStatus::Malformed;
    std::size_t Entry = At + HeaderSize, Last = Entry + Size;
    while (Entry + 64 <= Last) {
      std::uint64_t Kind = readLe(Data, Entry, 2);
      std::uint64_t EntryHeader = readLe(Data, Entry + 4, 4);
      std::uint64_t Payload = readLe(Data, Entry + 8, 8);
      if (EntryHeader < 64 || EntryHeader > Last - Entry ||
          Payload > Last - Entry - EntryHeader)
        return FatbinStatus::Malformed;
      if (Kind == 1) {
        PtxCandidate C;
        C.Group = std::to_string(At);
        C.Sm = static_cast<unsigned>(readLe(Data, Entry + 28, 4));
        std::string Bytes = Data.substr(Entry + EntryHeader, Payload);
        std::uint64_t Uncompressed = readLe(Data, Entry + 56, 8);
        if (isZstdFrame(Bytes)) {
          if (!zstdDecompress(Bytes, Uncompressed, C.Text))
            return FatbinStatus::Unreadable;
        } else if (Bytes.find(".version") != std::string::npos) {
          C.Text = std::move(Bytes);
        } else {
          return FatbinStatus::Unreadable;
        }
        C.Text.erase(std::find(C.Text.begin(), C.Text.end(), '\0'),
                     C.Text.end());
        Out.push_back(std::move(C));
      }
      Entry += EntryHeader + Payload;
    }
    At = (Last + 7) & ~std::size_t(7);
  }
  return FatbinStatus::Ok;
}

/// The [offset, end) of the ELF64 little-endian section named Name, or
/// false.
bool elfSection(const std::string &D, const char *Name, std::size_t &Begin,
                std::size_t &End) {
  if (D.size() < 64 || D[4] != 2 || D[5] != 1) // ELFCLASS64, little-endian
    return false;
  std::uint64_t ShOff = readLe(D, 0x28, 8);
  std::uint64_t ShEntSize = readLe(D, 0x3A, 2);
  std::uint64_t ShNum = readLe(D, 0x3C, 2);
  std::uint64_t ShStrNdx = readLe(D, 0x3E, 2);
  if (ShEntSize < 64 || ShStrNdx >= ShNum || ShOff > D.size() ||
      ShNum * ShEntSize > D.size() - ShOff)
    return false;
  auto Field = [&](std::uint64_t Index, unsigned At, unsigned Bytes) {
    return readLe(D, ShOff + Index * ShEntSize + At, Bytes);
  };
  std::uint64_t StrOff = Field(ShStrNdx, 0x18, 8);
  std::uint64_t StrSize = Field(ShStrNdx, 0x20, 8);
  if (StrOff > D.size() || StrSize > D.size() - StrOff)
    return false;
  for (std::uint64_t I = 0; I < ShNum; ++I) {
    std::uint64_t NameAt = Field(I, 0, 4);
    if (NameAt >= StrSize)
      continue;
    if (std::strncmp(D.data() + StrOff + NameAt, Name, StrSize - NameAt) != 0)
      continue;
    std::uint64_t Off = Field(I, 0x18, 8), Size = Field(I, 0x20, 8);
    if (Field(I, 4, 4) == 8 /* SHT_NOBITS */ || Off > D.size() ||
        Size > D.size() - Off)
      return false;
    Begin = Off;
    End = Off + Size;
    return true;
  }
  return false;
}

/// `cuobjdump -ptx Path` into Listing; false when no cuobjdump runs.
bool runCuobjdump(const std::string &Path, std::string &Listing) {
  std::vector<std::string> Tools;
  if (const char *Cuda = std::getenv("CUDA_PATH"); Cuda && *Cuda)
    Tools.push_back(std::string(Cuda) + "/bin/cuobjdump");
  Tools.push_back("/usr/local/cuda/bin/cuobjdump");
  Tools.push_back("cuobjdump");
  char OutPath[] = "/tmp/gpa-cuobjdump-XXXXXX";
  int Fd = ::mkstemp(OutPath);
  if (Fd < 0)
    return false;
  bool Ok = false;
  for (const std::string &Tool : Tools) {
    std::vector<std::string> Args = {Tool, "-ptx", Path};
    std::vector<char *> Argv;
    for (std::string &A : Args)
      Argv.push_back(A.data());
    Argv.push_back(nullptr);
    posix_spawn_file_actions_t Actions;
    posix_spawn_file_actions_init(&Actions);
    posix_spawn_file_actions_adddup2(&Actions, Fd, 1);
    posix_spawn_file_actions_addopen(&Actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t Pid;
    int Spawn = posix_spawnp(&Pid, Tool.c_str(), &Actions, nullptr, Argv.data(),
                             environ);
    posix_spawn_file_actions_destroy(&Actions);
    int Status = 0;
    if (Spawn != 0)
      continue;
    ::waitpid(Pid, &Status, 0);
    if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0) {
      std::string Ignored;
      Listing = readTextFile(OutPath, Ignored).value_or("");
      Ok = true;
    }
    break;
  }
  ::close(Fd);
  ::unlink(OutPath);
  return Ok;
}
} // namespace

bool isPtxContainer(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  char Head[256] = {};
  In.read(Head, sizeof(Head));
  std::string H(Head, static_cast<std::size_t>(In.gcount()));
  if (H.size() < 4)
    return false;
  std::size_t Text = H.find_first_not_of(" \t\r\n");
  return H.compare(0, 4,
                   "\x7f"
                   "ELF") == 0 ||
         readLe(H, 0, 4) == FatbinMagic ||
         (Text != std::string::npos && H.compare(Text, 7, "Fatbin ") == 0);
}

bool readPtxInput(const std::string &Path, unsigned WantedSm,
                  std::vector<EmbeddedPtx> &Out, std::string &Note,
                  std::string &Error) {
  std::string Data;
  if (!readBytes(Path, Data, Error))
    return false;
  std::vector<PtxCandidate> C;
  bool Elf = Data.compare(0, 4,
                          "\x7f"
                          "ELF") == 0;
  if (!Elf && (Data.size() < 4 || readLe(Data, 0, 4) != FatbinMagic)) {
    if (Data.find("Fatbin ptx code:") == std::string::npos &&
        Data.find("Fatbin elf code:") == std::string::npos) {
      Out.push_back({std::move(Data), Path});
      return true;
    }
    splitListing(Data, C);
    if (!finish(C, Path, WantedSm, "cuobjdump listing", Out, Note, Error))
      return false;
    for (EmbeddedPtx &E : Out)
      E.Name = Path; // line numbers are the listing's
    return true;
  }
  std::size_t Begin = 0, End = Data.size();
  if (Elf && !elfSection(Data, ".nv_fatbin", Begin, End)) {
    Error = Path + ": no .nv_fatbin section: not a CUDA object or " +
            "executable (a cubin has no PTX; pass the object, the "
            "executable or its PTX)";
    return false;
  }
  FatbinStatus S = readFatbins(Data, Begin, End, C);
  if (S == FatbinStatus::Malformed) {
    Error = Path + ": malformed fatbinary (an entry runs past its container)";
    return false;
  }
  if (S == FatbinStatus::Unreadable) {
    std::string Listing;
    C.clear();
    if (!runCuobjdump(Path, Listing)) {
      Error = Path + ": the embedded PTX is compressed in a format gpa " +
              "cannot read and no cuobjdump ran ($CUDA_PATH/bin or PATH); " +
              "pass `cuobjdump -ptx " + Path + "` output instead";
      return false;
    }
    splitListing(Listing, C);
  }
  return finish(C, Path, WantedSm, Elf ? "binary" : "fatbinary", Out, Note,
                Error);
}

} // namespace gpa::tool
