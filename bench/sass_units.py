"""Maps SASS mnemonics (cuobjdump -sass / nvdisasm) to GpuPowerAdvisor's units.

The mapping follows IPP Table 1 as docs/plugin.md applies it to PTX: float
arithmetic by precision, integer arithmetic, everything that only moves,
compares, selects or shifts on the ALU, memory by space, control flow as
'other'. MUFU and the data-type conversions F2I/I2F/F2F/FRND/I2I are 'sfu':
the XU pipe (Nsight Compute's transcendental and data-type conversion unit;
CUDA C++ Programming Guide throughput table, cc 8.0: conversions 16 per SM
per clock, MUFU's rate), as gpa/InstructionCosts.def counts them. F2FP (the
ALU pipe's FP32-to-FP16 pack) stays 'alu', HADD2.F32 (f16 -> f32) 'fp16'.
Predicated-off instructions are still issued, so they count.
"""
import re

_PREFIX_UNITS = [
    # (regex on the full mnemonic, unit); first match wins.
    (r"^MUFU", "sfu"),
    (r"^(F2I|I2F|F2F|FRND|I2I)(\.|$)", "sfu"),  # not F2FP / I2FP (ALU)
    (r"^HFMA2\.MMA", "alu"),  # ptxas's idiom for 'mov 0' on the FMA pipe
    (r"^IMAD\.MOV", "alu"),   # ptxas's idiom for a register move
    (r"^(FFMA|FADD|FMUL|FMNMX|FCHK|FSWZADD)", "fp"),
    (r"^(DFMA|DADD|DMUL|DMNMX)", "fp64"),
    (r"^(HFMA2|HADD2|HMUL2|HMNMX2)", "fp16"),
    (r"^(IMAD|IADD3|IADD|LEA|IABS|IMNMX|POPC|FLO|BREV|BMSK|IDP|IMUL|"
     r"ISCADD|SGXT|VIADD|VIMNMX)", "int"),
    (r"^(LDG|STG|LD|ST)(\.|$)", "global_mem"),
    (r"^(LDS|STS|LDSM)", "shared_mem"),
    (r"^LDC", "const_mem"),
    (r"^(LDL|STL)", "local_mem"),
    (r"^(ATOM|RED)", "atomic"),
    (r"^(BAR|MEMBAR|DEPBAR|ERRBAR|CCTL)", "sync"),
    (r"^(SHFL|VOTE|MATCH|REDUX)", "shuffle"),
    (r"^(HMMA|IMMA|DMMA|BMMA)", "tensor"),
    (r"^LDGSTS", "async_copy"),
    (r"^(TEX|TLD|TLD4|TXQ|SULD|SUST|SURED)", "texture"),
    (r"^(BRA|EXIT|RET|CALL|BSSY|BSYNC|NOP|YIELD|BMOV|JMP|BRX|WARPSYNC|"
     r"BREAK|KILL|NANOSLEEP)", "other"),
]


def unit_of(mnemonic):
    """Unit of one SASS mnemonic such as 'FFMA.FTZ' or 'IMAD.MOV.U32'."""
    # Uniform-datapath integer arithmetic (UIADD3, UIMAD, ULEA) is integer
    # work done once per warp; count it with the int unit like its
    # per-thread form.
    if re.match(r"^U(IADD3|IMAD|LEA|IABS|IMNMX|POPC|FLO|BREV)", mnemonic):
        return "int"
    for pattern, unit in _PREFIX_UNITS:
        if re.match(pattern, mnemonic):
            return unit
    return "alu"  # MOV, SHF, LOP3, ISETP, FSETP, SEL, F2FP, PRMT, S2R, U*...


_LINE = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P[T0-9]+\s+)?([A-Z0-9_.]+)")


def parse_sass(text):
    """[(address, mnemonic, full line)] of every instruction in the dump."""
    out = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            out.append((int(m.group(1), 16), m.group(3), line.strip()))
    return out
