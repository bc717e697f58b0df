// Warnings and verbose notes from library code (docs/cli.md: diagnostics go to stderr). Library
// code never prints: it hands each message to the process-wide sink, which the CLI installs
// (warnings always shown, notes only with `--verbose`). Without a sink messages are dropped.
//
//   Warn("manifest {} says file {} has {} bytes, it has {}", ...);   // reader worked around it
//   Note("fallback field ids for {}", path);                         // detail for --verbose
//
// Thread-safe: the sink is called under a lock, one message at a time, from any thread.
#pragma once

#include <fmt/format.h>

#include <functional>
#include <string>
#include <utility>

namespace floe {

enum class DiagnosticLevel {
  kWarning,  // the result is right, but the input was odd (or something was skipped)
  kNote,     // detail that explains a result (shown with --verbose)
};

using DiagnosticSink = std::function<void(DiagnosticLevel, const std::string&)>;

// Installs `sink` (empty: drop every message) and returns the one it replaces.
DiagnosticSink SetDiagnosticSink(DiagnosticSink sink);

// Hands `message` to the sink, if any.
void EmitDiagnostic(DiagnosticLevel level, const std::string& message);

template <typename... Args>
void Warn(fmt::format_string<Args...> format, Args&&... args) {
  EmitDiagnostic(DiagnosticLevel::kWarning, fmt::format(format, std::forward<Args>(args)...));
}

template <typename... Args>
void Note(fmt::format_string<Args...> format, Args&&... args) {
  EmitDiagnostic(DiagnosticLevel::kNote, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace floe
