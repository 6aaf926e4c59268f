#pragma once
// One place that configures the Khronos C++ bindings: exceptions on, OpenCL 1.2 API (what PoCL,
// NVIDIA and every other driver we meet support), so every file includes CL/opencl.hpp the same way.

#define CL_HPP_ENABLE_EXCEPTIONS
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_TARGET_OPENCL_VERSION 120
#include <CL/opencl.hpp>
