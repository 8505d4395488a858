# Starts a sweep that would run for hours, sends it SIGINT (Ctrl-C) once it has written
# some rows, and checks what it leaves: exit status 130, no temporary file, and an output
# file that parses as complete CSV (every row as wide as the header) or JSON. Prints a
# summary line for FileCheck.
#   interrupt.py [--signal TERM|HUP] OUT_FILE COMMAND ARGS...   (the command writes OUT_FILE with -o)
import csv
import glob
import json
import os
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
sig = signal.SIGINT
if args[0] == "--signal":
    sig = getattr(signal, "SIG" + args[1])
    args = args[2:]
out = args[0]


def temporaries():
    # The output's named temporary file: OUT, six random characters, `.tmp`, beside OUT.
    return glob.glob(glob.escape(out) + ".*.tmp")


def written(pid):
    # Bytes in the files the sweep holds open in OUT's directory: its output, whether the
    # temporary is anonymous (O_TMPFILE, "/dir/#123 (deleted)") or named.
    total, fds = 0, "/proc/%d/fd" % pid
    try:
        for fd in os.listdir(fds):
            if os.readlink(os.path.join(fds, fd)).startswith(os.path.dirname(os.path.abspath(out)) + "/"):
                total += os.stat(os.path.join(fds, fd)).st_size
    except OSError:  # the process ended, or a descriptor closed while we looked
        pass
    return total


for f in [out] + temporaries():
    if os.path.exists(f):
        os.remove(f)
p = subprocess.Popen(args[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 60
while time.time() < deadline and p.poll() is None:
    if written(p.pid) > 4096:
        break
    time.sleep(0.05)
if p.poll() is not None:
    sys.exit("the sweep ended before it could be interrupted: %s" % p.communicate()[1])
p.send_signal(sig)
stdout, stderr = p.communicate(timeout=60)
print("exit %d" % p.returncode)
print("tmp left: %s" % bool(temporaries()))
sys.stdout.write(stderr)
with open(out) as f:
    text = f.read()
if out.endswith(".json"):
    doc = json.loads(text)
    widths = {len(r) for r in doc["rows"]}
    print("json rows: %s, widths %s" % ("many" if len(doc["rows"]) > 10 else len(doc["rows"]), sorted(widths)))
else:
    rows = list(csv.reader(text.splitlines()))
    widths = {len(r) for r in rows}
    print("csv rows: %s, widths %s, ends with newline: %s"
          % ("many" if len(rows) > 10 else len(rows), sorted(widths), text.endswith("\n")))
