# Test-time fixtures for gpa_fatbin_tests (FatbinReaderTest.cpp): clang and
# ptxas compile Inputs/fatbin_kernels.cu in full (host objects embedding the
# fatbinary, once as fatbinary writes it by default and once with
# --compress-all: zstd) and device-only (the cubin alone).
# -DCLANG= -DCUDA= -DSOURCE= -DOUT=
file(MAKE_DIRECTORY ${OUT})
set(COMMON -x cuda --cuda-path=${CUDA} --cuda-gpu-arch=sm_80
    -Wno-unknown-cuda-version -O2 -Xcuda-ptxas -maxrregcount=24)
foreach(Job "plain.o" "zstd.o;-Xcuda-fatbinary;--compress-all"
            "kernels.cubin;--cuda-device-only")
  list(POP_FRONT Job Output)
  execute_process(COMMAND ${CLANG} ${COMMON} ${Job} -c -o ${OUT}/${Output}
                          ${SOURCE} RESULT_VARIABLE Rc)
  if(NOT Rc EQUAL 0)
    message(FATAL_ERROR "cannot compile ${Output}: ${Rc}")
  endif()
endforeach()
