//===- FatbinReaderTest.cpp - Fatbinary and cubin reader --------------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// The reader (gpa/KernelResources.h) on binaries clang and ptxas made at
// test time from Inputs/fatbin_kernels.cu (MakeFatbinFixtures.cmake). The
// expected values are derived by hand in that file's comment, not read
// from the reader; the compressed and damaged cases edit a real fatbinary
// as the format describes (models/src/KernelResources.cpp).
//
//===----------------------------------------------------------------------===//
#include "gpa/KernelResources.h"
#include "gpa/Zstd.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

using namespace gpa;

namespace {
std::string fixture(const std::string &Name) {
  std::ifstream In(std::string(GPA_FATBIN_DIR) + "/" + Name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), {});
}

const char *const Tile = "_Z4tilePf";
const char *const Indexed = "_Z7indexedPfPKfi";
const char *const Pressure = "_Z8pressurePfi";

/// The hand-derived values of Inputs/fatbin_kernels.cu.
void expectKnownResources(const ResourceTable &T) {
  ASSERT_EQ(T.size(), 3u);
  EXPECT_EQ(T.at(Tile).SharedBytes, 1024u);       // 256 floats
  EXPECT_EQ(T.at(Tile).MaxThreadsPerBlock, 128u); // __launch_bounds__(128)
  EXPECT_EQ(T.at(Indexed).LocalBytes, 256u);      // 64 floats
  EXPECT_EQ(T.at(Indexed).SharedBytes, 0u);
  EXPECT_EQ(T.at(Pressure).Registers, 24u); // -maxrregcount 24
  EXPECT_GT(T.at(Pressure).LocalBytes, 0u); // the spills' frame
  for (const auto &[Name, R] : T) {
    EXPECT_GE(R.Registers, 2u) << Name; // at least the stack pointer pair
    EXPECT_LE(R.Registers, 24u) << Name;
    // A cubin does not record spill traffic (only `ptxas -v` does).
    EXPECT_EQ(R.SpillStoreBytes, 0u) << Name;
  }
}

/// The one fatbinary of a host object, with its sm_80 cubin's entry offset.
std::string fatbinOf(const std::string &Object) {
  return readElfSection(Object, ".nv_fatbin");
}

/// Little-endian write into a fatbinary's first entry header (at 16).
void setEntryField(std::string &Fatbin, unsigned At, std::uint64_t V,
                   unsigned Bytes) {
  for (unsigned I = 0; I < Bytes; ++I)
    Fatbin[16 + At + I] = char((V >> (8 * I)) & 0xff);
}

class FatbinReader : public ::testing::Test {
protected:
  void SetUp() override {
    Plain = fixture("plain.o");
    if (Plain.empty())
      GTEST_SKIP() << "no fixtures in " << GPA_FATBIN_DIR
                   << " (needs clang and the CUDA toolkit)";
  }
  std::string Plain;
};
} // namespace

TEST_F(FatbinReader, CubinAlone) {
  ResourceTable T;
  std::string Error;
  ASSERT_TRUE(readCubinResources(fixture("kernels.cubin"), T, Error)) << Error;
  expectKnownResources(T);
}

TEST_F(FatbinReader, UncompressedFatbinInHostObject) {
  std::vector<FatbinImage> Images;
  std::string Error;
  ASSERT_TRUE(readFatbinary(fatbinOf(Plain), Images, Error)) << Error;
  ASSERT_EQ(Images.size(), 1u); // clang embeds the sm_80 cubin only
  EXPECT_TRUE(Images[0].IsCubin);
  EXPECT_FALSE(Images[0].Compressed);
  EXPECT_EQ(Images[0].Sm, 80u);
  ResourceTable T;
  ASSERT_TRUE(readCubinResources(Images[0].Bytes, T, Error)) << Error;
  expectKnownResources(T);
  // The same cubin as the device-only compile's.
  ResourceTable Alone;
  ASSERT_TRUE(readCubinResources(fixture("kernels.cubin"), Alone, Error));
  for (const auto &[Name, R] : Alone) {
    EXPECT_EQ(T[Name].Registers, R.Registers) << Name;
    EXPECT_EQ(T[Name].LocalBytes, R.LocalBytes) << Name;
  }
}

TEST_F(FatbinReader, ZstdCompressedCubin) {
  std::string Zstd = fixture("zstd.o");
  ASSERT_FALSE(Zstd.empty());
  std::string Fatbin = fatbinOf(Zstd);
  ASSERT_GE(Fatbin.size(), 16u + 64u + 4u);
  // fatbinary --compress-all: flag 0x8000 and a zstd frame as payload.
  std::uint64_t Flags = 0;
  for (unsigned I = 0; I < 8; ++I)
    Flags |= std::uint64_t((unsigned char)Fatbin[16 + 40 + I]) << (8 * I);
  EXPECT_NE(Flags & 0x8000, 0u);
  EXPECT_TRUE(isZstdFrame(Fatbin.substr(16 + 64)));
  std::map<std::string, ResourceTable> ByArch;
  std::string Error;
  if (!zstdAvailable()) {
    EXPECT_FALSE(readResourcesOfBinary(Zstd, ByArch, Error));
    EXPECT_NE(Error.find("compressed"), std::string::npos) << Error;
    GTEST_SKIP() << "libzstd.so.1 cannot be loaded";
  }
  ASSERT_TRUE(readResourcesOfBinary(Zstd, ByArch, Error)) << Error;
  ASSERT_EQ(ByArch.count("sm_80"), 1u);
  expectKnownResources(ByArch["sm_80"]);
}

TEST_F(FatbinReader, OtherCompressionIsReportedNotMisread) {
  // An LZ4-flagged entry (flag 0x2000, older toolkits): flagged compressed,
  // whatever its payload, and readResourcesOfBinary says why it read none.
  std::string Fatbin = fatbinOf(Plain);
  setEntryField(Fatbin, 40, 0x2000 | 0x11, 8);
  std::vector<FatbinImage> Images;
  std::string Error;
  ASSERT_TRUE(readFatbinary(Fatbin, Images, Error)) << Error;
  ASSERT_EQ(Images.size(), 1u);
  EXPECT_TRUE(Images[0].Compressed);
  std::map<std::string, ResourceTable> ByArch;
  EXPECT_FALSE(readResourcesOfBinary(Fatbin, ByArch, Error));
  EXPECT_NE(Error.find("sm_80 cubin is compressed"), std::string::npos)
      << Error;
  // A cubin entry whose payload is not ELF, flags clear: compressed too.
  Fatbin = fatbinOf(Plain);
  Fatbin[16 + 64] = 'X';
  Images.clear();
  ASSERT_TRUE(readFatbinary(Fatbin, Images, Error)) << Error;
  EXPECT_TRUE(Images[0].Compressed);
}

TEST_F(FatbinReader, DamagedFatbinaries) {
  std::string Fatbin = fatbinOf(Plain);
  std::vector<FatbinImage> Images;
  std::string Error;
  // Cut in the middle of its payload: the header's size runs past the end.
  EXPECT_FALSE(
      readFatbinary(Fatbin.substr(0, Fatbin.size() / 2), Images, Error));
  EXPECT_EQ(Error, "truncated fatbinary");
  // An entry whose payload runs past its container.
  setEntryField(Fatbin, 8, Fatbin.size(), 8);
  EXPECT_FALSE(readFatbinary(Fatbin, Images, Error));
  EXPECT_EQ(Error, "malformed fatbinary entry");
  EXPECT_FALSE(readFatbinary("not a fatbinary", Images, Error));
  ResourceTable T;
  EXPECT_FALSE(readCubinResources(std::string(64, '\0'), T, Error));
}
