"""Sound [tool-graph-walk-count]: a package manager will install a named package and every dependency it pulls in that is not installed yet (an installed package's own dependencies count as satisfied); the agent reads dependencies one package at a time and the installed list with tools, and answers how many packages get installed.

The count is drawn uniformly from 4 to 12 per seed before the dependency graph is built, and the
graph is redrawn until counting everything reachable, counting the reachable packages that are
not installed (some hang only below installed ones) and counting the direct dependencies all give
other numbers, so the walk has to stop at installed packages; one answer attempt.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

STEMS = ["libzest", "quartz", "pyrope", "nimbus", "ferrite", "glyph", "marrow", "kestrel",
         "obsidian", "pylon", "tallow", "umber", "vortex", "wicket", "yarrow", "zircon",
         "alder", "brine", "cobalt", "drift"]


def _needed(root, deps, installed):
    seen, stack = set(), [root]
    while stack:
        p = stack.pop()
        if p in seen or p in installed:
            continue
        seen.add(p)
        stack.extend(deps[p])
    return seen


class PackageInstallCountEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        want = rng.randint(4, 12)
        while True:
            names = [f"{s}-{rng.choice(['core', 'utils', 'io', 'cli', 'net', 'fmt'])}"
                     for s in rng.sample(STEMS, 18)]
            deps = {n: [] for n in names}
            for i, n in enumerate(names[:-1]):
                later = names[i + 1:]
                deps[n] = sorted(rng.sample(later, min(len(later), rng.randint(0, 3))))
            root = names[0]
            installed = set(rng.sample(names[1:], rng.randint(2, 6)))
            needed = _needed(root, deps, installed)
            everything = _needed(root, deps, set())
            if len(needed) == want and len(everything) != want and len(deps[root]) + 1 != want \
                    and len(everything - installed) != want:
                break
        self.deps, self.root, self.installed = deps, root, installed
        self.names = sorted(names)
        self._expected_answer = str(want)
        return (
            f"Repository packages: {', '.join(self.names)}.\nYou run 'install {root}'. The "
            "installer installs it and, recursively, every dependency that is not installed "
            "yet; packages already installed are left alone and their own dependencies are "
            "taken as satisfied. How many packages does it install, counting "
            f"{root} itself? Answer with a number, e.g. <answer>N</answer>. One attempt."
        )

    def tool_depends(self, package: str):
        """Direct dependencies of one package in the repository."""
        key = str(package).strip().lower()
        if key not in self.deps:
            raise KeyError(f"no package named {str(package)[:40]!r}")
        return {"package": key, "depends_on": self.deps[key]}

    def tool_installed(self):
        """Packages already installed on this machine."""
        return sorted(self.installed)

    def hint(self):
        return (
            "Get the installed list first. Then walk the dependencies from the requested package: "
            "for each dependency that is not installed, add it to the install set and look up its "
            "own dependencies; do not look below an installed package. A package reached by two "
            "routes is installed once. Count the set, including the package you asked for."
        )

    def solution(self):
        order = sorted(_needed(self.root, self.deps, self.installed))
        calls = [format_tool_call("depends", {"package": p}) for p in order]
        actions = [format_tool_call("installed")]
        actions += ["".join(calls[i:i + 8]) for i in range(0, len(calls), 8)]
        return actions + [format_answer(self._expected_answer)]
