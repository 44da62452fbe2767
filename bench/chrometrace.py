"""Reading a Chromium performance trace (the JSON of Tracing, as Playwright's
browser.stop_tracing() returns it): the page's main-thread tasks and what they spent their time
on, the frames the compositor drew, and V8's sampled profile. bench/reader.py uses it so that
what it reports is what the browser did, not what the harness saw (a page-side frame counter
costs frames of its own, and cannot see long tasks of a page with JavaScript off).

Terms, as Chromium's DevTools uses them:

- a **task** is one `RunTask` at the top of the renderer's main thread (`CrRendererMain`); over
  50 ms it is a long task (the Long Tasks API's threshold);
- a task **ran sitegen.js** when a `FunctionCall` or `EvaluateScript` inside it names the script's
  URL (a scroll handler runs inside the frame's task, with the frame's style, layout and paint:
  the rows it made are laid out in the same task, so that cost is the script's too);
- a **frame** is a `DrawFrame` on the page's compositor thread (what was drawn, whichever thread
  moved the content: a touch scroll is the compositor's); frame time is the gap between two.
"""
import collections
import json

# What a trace records: tasks and their inner events (devtools.timeline), frames
# (devtools.timeline.frame), JavaScript calls (v8.execute), and with `profile` V8's samples.
CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "toplevel",
    "v8.execute",
    "blink.user_timing",
]
PROFILER = "disabled-by-default-v8.cpu_profiler"
LONG_TASK_MS = 50
# A task is recorded twice, one slice in the other (the same start and length).
TASKS = ("RunTask", "ThreadControllerImpl::RunTask")


def load(data):
    """The events of a trace (the bytes or text of its JSON)."""
    trace = json.loads(data)
    return trace["traceEvents"] if isinstance(trace, dict) else trace


def main_thread(events):
    """(pid, tid) of the page's main thread: the one where the harness's console.timeStamp marks
    are, else where the last document from the network began (a new page may start in one
    renderer and navigate into another, and the browser keeps renderers of its own, as
    chrome://omnibox-popup's), else the busiest renderer's."""
    for e in events:
        if e.get("name") == "TimeStamp":
            return (e["pid"], e["tid"])
    documents = [e for e in events if e.get("name") == "navigationStart"
                 and str(((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", "")).startswith("http")]
    if documents:
        e = max(documents, key=lambda e: e["ts"])
        return (e["pid"], e["tid"])
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    busy = collections.Counter()
    for e in events:
        if e.get("name") == "RunTask" and e.get("ph") == "X" and names.get((e["pid"], e["tid"])) == "CrRendererMain":
            busy[(e["pid"], e["tid"])] += e["dur"]
    if not busy:
        raise ValueError("the trace has no task on a renderer's main thread")
    return busy.most_common(1)[0][0]


def marks(events):
    """console.timeStamp(name) → its time (µs, the trace's clock)."""
    return {e["args"]["data"]["message"]: e["ts"] for e in events if e.get("name") == "TimeStamp"}


def navigation_start(events, thread):
    """When the page's document began (µs): the last `navigationStart` of a document from the
    network in that process (about:blank has its own), else the thread's first task."""
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart" and e["pid"] == thread[0]
              and str(((e.get("args") or {}).get("data") or {}).get("documentLoaderURL", "")).startswith("http")]
    if starts:
        return max(starts)
    return min(e["ts"] for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X")


def _script(event, script):
    data = (event.get("args") or {}).get("data") or {}
    return event["name"] in ("FunctionCall", "EvaluateScript", "v8.compile") and script in str(data.get("url", ""))


def tasks(events, thread, start=0, end=float("inf"), script="sitegen."):
    """The top-level tasks of `thread` that began in [start, end) (µs), in order, each a dict:
    ts, ms (its length), script_ms (time inside calls of `script`, outermost only), ran_script,
    evaluated_script (the task ran `script`'s top level), layout_outside_ms (style and layout
    in the task, outside calls of `script`: the browser's own, or what an earlier task's DOM
    changes left it), self (event name → self time in ms: where the task's time went, its own
    slices subtracted from each event)."""
    xs = sorted((e for e in events if (e["pid"], e["tid"]) == thread and e.get("ph") == "X" and "dur" in e),
                key=lambda e: (e["ts"], -e["dur"]))
    out, stack, task = [], [], None
    for e in xs:
        while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
            stack.pop()
        if not stack:
            task = None
            if e["name"] in TASKS and start <= e["ts"] < end:
                task = {"ts": e["ts"], "ms": e["dur"] / 1000, "script_ms": 0.0, "ran_script": False, "evaluated_script": False,
                        "layout_outside_ms": 0.0, "self": collections.Counter(), "_in_script": None}
                out.append(task)
        elif task is not None:
            # A slice takes its time from the slice it is in.
            parent = stack[-1]
            task["self"][parent["name"]] -= min(e["dur"], parent["ts"] + parent["dur"] - e["ts"]) / 1000
        if task is not None:
            task["self"][e["name"]] += e["dur"] / 1000
            outside = task["_in_script"] is None or e["ts"] >= task["_in_script"]
            nested = stack and stack[-1]["name"] in ("UpdateLayoutTree", "Layout")
            if outside and not nested and e["name"] in ("UpdateLayoutTree", "Layout"):
                task["layout_outside_ms"] += e["dur"] / 1000
            if _script(e, script):
                task["ran_script"] = True
                task["evaluated_script"] |= e["name"] == "EvaluateScript"
                inside = task["_in_script"]
                if inside is None or e["ts"] >= inside:
                    task["script_ms"] += e["dur"] / 1000
                    task["_in_script"] = e["ts"] + e["dur"]
        stack.append(e)
    for t in out:
        del t["_in_script"]
        for name in TASKS:  # the task's own bookkeeping, not work
            t["self"].pop(name, None)
    return out


def frames(events, pid, start, end):
    """The times (µs) the compositor of process `pid` drew a frame in [start, end]."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    return sorted(e["ts"] for e in events if e.get("name") == "DrawFrame" and e["pid"] == pid
                  and names.get((e["pid"], e["tid"])) == "Compositor" and start <= e["ts"] <= end)


def frame_stats(times, start, end):
    """fps over [start, end] (µs) and the frame times (ms, the gaps between frames, from the
    window's start to its end, so a long pause at either end counts): median, p95, max."""
    if not times:
        return {"frames": 0, "fps": 0.0, "p50_ms": None, "p95_ms": None, "max_ms": None}
    edges = [start, *times, end]
    gaps = sorted((b - a) / 1000 for a, b in zip(edges, edges[1:]) if b > a)
    pick = lambda q: gaps[min(len(gaps) - 1, int(q * len(gaps)))]  # noqa: E731
    return {"frames": len(times), "fps": len(times) / ((end - start) / 1e6), "p50_ms": pick(0.5), "p95_ms": pick(0.95), "max_ms": gaps[-1]}


def profile(events, pid, windows=None):
    """Self time (ms) per function from V8's samples in process `pid` (a trace recorded with
    PROFILER), counting only samples inside one of `windows` ([(start, end)] µs) if given:
    {(function, file, line): ms}. The idle and (program) buckets are left out: they are the
    browser's own work, which the tasks' events already name."""
    nodes, out, clock = {}, collections.Counter(), {}
    for e in sorted((e for e in events if e.get("pid") == pid and e.get("name") in ("Profile", "ProfileChunk")), key=lambda e: e["ts"]):
        key = e.get("id")
        data = (e.get("args") or {}).get("data") or {}
        if e["name"] == "Profile":
            clock[key] = data.get("startTime", e["ts"])
            continue
        profile = data.get("cpuProfile") or {}
        for node in profile.get("nodes", []):
            nodes[(key, node["id"])] = node["callFrame"]
        t = clock.get(key, e["ts"])
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            t += delta
            if windows is not None and not any(a <= t <= b for a, b in windows):
                continue
            frame = nodes.get((key, sample), {})
            name = frame.get("functionName") or "(anonymous)"
            if name in ("(idle)", "(program)", "(root)"):
                continue
            out[(name, (frame.get("url") or "").rsplit("/", 1)[-1], frame.get("lineNumber", -1) + 1)] += delta / 1000
        clock[key] = t
    return out
