# Runs a command with a file-size limit (RLIMIT_FSIZE, bytes) on it alone; prints its
# stderr and `exit N`, for FileCheck.
#   fsize_limited.py BYTES COMMAND ARGS...
import resource
import subprocess
import sys

limit, cmd = int(sys.argv[1]), sys.argv[2:]
p = subprocess.run(cmd, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
sys.stdout.write(p.stderr)
print("exit %d" % p.returncode)
