// A message of several lines (test/lit/check/fail_user_errors.rl).
let x = error("first\nsecond")
