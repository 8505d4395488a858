# Runs a command under a time limit and succeeds only when it exits with the expected
# status: a crash (a signal, or any status above 2) or a hang fails the test, which `not`
# alone would let pass. Prints the command's output (bytes that are not UTF-8 replaced)
# and then `exit N`, or `timed out`, for FileCheck.
#   run_limited.py STATUS SECONDS COMMAND ARGS...
import subprocess
import sys

want, limit, cmd = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
try:
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=limit)
except subprocess.TimeoutExpired as e:
    sys.stdout.write((e.output or b"").decode("utf-8", "replace"))
    print("timed out after %g s" % limit)
    sys.exit(1)
sys.stdout.write(p.stdout.decode("utf-8", "replace"))
print("exit %d" % p.returncode)
sys.exit(0 if p.returncode == want else 1)
