# Runs a command and succeeds only when it exits with the expected status (lit's shell
# cannot test `$?`); prints the command's output and then `exit N` for FileCheck.
#   expect_exit.py N COMMAND ARGS...
import subprocess
import sys

want = int(sys.argv[1])
p = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(p.stdout)
print("exit %d" % p.returncode)
sys.exit(0 if p.returncode == want else 1)
