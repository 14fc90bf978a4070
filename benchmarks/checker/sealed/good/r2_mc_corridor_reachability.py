"""Sound [graph-reachability-one-shot]: a building's one-way corridors are listed as arrows between rooms; of five named rooms exactly one can be reached from the start room, and the agent names it in one attempt.

The reachable option is at least two corridors away from the start, and every unreachable option has corridors leading into it (from other unreachable rooms), so in-degree alone does not decide.
"""

from collections import deque

from spade.envkit import TurnEnv

ROOMS = ["Atrium", "Boiler", "Chapel", "Dairy", "East Hall", "Foundry", "Gallery", "Harness",
         "Icehouse", "Joinery", "Kiln", "Library", "Mews", "Nursery", "Orangery", "Pantry",
         "Quarters", "Rotunda", "Scullery", "Tackroom"]


def reach(start, edges):
    seen = {start: 0}
    queue = deque([start])
    while queue:
        room = queue.popleft()
        for a, b in edges:
            if a == room and b not in seen:
                seen[b] = seen[room] + 1
                queue.append(b)
    return seen


class CorridorReachabilityEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with one room name as \\boxed{Room}."

    def new_task(self, rng):
        while True:
            rooms = rng.sample(ROOMS, 10)
            start, inside, outside = rooms[0], rooms[1:6], rooms[6:]
            edges = []
            placed = [start]
            for room in inside:
                edges.append((rng.choice(placed), room))
                placed.append(room)
            for _ in range(3):
                a, b = rng.sample(placed, 2)
                edges.append((a, b))
            ring = list(outside)
            rng.shuffle(ring)
            for i, room in enumerate(ring):
                edges.append((room, ring[(i + 1) % len(ring)]))
            for room in outside:
                edges.append((room, rng.choice(placed)))
            edges = list(dict.fromkeys(edges))
            rng.shuffle(edges)
            dist = reach(start, edges)
            far = [r for r in inside if dist.get(r, 0) >= 2]
            if far and all(r not in dist for r in outside):
                break
        self.answer = rng.choice(far)
        options = [self.answer] + list(outside)
        rng.shuffle(options)
        self.options = options
        width = max(len(a) for a, _ in edges)
        lines = "\n".join(f"  {a:<{width}} --> {b}" for a, b in edges)
        return (
            f"One-way corridors in the manor (each arrow can only be walked in its direction):\n"
            f"{lines}\n"
            f"You start in the {start}. Exactly one of these rooms can be reached from there: "
            f"{', '.join(options)}. Which one? {self.format_help} You have one attempt."
        )

    def respond(self, command):
        name = " ".join(command.split()).casefold()
        if name.startswith("the "):
            name = name[4:]
        match = [r for r in self.options if r.casefold() == name]
        if not match:
            return "Name one of the five listed rooms. " + self.format_help, 0.0, False
        if match[0] == self.answer:
            return "Correct: you can walk there.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            "Mark the start room, then repeatedly mark every room an arrow leads to from a marked "
            "room, until nothing new gets marked. Arrows that point into the marked rooms from "
            "outside do not help you leave them."
        )

    def solution(self):
        return [f"\\boxed{{{self.answer}}}"]
