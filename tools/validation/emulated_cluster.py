"""An emulated cluster on one Linux machine: N network namespaces joined by a bridge, each
host's link shaped by tc token-bucket filters to a rate, with addresses that exist only in
those namespaces.

  sudo python3 -m tools.validation.emulated_cluster run --hosts 4 --rate 200mbit -- CMD ARG...
  sudo python3 -m tools.validation.emulated_cluster cleanup

`run` builds the cluster, runs CMD in the root namespace with RL_CLUSTER_NS (the hosts'
namespaces, comma-separated) and RL_CLUSTER_ADDRS (their addresses) in its environment, so
that CMD can start `ip netns exec NS ...` per host, and tears the cluster down when CMD ends,
fails, or the tool gets Ctrl-C or SIGTERM. `cleanup` removes what a killed run left (only
namespaces whose creating process is gone). validate.py uses the class directly.

Layout: the bridge lives in a namespace of its own (`rlv<pid>-br`), so nothing is added to
the root namespace; host i is namespace `rlv<pid>-h<i>` with `eth0` at 10.77.0.<i+1>/24,
the other end of its veth pair is port `p<i>` of the bridge. Each direction of a host's
link is shaped, so a host sends and receives at most `rate` at once (full duplex, as a
switched Ethernet port): tbf on eth0 (egress: what the host sends) and on p<i> (egress
from the bridge: what it receives). The kernels here have tbf but not netem, so there is
no added delay: the latency is the stack's own.

Needs root, `ip netns` and `tc` (iproute2).
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys

PREFIX = "rlv"
SUBNET = "10.77.0"
NAME_RE = re.compile(rf"^{PREFIX}(\d+)-(br|h\d+)$")


class ClusterError(RuntimeError):
    """The cluster cannot be built here (not root, no `ip netns`, no tbf), or a step failed."""


def _run(argv, check=True):
    res = subprocess.run(argv, capture_output=True, text=True)
    if check and res.returncode != 0:
        raise ClusterError(f"`{' '.join(argv)}` failed: {res.stderr.strip() or res.stdout.strip()}")
    return res


def preflight():
    """Raises ClusterError saying why an emulated cluster cannot be built on this machine."""
    if os.geteuid() != 0:
        raise ClusterError("needs root: network namespaces and tc qdiscs can only be made by root")
    for tool in ("ip", "tc"):
        if shutil.which(tool) is None:
            raise ClusterError(f"needs `{tool}` (Debian package iproute2)")
    res = _run(["ip", "netns", "list"], check=False)
    if res.returncode != 0:
        raise ClusterError(f"`ip netns` does not work here: {res.stderr.strip()}")
    # Listing is not using: in a chroot whose / is not a mount point, a namespace can be
    # added but not entered (`mount --make-rslave /` fails). Make one, use it as a host
    # would (lo up, a tbf qdisc), and remove it.
    probe = f"{PREFIX}{os.getpid()}-h0"
    try:
        for argv in (["ip", "netns", "add", probe], ["ip", "-n", probe, "link", "set", "lo", "up"],
                     ["tc", "-n", probe, "qdisc", "add", "dev", "lo", "root", "tbf", "rate", "1gbit", "burst",
                      "16384", "latency", "20ms"]):
            res = _run(argv, check=False)
            if res.returncode != 0:
                raise ClusterError(f"network namespaces cannot be used here: `{' '.join(argv)}` failed: "
                                   f"{res.stderr.strip() or res.stdout.strip()}")
    finally:
        _run(["ip", "netns", "del", probe], check=False)


def parse_rate(text):
    """tc's rate syntax (200mbit, 1gbit, 500kbit, 10mbps) to bits per second."""
    m = re.fullmatch(r"([0-9.]+)\s*(k|m|g)?(bit|bps)", text.strip().lower())
    if not m:
        raise ValueError(f"bad rate `{text}`: write e.g. 200mbit or 1gbit")
    scale = {None: 1, "k": 1e3, "m": 1e6, "g": 1e9}[m.group(2)]
    bits = float(m.group(1)) * scale * (8 if m.group(3) == "bps" else 1)
    if bits <= 0:
        raise ValueError(f"bad rate `{text}`: must be positive")
    return bits


def _alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def leftovers(all_owners=False):
    """Namespaces of this tool whose creating process is gone (all of them with all_owners)."""
    res = _run(["ip", "netns", "list"], check=False)
    names = [line.split()[0] for line in res.stdout.splitlines() if line.strip()]
    out = []
    for n in names:
        m = NAME_RE.match(n)
        if m and (all_owners or not _alive(int(m.group(1)))):
            out.append(n)
    return out


def cleanup(all_owners=False):
    """Deletes leftover namespaces (their veths go with them); returns their names."""
    gone = leftovers(all_owners)
    for n in gone:
        _run(["ip", "netns", "del", n], check=False)
    return gone


class Terminated(BaseException):
    """SIGTERM or SIGHUP, turned into an exception so that `finally` blocks run."""


def _raise_terminated(signum, _frame):
    raise Terminated(signum)


class EmulatedCluster:
    """`with EmulatedCluster(4, "1gbit") as c:` builds the cluster and always tears it down.

    c.namespaces[i], c.addresses[i]: host i. c.popen(i, argv) starts argv in host i's
    namespace (a process group of its own, killed on teardown). c.set_rate("200mbit")
    reshapes every link in place. While the cluster exists SIGTERM and SIGHUP raise an
    exception (as SIGINT raises KeyboardInterrupt), so the teardown runs for those too."""

    def __init__(self, hosts, rate, mtu=1500):
        if hosts < 1 or hosts > 250:
            raise ClusterError(f"hosts must be 1..250, got {hosts}")
        self.hosts, self.mtu = hosts, mtu
        self.rate_bits = parse_rate(rate)
        self.rate = rate
        tag = f"{PREFIX}{os.getpid()}"
        self.bridge_ns = f"{tag}-br"
        self.namespaces = [f"{tag}-h{i}" for i in range(hosts)]
        self.addresses = [f"{SUBNET}.{i + 1}" for i in range(hosts)]
        self._made = []
        self._procs = []
        self._old_handlers = {}

    # -- building --
    def __enter__(self):
        preflight()
        cleanup()
        for sig in (signal.SIGTERM, signal.SIGHUP):
            self._old_handlers[sig] = signal.signal(sig, _raise_terminated)
        try:
            self._build()
        except BaseException:
            self.teardown()
            raise
        return self

    def __exit__(self, *exc):
        self.teardown()
        return False

    def _ns(self, name):
        _run(["ip", "netns", "add", name])
        self._made.append(name)
        _run(["ip", "-n", name, "link", "set", "lo", "up"])

    def _build(self):
        br = self.bridge_ns
        self._ns(br)
        _run(["ip", "-n", br, "link", "add", "br0", "type", "bridge"])
        _run(["ip", "-n", br, "link", "set", "br0", "up"])
        for i, (ns, addr) in enumerate(zip(self.namespaces, self.addresses)):
            self._ns(ns)
            port = f"p{i}"
            _run(["ip", "-n", br, "link", "add", port, "mtu", str(self.mtu), "type", "veth",
                  "peer", "name", "eth0", "netns", ns])
            _run(["ip", "-n", br, "link", "set", port, "master", "br0"])
            _run(["ip", "-n", br, "link", "set", port, "up"])
            _run(["ip", "-n", ns, "addr", "add", f"{addr}/24", "dev", "eth0"])
            _run(["ip", "-n", ns, "link", "set", "eth0", "mtu", str(self.mtu), "up"])
        self._shape("add")

    def _tbf(self):
        # Burst: 1 ms of the rate, at least 16 KiB (tbf needs one MTU; more smooths the
        # token bucket's timer granularity). Queue: 20 ms of the rate, so that TCP's
        # window, not tail drops, sets the pace.
        bytes_per_s = self.rate_bits / 8
        burst = int(os.environ.get("RL_TBF_BURST", "0")) or max(16 * 1024, int(bytes_per_s * 1e-3))
        return ["tbf", "rate", f"{int(self.rate_bits)}bit", "burst", str(burst), "latency", os.environ.get("RL_TBF_LATENCY", "20ms")]

    def _shape(self, verb):
        for i, ns in enumerate(self.namespaces):
            _run(["tc", "-n", ns, "qdisc", verb, "dev", "eth0", "root"] + self._tbf())
            _run(["tc", "-n", self.bridge_ns, "qdisc", verb, "dev", f"p{i}", "root"] + self._tbf())

    def set_rate(self, rate):
        self.rate_bits = parse_rate(rate)
        self.rate = rate
        self._shape("change")

    # -- running --
    def command(self, i, argv):
        """argv run in host i's namespace."""
        return ["ip", "netns", "exec", self.namespaces[i]] + list(argv)

    def popen(self, i, argv, **kwargs):
        p = subprocess.Popen(self.command(i, argv), start_new_session=True, **kwargs)
        self._procs.append(p)
        return p

    def env(self):
        return {"RL_CLUSTER_NS": ",".join(self.namespaces), "RL_CLUSTER_ADDRS": ",".join(self.addresses),
                "RL_CLUSTER_RATE": self.rate}

    # -- teardown --
    def kill_processes(self):
        for p in self._procs:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()
        self._procs = []

    def teardown(self):
        # Signals are held off while tearing down, so a second Ctrl-C cannot leave half.
        old_int = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self.kill_processes()
            for name in reversed(self._made):
                _run(["ip", "netns", "del", name], check=False)
            self._made = []
        finally:
            signal.signal(signal.SIGINT, old_int)
            for sig, h in self._old_handlers.items():
                signal.signal(sig, h)
            self._old_handlers = {}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="build a cluster, run a command, tear the cluster down")
    r.add_argument("--hosts", type=int, default=2)
    r.add_argument("--rate", default="1gbit", help="link rate per direction, tc syntax (200mbit, 1gbit)")
    r.add_argument("command", nargs=argparse.REMAINDER)
    c = sub.add_parser("cleanup", help="remove namespaces a killed run left behind")
    c.add_argument("--all", action="store_true", help="also those of runs still alive")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "cleanup":
            preflight()
            gone = cleanup(args.all)
            print(f"removed {len(gone)} namespaces" + (f": {', '.join(gone)}" if gone else ""))
            return 0
        cmd = args.command[1:] if args.command[:1] == ["--"] else args.command
        if not cmd:
            ap.error("name the command to run after --")
        parse_rate(args.rate)
        with EmulatedCluster(args.hosts, args.rate) as cl:
            env = dict(os.environ, **cl.env())
            print(f"emulated_cluster: {args.hosts} hosts at {args.rate}: "
                  f"{', '.join(f'{n} {a}' for n, a in zip(cl.namespaces, cl.addresses))}", file=sys.stderr)
            p = subprocess.Popen(cmd, env=env, start_new_session=True)
            cl._procs.append(p)
            return p.wait()
    except ClusterError as e:
        print(f"emulated_cluster: error: {e}", file=sys.stderr)
        return 2
    except (ValueError, OSError) as e:
        print(f"emulated_cluster: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("emulated_cluster: interrupted; cluster torn down", file=sys.stderr)
        return 130
    except Terminated as e:
        print(f"emulated_cluster: signal {e.args[0]}; cluster torn down", file=sys.stderr)
        return 128 + int(e.args[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
