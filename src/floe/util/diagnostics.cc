#include "floe/util/diagnostics.h"

#include <mutex>

namespace floe {
namespace {

std::mutex& SinkMutex() {
  static std::mutex mu;
  return mu;
}

DiagnosticSink& Sink() {
  static DiagnosticSink sink;
  return sink;
}

}  // namespace

DiagnosticSink SetDiagnosticSink(DiagnosticSink sink) {
  std::lock_guard<std::mutex> lock(SinkMutex());
  std::swap(Sink(), sink);
  return sink;
}

void EmitDiagnostic(DiagnosticLevel level, const std::string& message) {
  std::lock_guard<std::mutex> lock(SinkMutex());
  if (Sink()) Sink()(level, message);
}

}  // namespace floe
