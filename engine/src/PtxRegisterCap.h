#pragma once
// A register cap for kernels on drivers whose program binaries are PTX (NVIDIA's OpenCL).
//
// Why: a work-item that holds 22 to 31 values in registers (Rader's one-launch stage of 683, whose
// convolution runs at radices 22 and 31) gets 128 registers from NVIDIA's compiler, which leaves room for
// a quarter of the threads an SM can hold. OpenCL has no portable way to ask for fewer, and NVIDIA's
// `-cl-nv-maxrregcount` is accepted but not applied (measured: the build log's register counts do not
// move). Its binaries are PTX text, though, and PTX takes `.maxnreg N` per kernel entry: the program is
// built once from source, its PTX gets the directive, and the program is built again from that PTX.
//
// A program asks for the cap through its build options, `-DPTX_MAX_REGISTERS=N` (an unused macro to the
// OpenCL compiler), so the cap is part of the program cache's key like every other option; drivers whose
// binaries are not PTX (PoCL, AMD, Intel) ignore it.

#include <string>
#include <string_view>

namespace spectrascope::detail {

// N of `-DPTX_MAX_REGISTERS=N` in `options`; 0 when absent or not a positive number.
int requestedRegisterCap(std::string_view options);

// `binary` with `.maxnreg registers` before the body of every kernel entry, or an empty string when
// `binary` is not PTX (no `.entry`).
std::string withRegisterCap(std::string_view binary, int registers);

} // namespace spectrascope::detail
