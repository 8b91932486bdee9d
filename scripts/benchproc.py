"""What the strip benchmarks read of a running process, from /proc (shared by
scripts/bench-against, scripts/bench-strip-backends and scripts/bench-strip-cost).

Run time per thread from /proc/PID/task/*/schedstat (nanoseconds: the 10 ms ticks of
/proc/PID/stat move by about 0.2 % of a core between rounds), wake-ups per thread (its context
switches, voluntary and not), peak VmRSS, and the `ready` event's strip."""
import glob
import json
import os


def run_nanos(pid):
    """Run time (ns) of each thread of pid, by thread id: the first field of its schedstat,
    with the thread's name."""
    times = {}
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            with open(f"{task}/schedstat") as handle:
                nanos = int(handle.read().split()[0])
            with open(f"{task}/comm") as handle:
                name = handle.read().strip()
        except (OSError, ValueError, IndexError):
            continue
        times[os.path.basename(task)] = (name, nanos)
    return times


def switches(pid):
    """Context switches (voluntary + involuntary) of each thread of pid, by thread id, with the
    thread's name: each is the thread going to sleep or being put off the core, so the count
    over a span of time is how often it woke."""
    counts = {}
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            with open(f"{task}/status") as handle:
                fields = dict(line.split(":", 1) for line in handle if ":" in line)
            counts[os.path.basename(task)] = (
                fields["Name"].strip(),
                int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"]))
        except (OSError, ValueError, KeyError):
            continue
    return counts


def by_name(before, after):
    """What each thread name added between two readings of run_nanos or switches (threads that
    started meanwhile count from 0)."""
    added = {}
    for task, (name, value) in after.items():
        added[name] = added.get(name, 0) + value - before.get(task, (name, 0))[1]
    return added


def resident_kb(pid, field="VmRSS"):
    """A /proc/PID/status figure in kB: VmRSS now, or VmHWM, the highest since the launch."""
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def ready_strip(events_path):
    """The `strip` of the first `ready` event written to events_path, or None."""
    try:
        with open(events_path) as handle:
            for line in handle:
                if line.startswith("{"):
                    event = json.loads(line)
                    if event.get("event") == "ready":
                        return event.get("strip")
    except (OSError, ValueError):
        pass
    return None
