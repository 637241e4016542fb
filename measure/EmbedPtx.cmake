# cmake -DPTX=suite.ptx -DARCH=compute_75 -DOUT=EmbeddedSuite.cpp -P EmbedPtx.cmake
# Writes the PTX into a C++ raw string (the PTX never contains ")gpaptx").
file(READ "${PTX}" Text)
file(WRITE "${OUT}" "// Generated from ${ARCH} PTX by measure/EmbedPtx.cmake.\n"
  "#include \"gpa/EmbeddedSuite.h\"\n"
  "const char *gpa::embeddedSuitePtx() {\n  return R\"gpaptx(${Text})gpaptx\";\n}\n"
  "const char *gpa::embeddedSuiteArch() { return \"${ARCH}\"; }\n")
