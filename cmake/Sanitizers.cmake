# SPECTRASCOPE_SANITIZE: a comma-separated list of sanitizers (address, undefined, thread, ...) that every
# target of this build is compiled and linked with, e.g. -DSPECTRASCOPE_SANITIZE=address,undefined.
# Empty (the default) builds without. Any error a sanitizer finds stops the program (no recovery), so a
# test run under them fails on the first report; scripts/ci-sanitizers.sh configures such a build.
#
# SPECTRASCOPE_FUZZ=ON (Clang only) also builds the libFuzzer harnesses of tests/fuzz, with the
# instrumentation libFuzzer needs added to every target; scripts/ci-fuzz.sh runs them.
set(SPECTRASCOPE_SANITIZE "" CACHE STRING "Sanitizers to build with, comma-separated (e.g. address,undefined)")
option(SPECTRASCOPE_FUZZ "Build the libFuzzer harnesses (needs Clang)" OFF)

if(SPECTRASCOPE_SANITIZE)
  string(REPLACE ";" "," _spectrascope_sanitizers "${SPECTRASCOPE_SANITIZE}")
  message(STATUS "Sanitizers: ${_spectrascope_sanitizers}")
  add_compile_options(-fsanitize=${_spectrascope_sanitizers} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_link_options(-fsanitize=${_spectrascope_sanitizers})
endif()

if(SPECTRASCOPE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "SPECTRASCOPE_FUZZ needs Clang (libFuzzer): configure with CMAKE_CXX_COMPILER=clang++")
  endif()
  # Coverage feedback in every library the harnesses call; the harnesses themselves link -fsanitize=fuzzer.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
