// A second library that also defines `a`, for the import conflict tests.
let a = 2
