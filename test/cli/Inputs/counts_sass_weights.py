"""Checks bench/counts.py's SASS weighting on a hand-written
`nvdisasm --print-line-info` excerpt and hand-chosen PTX block weights
(the numbers the PTX front-end would give: entry 1, a loop of 8 trips
whose if-arm runs half of them, 4, and the code after it 1)."""
import sys

sys.path.insert(0, sys.argv[1])
import counts  # noqa: E402

DISASSEMBLY = """
.text.k:
\t//## File "kernel.ptx", line 10
        /*0000*/                   S2R R0, SR_TID.X ;
\t//## File "kernel.ptx", line 11
        /*0010*/                   ISETP.GE.AND P0, PT, R0, c[0x0][0x160], PT ;
        /*0020*/               @P0 EXIT ;
.L_x_0:
\t//## File "kernel.ptx", line 20
        /*0030*/                   IADD3 R2, R2, 0x1, RZ ;
\t//## File "kernel.ptx", line 25
        /*0040*/              @!P1 FADD R3, R3, R4 ;
        /*0050*/              @!P1 FADD R3, R3, R4 ;
        /*0060*/              @!P1 FADD R3, R3, R4 ;
        /*0070*/              @!P1 STS [R5], R3 ;
\t//## File "kernel.ptx", line 22
        /*0080*/                   ISETP.NE.AND P2, PT, R2, 0x8, PT ;
        /*0090*/               @P2 BRA `(.L_x_0) ;
\t//## File "kernel.ptx", line 30
        /*00a0*/                   FCHK P0, R3, R4 ;
        /*00b0*/              @!P0 BRA `(.L_x_1) ;
        /*00c0*/                   MOV R6, 0xe0 ;
        /*00d0*/                   CALL.REL.NOINC `($__internal_0_$__cuda_sm3x_div_rn_noftz_f32_slowpath) ;
        /*00e0*/                   MOV R3, R8 ;
.L_x_1:
\t//## File "kernel.ptx", line 31
        /*00f0*/                   STG.E [R6.64], R3 ;
        /*0100*/                   EXIT ;
.L_x_2:
        /*0110*/                   BRA `(.L_x_2);
        /*0120*/                   NOP;
"""

BLOCKS = counts.ptx_block_weights(
    "function k\nblock 10 12 1\nblock 20 22 8\nblock 24 26 4\n"
    "block 30 31 1\n")

got = counts.sass_counts(DISASSEMBLY, "k", BLOCKS["k"])
# By hand: [0x00, 0x20] ends in EXIT of PTX line 11, weight 1: S2R and
# ISETP alu, EXIT other. [0x30, 0x90] ends in the back branch of line 22,
# weight 8, although most of its instructions (4 of 7) come from the arm
# (lines 24-26, weight 4): ptxas predicated the arm, so it issues with the
# loop: IADD3 int 8, 3 FADD fp 24, STS shared 8, ISETP alu 8, BRA other 8.
# [0xa0, 0xb0], line 30, weight 1: FCHK fp 1, BRA other 1. [0xc0, 0xe0]
# calls the slow path: 0. [0xf0, 0x100]: STG global 1, EXIT other 1. The
# self-branch and NOP after the last EXIT are padding.
want = {"alu": 2 + 8, "int": 8, "fp": 24 + 1, "shared_mem": 8,
        "global_mem": 1, "other": 1 + 8 + 1 + 1}
got = {u: w for u, w in got.items() if w}
print("ok" if got == want else "MISMATCH got %s want %s" % (got, want))

PTX = """.version 8.8
.target sm_80
.address_size 64
.visible .entry k()
{
\t.reg .b32 %r<2>;
$L__BB0_1:
\tadd.s32 \t%r1, %r1, 1;
\t@%p1 bra \t$L__BB0_1;
\tret;
}
"""
# .file after .address_size; a .loc naming each instruction's own line
# (8, 9, 10) before it; nounroll after the label.
want_ptx = PTX.replace(".address_size 64", '.address_size 64\n.file 1 "kernel.ptx"') \
    .replace("$L__BB0_1:\n", '$L__BB0_1:\n\t.pragma "nounroll";\n') \
    .replace("\tadd", "\t.loc 1 8 0\n\tadd") \
    .replace("\t@%p1", "\t.loc 1 9 0\n\t@%p1") \
    .replace("\tret", "\t.loc 1 10 0\n\tret")
print("ok" if counts.annotate(PTX) == want_ptx else
      "MISMATCH annotate:\n" + counts.annotate(PTX))
