// `ringline` subcommands; each returns the process exit status (see session.h).
#pragma once

namespace rl::driver {

int RunCheck();
int RunEmit();
int RunEval();
int RunSweep();
int RunStats();  // stats_command.cpp
int RunFit();    // fit_command.cpp
int RunAdvise(); // advise_command.cpp
int RunPlot();   // plot_command.cpp
int RunCalibrate();  // calibrate_command.cpp

}  // namespace rl::driver
