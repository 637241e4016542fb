"""Generates inputs too deep for naive recursion or weights (issue 16, s.4).

  gen_deep.py ir-chain N   NVPTX IR: kernel k -> f0 -> ... -> f(N-1), each a
                           non-inlined call; f(N-1) stores once.
  gen_deep.py ir-loops N   NVPTX IR: kernel k with N nested loops of unknown
                           trip count around one store.
  gen_deep.py ptx-loops N  PTX: the same N nested loops in an .entry.
"""
import sys

HEADER = ('target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"\n'
          'target triple = "nvptx64-nvidia-cuda"\n')


def ir_chain(n):
    out = [HEADER]
    for i in range(n):
        body = (f"  call void @f{i + 1}(ptr addrspace(1) %p)\n" if i + 1 < n
                else "  store float 1.0, ptr addrspace(1) %p\n")
        out.append(f"define void @f{i}(ptr addrspace(1) %p) noinline {{\n"
                   f"{body}  ret void\n}}\n")
    out.append("define ptx_kernel void @k(ptr addrspace(1) %p) {\n"
               "  call void @f0(ptr addrspace(1) %p)\n  ret void\n}\n")
    return "".join(out)


def ir_loops(n):
    out = [HEADER, "define ptx_kernel void @k(ptr addrspace(1) %p, i32 %n) {\n"
           "entry:\n  br label %h0\n"]
    for i in range(n):
        pred = "entry" if i == 0 else f"h{i - 1}"
        nxt = f"h{i + 1}" if i + 1 < n else "body"
        out.append(f"h{i}:\n  %i{i} = phi i32 [0, %{pred}], [%i{i}.next, %l{i}]\n"
                   f"  br label %{nxt}\n")
    out.append(f"body:\n  store float 1.0, ptr addrspace(1) %p\n  br label %l{n - 1}\n")
    for i in reversed(range(n)):
        exit_to = f"l{i - 1}" if i > 0 else "exit"
        out.append(f"l{i}:\n  %i{i}.next = add i32 %i{i}, 1\n"
                   f"  %c{i} = icmp slt i32 %i{i}.next, %n\n"
                   f"  br i1 %c{i}, label %h{i}, label %{exit_to}\n")
    out.append("exit:\n  ret void\n}\n")
    return "".join(out)


def ptx_loops(n):
    out = [".version 7.0\n.target sm_80\n.address_size 64\n"
           ".visible .entry k(.param .u64 p, .param .u32 n)\n{\n"
           f"  .reg .pred %p<{n + 1}>;\n  .reg .b32 %r<{n + 1}>;\n"
           "  .reg .b64 %rd<2>;\n  .reg .f32 %f<2>;\n"
           "  ld.param.u64 %rd1, [p];\n  ld.param.u32 %r0, [n];\n"
           "  mov.f32 %f1, 0f3F800000;\n"]
    for i in range(1, n + 1):
        out.append(f"  mov.u32 %r{i}, 0;\nH{i}:\n")
    out.append("  st.global.f32 [%rd1], %f1;\n")
    for i in range(n, 0, -1):
        out.append(f"  add.s32 %r{i}, %r{i}, 1;\n"
                   f"  setp.lt.s32 %p{i}, %r{i}, %r0;\n  @%p{i} bra H{i};\n")
    out.append("  ret;\n}\n")
    return "".join(out)


KINDS = {"ir-chain": ir_chain, "ir-loops": ir_loops, "ptx-loops": ptx_loops}
sys.stdout.write(KINDS[sys.argv[1]](int(sys.argv[2])))
