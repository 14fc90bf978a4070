"""Explore a hidden rail network station by station and submit a short route.

Skill: graph exploration (BFS). Kind: reasoning. Difficulty: level 1-3: more stations, slack 2/1/0.
Winning: submitting a valid route from start to goal no longer than the shortest plus the slack.
"""

from collections import deque
from itertools import pairwise

from spade.envkit import TurnEnv

NAMES = ("Alder", "Birch", "Cedar", "Dune", "Elm", "Fern", "Grove", "Heath", "Iris", "Juniper")
NAMES += ("Kestrel", "Larch", "Maple", "Nettle", "Oak", "Pine", "Quarry", "Rowan", "Sorrel")
STATIONS = {1: (8, 9), 2: (9, 11), 3: (11, 12)}
SLACK = {1: 2, 2: 1, 3: 0}
MAX_SUBMISSIONS = 3


def distances(graph, source):
    """Hop count from ``source`` to every station (plain breadth-first search)."""
    dist, queue = {source: 0}, deque([source])
    while queue:
        node = queue.popleft()
        for other in sorted(graph[node]):
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


class GraphRouteEnv(TurnEnv):
    max_turns = 16
    format_help = "Send \\boxed{neighbors X} or \\boxed{route A ... B}."
    out_of_turns = "Out of turns; you lose."
    answer_attempts = MAX_SUBMISSIONS

    def __init__(self, max_turns=16, level=2, **kwargs):
        self.level = level if level in SLACK else 2
        super().__init__(max_turns, **kwargs)

    def new_task(self, rng):
        while True:  # redraw until some pair is at least three hops apart
            names = rng.sample(NAMES, rng.randint(*STATIONS[self.level]))
            self.graph = {name: set() for name in names}
            for i in range(1, len(names)):  # a random spanning tree keeps it connected
                self._link(names[i], rng.choice(names[:i]))
            for _ in range(len(names) // 3):  # a few extra links create alternative routes
                self._link(*rng.sample(names, 2))
            pairs = [(a, b, d) for a in names for b, d in distances(self.graph, a).items()]
            longest = max(d for _, _, d in pairs)
            if longest >= 3:
                break
        self.start, self.goal, self.shortest = rng.choice([p for p in pairs if p[2] == longest])
        self.limit = self.shortest + SLACK[self.level]
        return (
            f"A rail network has these stations: {', '.join(sorted(names))}. The tracks are "
            f"hidden. Travel from {self.start} to {self.goal}.\n"
            "Each turn send exactly one command:\n"
            "  \\boxed{neighbors X}           - list the stations directly linked to station X\n"
            f"  \\boxed{{route {self.start} ... {self.goal}}}  - submit the full route, every "
            "station in order, separated by spaces\n"
            f"A route wins if every consecutive pair is linked and it uses at most "
            f"{SLACK[self.level]} more hops than the shortest route. You may submit "
            f"{MAX_SUBMISSIONS} routes and have {self.max_turns} turns."
        )

    def _link(self, a, b):
        if a != b:
            self.graph[a].add(b)
            self.graph[b].add(a)

    def respond(self, command):
        words = command.replace(",", " ").replace("->", " ").split()
        command = words[0].lower() if words else ""
        if command not in ("neighbors", "neighbours", "route"):
            return "Format error: " + self.format_help, 0.0, False
        by_lower = {name.lower(): name for name in self.graph}
        stations = [by_lower.get(w.lower()) for w in words[1:]]
        if not stations or None in stations:
            return f"Unknown or missing station; use: {', '.join(sorted(self.graph))}.", 0.0, False
        if command != "route":
            if len(stations) != 1:
                return "Ask about one station at a time: \\boxed{neighbors X}.", 0.0, False
            linked = ", ".join(sorted(self.graph[stations[0]]))
            return f"{stations[0]} is linked to: {linked}.", 0.0, False
        if stations[0] != self.start or stations[-1] != self.goal:
            return f"A route must start at {self.start} and end at {self.goal}.", 0.0, False
        broken = [(a, b) for a, b in pairwise(stations) if b not in self.graph[a]]
        if not broken and len(stations) - 1 <= self.limit:
            return f"Valid route in {len(stations) - 1} hops. You win!", 1.0, True
        reason = (
            f"there is no track between {broken[0][0]} and {broken[0][1]}"
            if broken
            else f"it takes {len(stations) - 1} hops, more than allowed"
        )
        observation, reward, done = self.wrong_answer(f"Route rejected: {reason}.")
        return (observation if done else f"{observation} Explore more and try again."), reward, done

    def hint(self):
        return (
            "Explore breadth-first from the start: ask for the neighbours of the closest "
            "unexplored station, remember which station led to each new one, and stop once "
            "the goal appears; then trace that chain back."
        )

    def solution(self):
        # Breadth-first search that asks for each station's neighbours as it expands it.
        parent, queue, actions = {self.start: None}, deque([self.start]), []
        while self.goal not in parent:
            node = queue.popleft()
            actions.append(f"\\boxed{{neighbors {node}}}")
            for other in sorted(self.graph[node]):
                if other not in parent:
                    parent[other] = node
                    queue.append(other)
        path, node = [], self.goal
        while node is not None:
            path.append(node)
            node = parent[node]
        return [*actions, f"\\boxed{{route {' '.join(reversed(path))}}}"]
