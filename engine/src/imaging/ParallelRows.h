#pragma once
// The host path's per-pixel steps (mask, mask multiply, conversion to 8 bits) split over the machine's
// cores, as FFTW splits the inverse between them: on a 2-core machine a 4096 x 4096 colour slider step
// spends as long in these memory-bound loops as in its inverse FFT when they run on one core.

#include <algorithm>
#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace spectrascope::imaging::detail {

// Runs body(begin, end) over [0, rows) in one contiguous part per hardware thread (at most 4), the first
// part on the calling thread. Jobs under ~64K values run inline: a thread costs tens of microseconds.
// An exception from any part (std::bad_alloc, say) reaches the caller once every part has ended; parts
// whose thread cannot be started run on the calling thread.
template <typename Body> void parallelRows(std::size_t rows, std::size_t valuesPerRow, Body&& body)
{
  constexpr std::size_t kSmallJob = std::size_t(1) << 16;
  const std::size_t cores = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
  const std::size_t parts = rows * valuesPerRow < kSmallJob ? 1 : std::min(cores, rows);
  if (parts <= 1) {
    body(std::size_t(0), rows);
    return;
  }
  const auto bound = [&](std::size_t part) { return rows * part / parts; };
  std::vector<std::exception_ptr> failures(parts);
  const auto run = [&](std::size_t part) {
    try {
      body(bound(part), bound(part + 1));
    } catch (...) {
      failures[part] = std::current_exception();
    }
  };
  std::vector<std::jthread> helpers; // joined however this function ends
  std::size_t started = 1;
  try {
    for (; started < parts; ++started)
      helpers.emplace_back(run, started);
  } catch (const std::system_error&) {
  }
  for (std::size_t part = started; part < parts; ++part)
    run(part); // no thread for these
  run(0);
  helpers.clear();
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

} // namespace spectrascope::imaging::detail
