// What `eval` and `sweep` share, over the library API (include/ringline/ringline.h): the
// spec and its scenario the command line chooses, the backend and format options, and the
// output file written through a temporary.
#pragma once
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>
#include <vector>

#include "compiler/driver/messages.h"
#include "include/ringline/ringline.h"
#include "runtime/sinks.h"

namespace rl::driver {

struct Lowered {
  std::unique_ptr<ringline::Spec> spec;
  std::unique_ptr<ringline::Scenario> scenario;
  std::string name;  // the scenario's, and the settings it was lowered with
  Settings sets, units;
};
// Compiles Files[0], picks the scenario by --scenario and lowers it with --set and --unit
// (`eval_only`: Spec::Lower's), printing the spec's warnings; nullopt after the messages,
// with the exit status in `exit`.
// With `sensitivity`, the derivatives by the inputs it names (Spec::Lower's); `file`
// instead of the positional one (`plot --tornado`'s).
std::optional<Lowered> LowerScenario(Exit& exit, bool eval_only,
                                     const std::optional<std::vector<std::string>>& sensitivity = std::nullopt,
                                     const std::string* file = nullptr);

// False (after a message) when -O names no level.
bool CheckOptLevel();
// False (after a message) when --backend names no backend or -O no level.
bool CheckBackend();
// The backend --backend names (after CheckBackend).
ringline::Backend BackendOption();

std::optional<runtime::Format> PickFormat(runtime::Format fallback);
// The library's writer of format `f` into `out`, with --digits.
std::unique_ptr<ringline::Sink> MakeOutputSink(runtime::Format f, std::ostream& out, bool single_row);
// `eval --sensitivity` and `--samples` (eval_extras.cpp): the row, then each derivative
// and elasticity, and each report's spread over the samples (tables below the row's;
// CSV, one line each, one or the other; JSON, "sensitivity" and "uncertainty" members).
void WriteEvalExtras(runtime::Format f, std::ostream& out, const ringline::Scenario& sc, const ringline::Row& row,
                     const std::vector<ringline::Spread>* spreads);

// Output goes to a temporary file renamed into place at the end, so a failed run never
// leaves a half-written file under the requested name. Where Linux allows, a stream's
// temporary is anonymous (O_TMPFILE) until Commit, so not even SIGKILL leaves one behind. The default target is `-o`
// (empty: stdout), checked against the spec files; a chart names its own target and
// inputs, and lets gnuplot write the temporary (Open(false), temp_path()).
class Output {
 public:
  Output();
  Output(std::string target, std::vector<std::string> inputs);
  ~Output();
  Output(const Output&) = delete;
  Output& operator=(const Output&) = delete;
  // Refuses a target that is not a regular file or is an input; creates the temporary
  // (opened as stream() unless `for_stream` is false). False after a message.
  bool Open(bool for_stream = true);
  std::ostream& stream();
  // The temporary's name; empty while it is anonymous.
  const std::string& temp_path() const { return tmp_; }
  bool Commit();
  void Discard();

 private:
  std::string target_;
  std::vector<std::string> inputs_;
  std::string tmp_;
  std::ofstream file_;
  bool streamed_ = true;
  int anon_fd_ = -1;
  std::error_code NameAnonymous();
  void CloseAnonymous();
};

}  // namespace rl::driver
