//===- PtxOpcodeTableTest.cpp - One test per classification entry --------===//
//
// SPDX-License-Identifier: Apache-2.0
//
// Every row of PtxOpcodeTable.cpp (and each type/state-space variant that
// changes the unit) with the counts docs/ptx-frontend.md promises. Operations
// that expand are checked for the facts they report to the shared cost model
// (gpa/InstructionCosts.h, whose values InstructionCostsTest.cpp checks).
//
//===----------------------------------------------------------------------===//
#include "TestPtx.h"

#include "gpa/InstructionCosts.h"
#include "gpa/ptx/PtxOpcodeTable.h"

using namespace gpa;
using namespace gpa::ptx;

namespace {
struct Case {
  const char *Ptx;
  std::vector<UnitCount> Units;
  unsigned Bytes = 0;
  bool Known = true;
};

std::ostream &operator<<(std::ostream &OS, const Case &C) {
  return OS << C.Ptx;
}

const Unit I = Unit::Int, F = Unit::Fp, D = Unit::Fp64, H = Unit::Fp16,
           S = Unit::Sfu, A = Unit::Alu, G = Unit::GlobalMem,
           L = Unit::LocalMem, Sh = Unit::SharedMem, C = Unit::ConstMem,
           T = Unit::Texture, At = Unit::Atomic, Sf = Unit::Shuffle,
           Sy = Unit::Sync, Tc = Unit::Tensor, Ac = Unit::AsyncCopy,
           O = Unit::Other;

const Case Cases[] = {
    // Arithmetic: the type suffix picks the unit.
    {"add.s32 %r1, %r2, %r3;", {{I, 1}}},
    {"add.f32 %f1, %f2, %f3;", {{F, 1}}},
    {"add.rn.f64 %fd1, %fd2, %fd3;", {{D, 1}}},
    {"add.f16 %r1, %r2, %r3;", {{H, 1}}},
    {"add.rn.bf16x2 %r1, %r2, %r3;", {{H, 1}}},
    {"sub.u32 %r1, %r2, %r3;", {{I, 1}}},
    {"sub.ftz.f32 %f1, %f2, %f3;", {{F, 1}}},
    {"mul.lo.s32 %r1, %r2, %r3;", {{I, 1}}},
    {"mul.wide.s32 %rd1, %r2, 4;", {{I, 1}}},
    {"mul.rn.f32 %f1, %f2, %f3;", {{F, 1}}},
    {"mad.lo.s32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"mad.rn.f32 %f1, %f2, %f3, %f4;", {{F, 1}}},
    {"fma.rn.f32 %f1, %f2, %f3, %f4;", {{F, 1}}},
    {"fma.rn.f64 %fd1, %fd2, %fd3, %fd4;", {{D, 1}}},
    {"fma.rn.f16x2 %r1, %r2, %r3, %r4;", {{H, 1}}},
    {"min.s32 %r1, %r2, %r3;", {{I, 1}}},
    {"min.f32 %f1, %f2, %f3;", {{F, 1}}},
    {"max.u32 %r1, %r2, %r3;", {{I, 1}}},
    {"max.f64 %fd1, %fd2, %fd3;", {{D, 1}}},
    {"abs.s32 %r1, %r2;", {{I, 1}}},
    {"abs.f32 %f1, %f2;", {{F, 1}}},
    {"neg.s32 %r1, %r2;", {{I, 1}}},
    {"neg.f64 %fd1, %fd2;", {{D, 1}}},
    {"copysign.f32 %f1, %f2, %f3;", {{F, 1}}},
    {"testp.finite.f32 %p1, %f1;", {{F, 1}}},
    // div / rem / rcp / sqrt / SFU: FactCases below.
    // Integer-only.
    {"addc.u32 %r1, %r2, %r3;", {{I, 1}}},
    {"subc.u32 %r1, %r2, %r3;", {{I, 1}}},
    {"madc.lo.u32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"sad.u32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"mul24.lo.s32 %r1, %r2, %r3;", {{I, 1}}},
    {"mad24.lo.s32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"popc.b32 %r1, %r2;", {{I, 1}}},
    {"clz.b32 %r1, %r2;", {{I, 1}}},
    {"brev.b32 %r1, %r2;", {{I, 1}}},
    {"bfe.u32 %r1, %r2, 8, 4;", {{I, 1}}},
    {"bfi.b32 %r1, %r2, %r3, 8, 4;", {{I, 1}}},
    {"bfind.u32 %r1, %r2;", {{I, 1}}},
    {"fns.b32 %r1, %r2, %r3, 1;", {{I, 1}}},
    {"dp4a.u32.u32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"dp2a.lo.u32.u32 %r1, %r2, %r3, %r4;", {{I, 1}}},
    {"szext.clamp.u32 %r1, %r2, 8;", {{I, 1}}},
    {"bmsk.clamp.b32 %r1, %r2, %r3;", {{I, 1}}},
    // SFU.
    {"ex2.approx.f16x2 %r1, %r2;", {{S, 1}}},
    // ALU.
    {"and.b32 %r1, %r2, %r3;", {{A, 1}}},
    {"or.pred %p1, %p2, %p3;", {{A, 1}}},
    {"xor.b32 %r1, %r2, %r3;", {{A, 1}}},
    {"not.b32 %r1, %r2;", {{A, 1}}},
    {"cnot.b32 %r1, %r2;", {{A, 1}}},
    {"shl.b32 %r1, %r2, 2;", {{A, 1}}},
    {"shr.u32 %r1, %r2, 2;", {{A, 1}}},
    {"shf.l.wrap.b32 %r1, %r2, %r3, %r4;", {{A, 1}}},
    {"mov.u32 %r1, %tid.x;", {{A, 1}}},
    {"mov.f64 %fd1, 0d3FF0000000000000;", {{A, 1}}},
    {"cvta.to.global.u64 %rd1, %rd2;", {{A, 1}}},
    {"set.lt.u32.s32 %r1, %r2, %r3;", {{A, 1}}},
    {"setp.lt.f64 %p1, %fd1, %fd2;", {{A, 1}}},
    {"selp.b32 %r1, %r2, %r3, %p1;", {{A, 1}}},
    {"slct.s32.s32 %r1, %r2, %r3, %r4;", {{A, 1}}},
    {"prmt.b32 %r1, %r2, %r3, 0x3210;", {{A, 1}}},
    {"lop3.b32 %r1, %r2, %r3, %r4, 0x96;", {{A, 1}}},
    {"isspacep.global %p1, %rd1;", {{A, 1}}},
    {"mapa.u64 %rd1, %rd2, %r1;", {{A, 1}}},
    {"istypep.texref %p1, %rd1;", {{A, 1}}},
    // Conversions (SASS in InstructionCostsTest.cpp): I2F, F2I, F2F and FRND
    // on the XU pipe (sfu), HADD2.F32 fp16, F2FP / SHF / PRMT alu, a
    // narrowing nothing, FADD.SAT fp, I2I.SAT sfu.
    {"cvt.rn.f32.s32 %f1, %r1;", {{S, 1}}},
    {"cvt.rzi.s32.f32 %r1, %f1;", {{S, 1}}},
    {"cvt.f64.f32 %fd1, %f1;", {{S, 1}}},
    {"cvt.rn.f32.f64 %f1, %fd1;", {{S, 1}}},
    {"cvt.rmi.f32.f32 %f1, %f2;", {{S, 1}}},
    {"cvt.rzi.f64.f64 %fd1, %fd2;", {{S, 1}}},
    {"cvt.f32.f16 %f1, %rs1;", {{H, 1}}},
    {"cvt.rn.f16.f32 %rs1, %f1;", {{A, 1}}},
    {"cvt.rn.f16x2.f32 %r1, %f1, %f2;", {{A, 1}}},
    {"cvt.f32.bf16 %f1, %rs1;", {{A, 1}}},
    {"cvt.s64.s32 %rd1, %r1;", {{A, 1}}},
    {"cvt.u32.u8 %r1, %rs1;", {{A, 1}}},
    {"cvt.u32.u64 %r1, %rd1;", {}},
    {"cvt.sat.f32.f32 %f1, %f2;", {{F, 1}}},
    {"cvt.sat.s16.s32 %rs1, %r1;", {{S, 1}}},
    // ld/st by state space, bytes from the type and vector width.
    {"ld.global.f32 %f1, [%rd1];", {{G, 1}}, 4},
    {"ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1];", {{G, 1}}, 16},
    {"ld.global.f64 %fd1, [%rd1+8];", {{G, 1}}, 8},
    {"ld.global.b128 %rd1, [%rd1];", {{G, 1}}, 16},
    {"ld.volatile.global.u32 %r1, [%rd1];", {{G, 1}}, 4},
    {"ldu.global.u64 %rd1, [%rd2];", {{G, 1}}, 8},
    {"st.global.v2.f64 [%rd1], {%fd1, %fd2};", {{G, 1}}, 16},
    {"ld.local.u32 %r1, [%rd1];", {{L, 1}}, 4},
    {"st.local.b8 [%rd1], %r1;", {{L, 1}}, 1},
    {"ld.shared.f32 %f1, [%r1];", {{Sh, 1}}, 4},
    {"st.shared::cta.b32 [%r1], %r2;", {{Sh, 1}}, 4},
    {"ld.relaxed.gpu.shared.u16 %r1, [%r2];", {{Sh, 1}}, 2},
    {"ld.const.f32 %f1, [c0];", {{C, 1}}, 4},
    {"ld.param.u64 %rd1, [k_param_0];", {{A, 1}}, 8},
    {"st.param.b32 [param0], %r1;", {{A, 1}}, 4},
    {"ld.f32 %f1, [%rd1];", {{G, 1}}, 4},
    {"st.u64 [%rd1], %rd2;", {{G, 1}}, 8},
    {"ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r1, %r2, %r3, %r4}, [%r5];",
     {{Sh, 1}},
     16},
    {"stmatrix.sync.aligned.m8n8.x1.shared.b16 [%r5], {%r1};", {{Sh, 1}}, 16},
    // Texture and surface.
    {"tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t0, {%f5, %f6}];", {{T, 1}}},
    {"tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [t0, {%f5, %f6}];", {{T, 1}}},
    {"txq.width.b32 %r1, [t0];", {{T, 1}}},
    {"suld.b.2d.b32.trap {%r1}, [s0, {%r2, %r3}];", {{T, 1}}},
    {"sust.b.2d.b32.trap [s0, {%r2, %r3}], {%r1};", {{T, 1}}},
    {"sured.b.add.2d.u32.trap [s0, {%r2, %r3}], %r1;", {{T, 1}}},
    {"suq.width.b32 %r1, [s0];", {{T, 1}}},
    // Atomics.
    {"atom.global.add.u32 %r1, [%rd1], 1;", {{At, 1}}},
    // A shared-memory atomic is done in the SM's shared memory (ATOMS): a
    // shared-memory access, no bytes to L2 (CUDA C++ Programming Guide,
    // "Atomic Functions": atomics on shared memory are performed there).
    {"atom.shared.cas.b64 %rd1, [%r1], %rd2, %rd3;", {{Sh, 1}}},
    {"red.global.add.f32 [%rd1], %f1;", {{At, 1}}},
    // Warp-level exchange.
    {"shfl.sync.bfly.b32 %r1|%p1, %r2, 16, 31, -1;", {{Sf, 1}}},
    {"vote.sync.ballot.b32 %r1, %p1, -1;", {{Sf, 1}}},
    {"match.any.sync.b32 %r1, %r2, -1;", {{Sf, 1}}},
    {"redux.sync.add.u32 %r1, %r2, -1;", {{Sf, 1}}},
    {"activemask.b32 %r1;", {{Sf, 1}}},
    // Synchronization.
    {"bar.sync 0;", {{Sy, 1}}},
    {"barrier.sync 0;", {{Sy, 1}}},
    {"bar.warp.sync -1;", {{Sy, 1}}},
    {"membar.gl;", {{Sy, 1}}},
    {"fence.acq_rel.gpu;", {{Sy, 1}}},
    {"mbarrier.arrive.shared.b64 %rd1, [%r1];", {{Sy, 1}}},
    // Tensor cores (fragment loads/stores are memory).
    {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1, %f2, %f3, "
     "%f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8};",
     {{Tc, 1}}},
    {"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1}, {%r1}, {%r2}, "
     "{%f2};",
     {{Tc, 1}}},
    {"wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%f1}, %rd1, %rd2, "
     "1, 1, 1, 0, 0;",
     {{Tc, 1}}},
    {"wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1}, [%rd1], %r2;",
     {{G, 1}},
     2},
    {"wmma.store.d.sync.aligned.row.m16n16k16.shared.f32 [%r1], {%f1}, %r2;",
     {{Sh, 1}},
     4},
    // Asynchronous copies.
    {"cp.async.ca.shared.global [%r1], [%rd1], 16;", {{Ac, 1}}},
    {"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
     "[%r1], [%rd1], %r2, [%r3];",
     {{Ac, 1}}},
    {"cp.async.commit_group;", {{O, 1}}},
    {"cp.async.wait_group 0;", {{Sy, 1}}},
    {"cp.async.wait_all;", {{Sy, 1}}},
    // Control and hints.
    {"bra.uni L1;", {{O, 1}}},
    {"brx.idx %r1, ts;", {{O, 1}}},
    {"ret;", {{O, 1}}},
    {"exit;", {{O, 1}}},
    {"call.uni (retval0), f, (param0);", {{O, 1}}},
    {"nanosleep.u32 100;", {{O, 1}}},
    {"trap;", {{O, 1}}},
    {"brkpt;", {{O, 1}}},
    {"pmevent 1;", {{O, 1}}},
    {"prefetch.global.L2 [%rd1];", {{O, 1}}},
    {"prefetchu.L1 [%rd1];", {{O, 1}}},
    {"applypriority.global.L2::evict_normal [%rd1], 128;", {{O, 1}}},
    {"discard.global.L2 [%rd1], 128;", {{O, 1}}},
    {"createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0;", {{O, 1}}},
    {"alloca.u64 %rd1, 16;", {{O, 1}}},
    {"stacksave.u64 %rd1;", {{O, 1}}},
    {"stackrestore.u64 %rd1;", {{O, 1}}},
    // Unknown opcodes: other, flagged.
    {"frobnicate.b32 %r1;", {{O, 1}}, 0, false},
};

class PtxOpcodeTable : public ::testing::TestWithParam<Case> {};
} // namespace

TEST_P(PtxOpcodeTable, Classifies) {
  const Case &K = GetParam();
  PtxModule M;
  PtxError E;
  ASSERT_TRUE(
      parsePtx(test::wrapKernel(std::string(K.Ptx) + "\n"), "o.ptx", M, E))
      << E.str();
  ASSERT_EQ(M.Functions.at(0).Body.size(), 1u);
  OpClassification Got = classifyInstruction(M.Functions[0].Body[0]);
  ASSERT_EQ(Got.Units.size(), K.Units.size());
  for (size_t J = 0; J < K.Units.size(); ++J) {
    EXPECT_EQ(unitInfo(Got.Units[J].U).Key, unitInfo(K.Units[J].U).Key);
    EXPECT_EQ(Got.Units[J].N, K.Units[J].N);
  }
  if (K.Bytes) {
    EXPECT_EQ(Got.AccessBytes, K.Bytes);
  }
  EXPECT_EQ(Got.Known, K.Known);
  EXPECT_EQ(Got.Expanded, K.Units.size() > 1);
}

struct FactCase {
  const char *Ptx;
  OpFacts Facts;
};

std::ostream &operator<<(std::ostream &OS, const FactCase &C) {
  return OS << C.Ptx;
}

const FactCase FactCases[] = {
    {"rem.s32 %r1, %r2, %r3;",
     {OpFamily::IntRem, OpType::S32, OpPrecision::Ieee}},
    {"div.s32 %r1, %r2, %r3;",
     {OpFamily::IntDiv, OpType::S32, OpPrecision::Ieee}},
    {"div.approx.f32 %f1, %f2, %f3;",
     {OpFamily::Div, OpType::F32, OpPrecision::Approx}},
    {"div.full.f32 %f1, %f2, %f3;",
     {OpFamily::Div, OpType::F32, OpPrecision::Full}},
    {"div.rn.f32 %f1, %f2, %f3;",
     {OpFamily::Div, OpType::F32, OpPrecision::Ieee}},
    {"div.rn.f64 %fd1, %fd2, %fd3;",
     {OpFamily::Div, OpType::F64, OpPrecision::Ieee}},
    {"rcp.approx.f32 %f1, %f2;",
     {OpFamily::Rcp, OpType::F32, OpPrecision::Approx}},
    {"rcp.rn.f32 %f1, %f2;", {OpFamily::Rcp, OpType::F32, OpPrecision::Ieee}},
    {"rcp.rn.f64 %fd1, %fd2;", {OpFamily::Rcp, OpType::F64, OpPrecision::Ieee}},
    {"rcp.approx.ftz.f64 %fd1, %fd2;",
     {OpFamily::Rcp, OpType::F64, OpPrecision::ApproxFtz}},
    {"sqrt.approx.f32 %f1, %f2;",
     {OpFamily::Sqrt, OpType::F32, OpPrecision::Approx}},
    {"sqrt.rn.f32 %f1, %f2;", {OpFamily::Sqrt, OpType::F32, OpPrecision::Ieee}},
    {"sqrt.rn.f64 %fd1, %fd2;",
     {OpFamily::Sqrt, OpType::F64, OpPrecision::Ieee}},
    {"sin.approx.f32 %f1, %f2;",
     {OpFamily::SinCos, OpType::F32, OpPrecision::Approx}},
    {"cos.approx.ftz.f32 %f1, %f2;",
     {OpFamily::SinCos, OpType::F32, OpPrecision::ApproxFtz}},
    {"ex2.approx.f32 %f1, %f2;",
     {OpFamily::Ex2, OpType::F32, OpPrecision::Approx}},
    {"lg2.approx.f32 %f1, %f2;",
     {OpFamily::Lg2, OpType::F32, OpPrecision::Approx}},
    {"rsqrt.approx.f32 %f1, %f2;",
     {OpFamily::Rsqrt, OpType::F32, OpPrecision::Approx}},
    {"tanh.approx.f32 %f1, %f2;",
     {OpFamily::Tanh, OpType::F32, OpPrecision::Approx}},
    // cvt.<to>.<from>: the destination, the source, .rXi, .sat.
    {"cvt.rn.f64.u64 %fd1, %rd1;",
     {OpFamily::Convert, OpType::F64, OpPrecision::Ieee, OpType::U64}},
    {"cvt.rzi.s32.f64 %r1, %fd1;",
     {OpFamily::Convert, OpType::S32, OpPrecision::Ieee, OpType::F64}},
    {"cvt.rpi.f32.f32 %f1, %f2;",
     {OpFamily::Convert, OpType::F32, OpPrecision::Ieee, OpType::F32, true}},
    {"cvt.rn.bf16.f32 %rs1, %f1;",
     {OpFamily::Convert, OpType::BF16, OpPrecision::Ieee, OpType::F32}},
    {"cvt.s32.s16 %r1, %rs1;",
     {OpFamily::Convert, OpType::S32, OpPrecision::Ieee, OpType::S16}},
    {"cvt.sat.u8.s32 %rs1, %r1;",
     {OpFamily::Convert, OpType::U8, OpPrecision::Ieee, OpType::S32, false,
      true}},
    {"cvt.sat.s32.s64 %r1, %rd1;",
     {OpFamily::Convert, OpType::S32, OpPrecision::Ieee, OpType::S64, false,
      true}},
};

class PtxOpcodeFacts : public ::testing::TestWithParam<FactCase> {};

TEST_P(PtxOpcodeFacts, CostsComeFromTheSharedModel) {
  const FactCase &K = GetParam();
  PtxModule M;
  PtxError E;
  ASSERT_TRUE(
      parsePtx(test::wrapKernel(std::string(K.Ptx) + "\n"), "o.ptx", M, E))
      << E.str();
  OpClassification Got = classifyInstruction(M.Functions.at(0).Body.at(0));
  UnitCountList Want = expandOp(K.Facts);
  ASSERT_EQ(Got.Units.size(), Want.size());
  for (size_t J = 0; J < Want.size(); ++J) {
    EXPECT_EQ(unitInfo(Got.Units[J].U).Key, unitInfo(Want[J].U).Key);
    EXPECT_EQ(Got.Units[J].N, Want[J].N);
  }
}

INSTANTIATE_TEST_SUITE_P(Facts, PtxOpcodeFacts, ::testing::ValuesIn(FactCases));

static std::string caseName(const ::testing::TestParamInfo<Case> &Info) {
  std::string N;
  for (const char *P = Info.param.Ptx; *P && *P != ' ' && *P != ';'; ++P)
    N += std::isalnum(static_cast<unsigned char>(*P)) ? *P : '_';
  return N + "_" + std::to_string(Info.index);
}

INSTANTIATE_TEST_SUITE_P(Table, PtxOpcodeTable, ::testing::ValuesIn(Cases),
                         caseName);

TEST(PtxOpcodeTableExtras, GenericAddressIsFlagged) {
  PtxModule M;
  PtxError E;
  ASSERT_TRUE(parsePtx(test::wrapKernel("ld.u32 %r1, [%rd1];\n"
                                        "ld.global.u32 %r1, [%rd1];\n"),
                       "o.ptx", M, E));
  EXPECT_TRUE(classifyInstruction(M.Functions[0].Body[0]).GenericAddress);
  EXPECT_EQ(classifyInstruction(M.Functions[0].Body[0]).Space,
            MemSpace::Generic);
  EXPECT_FALSE(classifyInstruction(M.Functions[0].Body[1]).GenericAddress);
}
