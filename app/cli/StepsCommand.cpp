#include "StepsCommand.h"

#include "CliError.h"
#include "RawComplexFile.h"
#include "spectrascope/engine/learn/Signals.h"
#include "spectrascope/engine/learn/StepRunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace spectrascope::cli {
namespace {

using learn::Complex;

std::size_t parsePositive(const QCommandLineParser& parser, const QString& option)
{
  const QString text = parser.value(option);
  bool ok = false;
  const qulonglong value = text.toULongLong(&ok);
  if (!ok || value == 0)
    throw usageError("--" + option.toStdString() + " needs a whole number of at least 1, got '" +
                     text.toStdString() + "'");
  return value;
}

std::string algorithmList()
{
  std::string list;
  for (learn::Algorithm a : learn::allAlgorithms())
    list += (list.empty() ? "" : ", ") + std::string(learn::algorithmName(a));
  return list;
}

// A tone's K counts cycles per N samples: K and K + N are the same samples, so only 0..N-1 is accepted.
void requireFrequencyBelowN(int k, const char* form, std::size_t n)
{
  if (k < 0 || std::size_t(k) >= n)
    throw usageError(std::string(form) + " needs 0 <= K < N: 0.." + std::to_string(n - 1) + " for --n " +
                     std::to_string(n) + ", got " + std::to_string(k));
}

// A named signal, or else a raw float32 complex file of exactly N values.
std::vector<Complex> readSignal(const std::string& spec, std::size_t n)
{
  if (const auto named = learn::parseSignalSpec(spec)) {
    if (named->kind == learn::SignalSpec::Kind::Sine) requireFrequencyBelowN(named->frequency, "sine:K", n);
    if (named->kind == learn::SignalSpec::Kind::TwoTones) {
      requireFrequencyBelowN(named->frequency, "two-tones:K1,K2", n);
      requireFrequencyBelowN(named->secondFrequency, "two-tones:K1,K2", n);
    }
    return learn::generateSignal(*named, n);
  }
  const std::uint64_t bytes = inputFileSize(spec); // "no such file" when it is neither
  if (bytes != n * 8)
    throw usageError(spec + " holds " + std::to_string(bytes) + " bytes; --n " + std::to_string(n) +
                     " needs " + std::to_string(n * 8) + " (N complex float32 values)");
  const std::vector<float> floats = readFloats(spec, 2 * n);
  // NaN or infinity would reach every stage and fail its comparison: that is the file's fault, not the
  // device's, so say so before running anything.
  for (std::size_t i = 0; i < floats.size(); ++i)
    if (!std::isfinite(floats[i]))
      throw usageError(spec + ": value " + std::to_string(i / 2) + " (" + (i % 2 ? "imaginary" : "real") +
                       " part, float " + std::to_string(i) + ") is " +
                       (std::isnan(floats[i]) ? "NaN" : "infinite") +
                       "; the signal must hold finite numbers");
  std::vector<Complex> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = {floats[2 * i], floats[2 * i + 1]};
  return x;
}

QJsonArray complexArray(const std::vector<Complex>& values)
{
  QJsonArray array;
  for (const Complex& v : values)
    array.append(QJsonArray{v.real(), v.imag()});
  return array;
}

QJsonArray twiddlesJson(const learn::Schedule& schedule)
{
  QJsonArray perStage;
  for (std::size_t s = 0; s <= schedule.lastStage(); ++s) {
    QJsonArray used;
    for (const learn::Twiddle& t : schedule.twiddlesOf(s)) {
      const Complex w = t.value();
      used.append(QJsonObject{{"k", qint64(t.k)}, {"m", qint64(t.m)}, {"w", QJsonArray{w.real(), w.imag()}}});
    }
    perStage.append(used);
  }
  return perStage;
}

QJsonObject registerExchangeJson(const learn::StepsResult& r)
{
  QJsonArray holders, moved;
  for (const learn::Stage& stage : r.schedule.stages) {
    QJsonArray perPosition, viaLocal;
    for (const learn::Holder& h : stage.holders)
      perPosition.append(QJsonArray{qint64(h.workItem), qint64(h.slot)});
    for (std::uint32_t p : stage.viaLocalMemory)
      viaLocal.append(qint64(p));
    holders.append(perPosition);
    moved.append(viaLocal);
  }
  return {{"work_items", qint64(r.schedule.workItems)},
          {"values_per_work_item", qint64(r.schedule.valuesPerItem)},
          {"holders", holders},
          {"via_local_memory", moved}};
}

bool allStagesMatch(const learn::StepsResult& r)
{
  for (std::size_t s = 0; s < r.stages.size(); ++s)
    if (!r.stageMatches(s)) return false;
  return true;
}

} // namespace

QString StepsCommand::summary() const
{
  return QStringLiteral("An FFT stage by stage on the OpenCL device, each stage checked (the Learn tab).");
}

int StepsCommand::run(const QStringList& arguments)
{
  QCommandLineParser parser;
  describeOptions(parser);
  if (auto done = parse(parser, arguments, {})) return *done;
  const Request request = requestFrom(parser);
  const learn::Algorithm algorithm = *learn::algorithmFromName(request.algorithm);
  const learn::Schedule schedule = learn::makeSchedule(algorithm, request.n, request.threads);
  const std::vector<Complex> input = readSignal(request.signal, request.n);

  learn::StepRunner runner(request.backend);
  if (!runner.fallbackReason().empty()) std::cerr << "spectrascope-cli: " << runner.fallbackReason() << "\n";
  const learn::StepsResult result = runner.run(schedule, input);
  if (request.json)
    printJson(result, request);
  else
    printText(result);
  for (std::size_t s = 0; s < result.stages.size(); ++s)
    if (!result.stageMatches(s))
      throw runtimeFailure("stage " + std::to_string(s) + " differs from the CPU reference (relative error " +
                           std::to_string(result.stageErrors[s]) + ")");
  return Success;
}

void StepsCommand::describeOptions(QCommandLineParser& parser)
{
  QString description = QStringLiteral(
      "Runs an N-point forward FFT stage by stage with the chosen algorithm's OpenCL kernels, stopping "
      "after\n"
      "each stage, and checks every stage against a double-precision CPU reference of the same stage.\n"
      "--json prints one object: input, stages (stages[0] is the input as the algorithm reorders it, then\n"
      "the array after each stage, as [re, im] pairs), twiddles (per stage, {k, m, w} for\n"
      "w = exp(-2 pi i k / m)), output (X in natural order), reference_errors (per stage) and, for\n"
      "register-exchange, which work-item and register hold each value and which values passed through\n"
      "local memory before each stage. Exit code 1 if a stage differs from the reference.\n\nStages:\n");
  for (learn::Algorithm a : learn::allAlgorithms())
    description += QStringLiteral("  %1: %2\n")
                       .arg(QString::fromUtf8(learn::algorithmName(a).data()),
                            QString::fromUtf8(learn::stageDefinition(a).data()));
  parser.setApplicationDescription(description);
  parser.addOptions({
      QCommandLineOption(QStringLiteral("n"), QStringLiteral("Transform length: a power of two, 2..4096."),
                         QStringLiteral("N")),
      QCommandLineOption(QStringLiteral("algorithm"),
                         QStringLiteral("radix2-dit, radix2-dif, stockham, radix4 or register-exchange."),
                         QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("threads"),
                         QStringLiteral("register-exchange only: work-items T, each holding N/T values "
                                        "(default min(N/2, 256))."),
                         QStringLiteral("T")),
      QCommandLineOption(QStringLiteral("signal"),
                         QStringLiteral("impulse (default; x[0] = 1), step (1 from N/2 on), sine:K "
                                        "(sin(2 pi K n / N), 0 <= K < N), two-tones:K1,K2 (each 0..N-1), "
                                        "random:SEED, or FILE: N raw "
                                        "little-endian float32 (re, im) pairs, as for fft."),
                         QStringLiteral("spec")),
      QCommandLineOption(
          QStringLiteral("backend"),
          QStringLiteral("auto (default: the first OpenCL GPU, else any OpenCL device, else the "
                         "CPU), opencl, opencl:<index|name>, or fftw / naive-dft for the CPU."),
          QStringLiteral("name")),
      QCommandLineOption(QStringLiteral("json"), QStringLiteral("Print one JSON object instead of a table.")),
  });
}

StepsCommand::Request StepsCommand::requestFrom(const QCommandLineParser& parser)
{
  if (!parser.positionalArguments().isEmpty())
    throw usageError(
        "steps takes no file names; give an input file as --signal FILE (see spectrascope-cli steps --help)");
  if (!parser.isSet(QStringLiteral("n")))
    throw usageError("steps needs --n N (see spectrascope-cli steps --help)");
  if (!parser.isSet(QStringLiteral("algorithm")))
    throw usageError("steps needs --algorithm: one of " + algorithmList());
  Request r;
  r.n = parsePositive(parser, QStringLiteral("n"));
  r.algorithm = parser.value(QStringLiteral("algorithm")).toStdString();
  if (!learn::algorithmFromName(r.algorithm))
    throw usageError("unknown algorithm '" + r.algorithm + "': use one of " + algorithmList());
  if (parser.isSet(QStringLiteral("threads"))) {
    if (r.algorithm != "register-exchange")
      throw usageError("--threads applies to --algorithm register-exchange only");
    r.threads = parsePositive(parser, QStringLiteral("threads"));
  }
  if (parser.isSet(QStringLiteral("signal"))) r.signal = parser.value(QStringLiteral("signal")).toStdString();
  r.backend = parser.value(QStringLiteral("backend")).toStdString();
  r.json = parser.isSet(QStringLiteral("json"));
  return r;
}

void StepsCommand::printText(const learn::StepsResult& r)
{
  std::cout << learn::algorithmName(r.schedule.algorithm) << ", N = " << r.schedule.n << ", on "
            << r.computedOn << "\n";
  for (std::size_t s = 0; s < r.stages.size(); ++s) {
    std::printf("stage %zu (%s the CPU reference, relative error %.2g)\n", s,
                r.stageMatches(s) ? "equals" : "DIFFERS FROM", r.stageErrors[s]);
    for (std::size_t p = 0; p < r.stages[s].size(); ++p)
      std::printf("  %4zu  %+.6f %+.6fi\n", p, r.stages[s][p].real(), r.stages[s][p].imag());
  }
  std::printf("output X[k]\n");
  for (std::size_t k = 0; k < r.output.size(); ++k)
    std::printf("  %4zu  %+.6f %+.6fi\n", k, r.output[k].real(), r.output[k].imag());
}

void StepsCommand::printJson(const learn::StepsResult& r, const Request& request)
{
  QJsonArray stages, errors;
  for (const auto& stage : r.stages)
    stages.append(complexArray(stage));
  for (double e : r.stageErrors)
    errors.append(e);
  QJsonObject json{
      {"algorithm", QString::fromStdString(request.algorithm)},
      {"n", qint64(r.schedule.n)},
      {"signal", QString::fromStdString(request.signal)},
      {"computed_on", QString::fromStdString(r.computedOn)},
      {"stage_definition", QString::fromUtf8(learn::stageDefinition(r.schedule.algorithm).data())},
      {"input", complexArray(r.input)},
      {"stages", stages},
      {"twiddles", twiddlesJson(r.schedule)},
      {"output", complexArray(r.output)},
      {"reference_errors", errors},
      {"matches_reference", allStagesMatch(r)}};
  if (r.schedule.algorithm == learn::Algorithm::RegisterExchange)
    json.insert(QStringLiteral("register_exchange"), registerExchangeJson(r));
  std::cout << QJsonDocument(json).toJson(QJsonDocument::Compact).toStdString() << "\n";
}

} // namespace spectrascope::cli
