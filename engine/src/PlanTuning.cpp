#include "spectrascope/engine/PlanTuning.h"

#include "AtomicFile.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace spectrascope {
namespace {

struct Knob
{
  const char* name;
  std::size_t PlanShape::*field;
};

constexpr Knob kKnobs[] = {
    {"radix", &PlanShape::maxRadix},           {"group", &PlanShape::groupSize},
    {"strided", &PlanShape::stridedGroupSize}, {"lines", &PlanShape::adjacentLines},
    {"pass", &PlanShape::maxPassLength},       {"local", &PlanShape::localMemory},
    {"first", &PlanShape::firstLaunch},        {"conv", &PlanShape::convolutionFirstLaunch},
    {"balanced", &PlanShape::balancedValues},  {"rader", &PlanShape::raderLaunches}};

// The fifth field of a line whose shape a search cut short by its budget chose.
constexpr const char* kPartialFlag = "partial";

// FNV-1a, 64 bit: the file name only has to separate identities.
std::string hashName(std::string_view text)
{
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

} // namespace

std::string PlanShape::toString() const
{
  std::string text;
  for (const Knob& knob : kKnobs) {
    if (!text.empty()) text += ' ';
    text += std::string(knob.name) + "=" + std::to_string(this->*knob.field);
  }
  return text;
}

std::optional<PlanShape> PlanShape::parse(std::string_view text)
{
  PlanShape shape;
  std::istringstream in{std::string(text)};
  std::string word;
  int seen = 0;
  while (in >> word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos) return std::nullopt;
    const std::string name = word.substr(0, eq), value = word.substr(eq + 1);
    bool known = false;
    for (const Knob& knob : kKnobs) {
      if (name != knob.name) continue;
      try {
        std::size_t used = 0;
        shape.*knob.field = std::stoul(value, &used);
        if (used != value.size()) return std::nullopt;
      } catch (const std::exception&) {
        return std::nullopt;
      }
      known = true;
      ++seen;
    }
    if (!known) return std::nullopt;
  }
  if (seen != int(std::size(kKnobs))) return std::nullopt;
  return shape;
}

TuningCache::TuningCache(std::filesystem::path directory, std::string identity)
    : file_(std::move(directory) / "tuning" / ("plans-" + hashName(identity) + ".txt")),
      identity_(std::move(identity))
{
  load();
}

std::string TuningCache::transformKey(const TransformDescriptor& d)
{
  // Forward and inverse share a shape; so do R2C and C2R (the same complex stages, mirrored).
  std::string key = d.kind == TransformKind::ComplexToComplex ? "c2c " : "real ";
  key += std::to_string(d.extent[0]) + "x" + std::to_string(d.extent[1]) + "x" + std::to_string(d.extent[2]);
  key += d.placement == Placement::InPlace ? " inplace" : " outofplace";
  return key;
}

std::optional<PlanShape> TuningCache::find(const TransformDescriptor& d) const
{
  std::lock_guard lock(mutex_);
  reloadIfRewritten();
  const auto transform = entries_.find(transformKey(d));
  if (transform == entries_.end() || transform->second.empty()) return std::nullopt;
  const auto distance = [&](std::size_t batch) {
    return std::abs(std::log2(double(batch) / double(d.batch)));
  };
  const Entry* nearest = nullptr;
  double best = 0;
  for (const auto& [batch, entry] : transform->second)
    if (!nearest || distance(batch) < best) {
      nearest = &entry;
      best = distance(batch);
    }
  return nearest->shape;
}

void TuningCache::store(const TransformDescriptor& d, const PlanShape& shape, double ms, bool partial)
{
  std::lock_guard lock(mutex_);
  reloadIfRewritten(); // keep what another backend stored meanwhile
  entries_[transformKey(d)][d.batch] = Entry{shape, ms, partial};
  save();
}

bool TuningCache::isPartial(const TransformDescriptor& d) const
{
  std::lock_guard lock(mutex_);
  reloadIfRewritten();
  const auto transform = entries_.find(transformKey(d));
  if (transform == entries_.end()) return false;
  const auto entry = transform->second.find(d.batch);
  return entry != transform->second.end() && entry->second.partial;
}

std::size_t TuningCache::size() const
{
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [key, batches] : entries_)
    n += batches.size();
  return n;
}

std::filesystem::file_time_type TuningCache::fileTime() const
{
  std::error_code error;
  const auto time = std::filesystem::last_write_time(file_, error);
  return error ? std::filesystem::file_time_type{} : time;
}

void TuningCache::reloadIfRewritten() const
{
  if (fileTime() == loadedTime_) return;
  entries_.clear();
  load();
}

void TuningCache::load() const
{
  loadedTime_ = fileTime();
  std::ifstream in(file_);
  std::string line;
  if (!in || !std::getline(in, line) || line != "# " + identity_) return; // absent or someone else's
  while (std::getline(in, line)) {
    // key \t batch \t shape \t ms [\t partial]: files written before the flag have no fifth field
    std::istringstream fields(line);
    std::string key, batch, shape, ms, flag;
    if (!std::getline(fields, key, '\t') || !std::getline(fields, batch, '\t') ||
        !std::getline(fields, shape, '\t') || !std::getline(fields, ms, '\t'))
      continue;
    std::getline(fields, flag);
    if (!flag.empty() && flag != kPartialFlag) continue;
    const std::optional<PlanShape> parsed = PlanShape::parse(shape);
    try {
      if (parsed) entries_[key][std::stoul(batch)] = Entry{*parsed, std::stod(ms), !flag.empty()};
    } catch (const std::exception&) {
      // a damaged line is skipped; the rest of the file still counts
    }
  }
}

bool TuningCache::save() const
{
  std::ostringstream out;
  out << "# " << identity_ << "\n";
  for (const auto& [key, batches] : entries_)
    for (const auto& [batch, entry] : batches)
      out << key << '\t' << batch << '\t' << entry.shape.toString() << '\t' << entry.ms
          << (entry.partial ? std::string("\t") + kPartialFlag : std::string()) << '\n';
  const bool written = writeFileAtomically(file_, out.str());
  loadedTime_ = fileTime();
  return written;
}

} // namespace spectrascope
