# Runs a command and succeeds only when it exits with the expected status, for
# test/lit/driver (lit's shell cannot test `$?`). Prints `exit N` and passes the
# command's output through, so FileCheck can check both.
#   expect_exit.py N COMMAND ARGS...
import subprocess
import sys

want = int(sys.argv[1])
p = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(p.stdout)
print("exit %d" % p.returncode)
sys.exit(0 if p.returncode == want else 1)
