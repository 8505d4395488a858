# tools/validation/emulated_cluster.py without root or namespaces: why it refuses, the rates it reads,
# and which leftover namespaces its cleanup takes (those of dead creators only).
import os
import subprocess

from tools.validation import emulated_cluster as ec

os.geteuid = lambda: 1000
try:
    ec.preflight()
except ec.ClusterError as e:
    print("not root:", e)
os.geteuid = lambda: 0
real_which = ec.shutil.which
ec.shutil.which = lambda tool: None if tool == "tc" else "/usr/sbin/" + tool
try:
    ec.preflight()
except ec.ClusterError as e:
    print("no tc:", e)
ec.shutil.which = real_which
ec._run = lambda argv, check=True: subprocess.CompletedProcess(argv, 1, "", "Permission denied")
try:
    ec.preflight()
except ec.ClusterError as e:
    print("no netns:", e)
# A chroot whose / is not a mount point: namespaces list and add, but cannot be entered.
def chroot_run(argv, check=True):
    if argv[:2] == ["ip", "-n"]:
        return subprocess.CompletedProcess(argv, 1, "", 'mount --make-rslave / failed: Invalid argument')
    return subprocess.CompletedProcess(argv, 0, "", "")
ec._run = chroot_run
try:
    ec.preflight()
except ec.ClusterError as e:
    print("chroot:", e.args[0].replace(str(os.getpid()), "PID"))
for r in ("200mbit", "1gbit", "1.5Gbit", "10mbps", "fast", "0mbit"):
    try:
        print(r, "=", ec.parse_rate(r))
    except ValueError as e:
        print("bad:", e)
listing = f"rlv1-br\nrlv1-h0 (id: 3)\nrlv{os.getpid()}-h1\nother-ns\nrlv99-hx\n"
ec._run = lambda argv, check=True: subprocess.CompletedProcess(argv, 0, listing, "")
ec._alive = lambda pid: pid == os.getpid()
print("leftovers:", ec.leftovers())
print("all:", ec.leftovers(all_owners=True))
try:
    ec.EmulatedCluster(0, "1gbit")
except ec.ClusterError as e:
    print("hosts:", e)
