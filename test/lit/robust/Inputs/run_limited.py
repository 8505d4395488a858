# Runs a command and succeeds only when it exits with the expected status within a time
# limit: a crash (a signal, or any status above 2), a hang or a slow run fails the test,
# where `not` alone would let them pass. The limit is on CPU time (user + system), so a
# loaded machine does not fail the test; a wall-clock guard of ten times the limit (at
# least a minute) catches hangs. RL_TIME_SCALE (lit.cfg.py; above 1 in the sanitizer
# build, whose code runs several times slower) multiplies the limit. Prints the command's output (bytes that are not UTF-8
# replaced) and then `exit N`, for FileCheck.
# With --memory, the command's address space is limited to MB megabytes (RLIMIT_AS).
#   run_limited.py STATUS SECONDS [--memory MB] COMMAND ARGS...
import os
import resource
import subprocess
import sys

want, limit, cmd = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
memory = None
if cmd[:1] == ["--memory"]:
    memory, cmd = int(cmd[1]) << 20, cmd[2:]


def limit_memory():
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

limit *= float(os.environ.get("RL_TIME_SCALE", "1"))
before = resource.getrusage(resource.RUSAGE_CHILDREN)
try:
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=max(60.0, 10 * limit), preexec_fn=limit_memory)
except subprocess.TimeoutExpired as e:
    sys.stdout.write((e.output or b"").decode("utf-8", "replace"))
    print("timed out")
    sys.exit(1)
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
sys.stdout.write(p.stdout.decode("utf-8", "replace"))
print("exit %d" % p.returncode)
print("run_limited.py: %.2f s of CPU time" % cpu, file=sys.stderr)
if cpu > limit:
    print("took %.2f s of CPU time, more than %g s" % (cpu, limit))
    sys.exit(1)
sys.exit(0 if p.returncode == want else 1)
