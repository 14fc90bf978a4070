"""Sound [tool-short-answer]: a campus network's routers are listed by name; the agent explores links with a neighbours tool and reports the number of hops on the shortest path between two named routers, a one-digit answer, in one attempt.

The hop count is drawn uniformly from 2 to 6 per seed before the network is built, so no single
number wins more than about a fifth of the seeds; the links are only visible through the tool.
"""

from collections import deque

from spade.envkit import ToolEnv, format_answer, format_tool_call

PREFIXES = ["core", "edge", "dist", "lab", "lib", "dorm", "gym", "admin", "wifi", "dc"]


def _bfs(links, start):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for other in sorted(links[node]):
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


class RouterHopsEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        want = rng.randint(2, 6)
        while True:
            names = [f"{p}-{rng.randint(1, 9)}" for p in rng.sample(PREFIXES, 7)]
            numbers = rng.sample(range(10, 40), 5)
            names += [f"{p}-{n}" for p, n in zip(rng.sample(PREFIXES, 5), numbers)]
            names = sorted(set(names))
            links = {n: set() for n in names}
            order = names[:]
            rng.shuffle(order)
            for i in range(1, len(order)):
                other = order[rng.randrange(i)]
                links[order[i]].add(other)
                links[other].add(order[i])
            for _ in range(rng.randint(1, 4)):
                a, b = rng.sample(names, 2)
                links[a].add(b)
                links[b].add(a)
            start = rng.choice(names)
            dist = _bfs(links, start)
            targets = sorted(n for n, d in dist.items() if d == want)
            if targets:
                break
        self.names = names
        self.links = links
        self.start = start
        self.goal = rng.choice(targets)
        self.answer = want
        self._expected_answer = str(want)
        return (
            f"Campus network routers: {', '.join(names)}.\n"
            f"A packet travels from {start} to {self.goal}. How many hops (links crossed) does the "
            "shortest path take? Links are only visible through the neighbours tool; every link "
            "works both ways. Reply with the number as <answer>N</answer>. You have one answer."
        )

    def tool_neighbours(self, router: str):
        """The routers directly linked to one router."""
        key = str(router).strip().lower()
        if key not in self.links:
            raise KeyError(f"no router named {str(router)[:40]!r}")
        return {"router": key, "linked_to": sorted(self.links[key])}

    def hint(self):
        return (
            "Explore in rings: ask for the start router's neighbours, then the neighbours of all "
            "of those, and so on, keeping track of routers already seen; the ring in which the "
            "destination first appears gives the hop count."
        )

    def solution(self):
        dist = _bfs(self.links, self.start)
        actions = []
        for ring in range(self.answer):
            layer = sorted(n for n, d in dist.items() if d == ring)
            for i in range(0, len(layer), 8):
                actions.append("".join(
                    format_tool_call("neighbours", {"router": n}) for n in layer[i:i + 8]
                ))
        return actions + [format_answer(self.answer)]
