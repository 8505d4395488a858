// Energy, power and money (stdlib.run_cost, docs/run-cost.md): J, W = J/s and Wh = 3600 J
// take the decimal prefixes; USD is a dimension of its own, so a price per hour times
// hours is dollars, and dollars meet seconds or joules only in a product or a ratio.
// RUN: %ringline eval %s | FileCheck %s
// RUN: %ringline eval %s --format csv | FileCheck %s --check-prefix=CSV
// RUN: %ringline check --verify-diagnostics --split-input-file %S/Inputs/fail_energy_money_units.rl
scenario units {
  report run = 2.5 USD/h * 10 h
  report kwh = 1 kWh in J
  report power = 700 W * 8 + 2.3 kW
  report node_day = (700 W * 8 + 2.3 kW) * 24 h in MWh
  report price = 0.1 USD / 1 kWh * 1 MWh
  report per_joule = 0.1 USD / 1 kWh
  report rate = 1 MUSD / 30 h in USD/h
  report same = 1 W * 1 h == 3.6 kJ
}
// CHECK: run       = 25 USD
// CHECK: kwh       = 3.6e+06 J
// CHECK: power     = 7900 W
// CHECK: node_day  = 0.1896 MWh
// CHECK: price     = 100 USD
// CHECK: per_joule = 2.77778e-08 USD/J
// CHECK: rate      = 33333.3 USD/h
// CHECK: same      = true
// CSV: run[USD],kwh[J],power[W],node_day[MWh],price[USD],per_joule[USD/J],rate[USD/h],same
