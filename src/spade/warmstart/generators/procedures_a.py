"""Document procedure blocks, set A: questions that ask each document's own procedure.

``tiers`` asks the same generic questions (lookup, count, sum...) of every document's table. The
blocks here ask what a reader of one document would compute with its method: the value binary
search compares second, the remainder at Euclid's second step, the index a pushed item sifts up
to, the card that is the only legal play. Each block draws the data its procedure needs (a sorted
array, an edge list, a parent array), prints it in the question, and computes the answer from
what it printed, in one of two or three code shapes, with one of two wordings.

Blocks follow ``tiers.Block``: ``(table, question number, rng) -> (code, hint)``. In the code
templates ``~`` stands for the question number and ``NAMES`` and ``VALUES`` for the table's
lists (``_emit``), so every variable a block creates carries its question's number.
"""

from __future__ import annotations

import random
import textwrap

from spade.warmstart.generators.tiers import IND, Block, Table


def _emit(t: Table, n: int, *pieces: str) -> str:
    """Generated code: each of ``pieces`` (a line, or an indented triple-quoted block) dedented,
    then indented into ``rounds``, with ``~`` made the question number and ``NAMES`` and
    ``VALUES`` the table's variables."""
    code = "\n".join(textwrap.dedent(piece).strip("\n") for piece in pieces)
    code = code.replace("~", str(n)).replace("NAMES", t.names).replace("VALUES", t.values)
    return "".join(f"{IND}{line}\n" for line in code.split("\n") if line.strip())


def _ask(t: Table, n: int, rng: random.Random, *wordings: str) -> str:
    """The line defining ``q<n>``: one of ``wordings`` as an f-string."""
    return _emit(t, n, f'q~ = f"{rng.choice(wordings)}"')


# -- 01 binary search -------------------------------------------------------------------------


def bs_probe(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Which value binary search compares second or third while looking for an absent target."""
    p = rng.choice((2, 3))
    parts = ["""
        arr~ = sorted(rng.sample(range(2, 99), rng.randint(7, 12)))
        x~ = rng.choice([v~ for v~ in range(1, 100) if v~ not in arr~])
    """]  # fmt: skip
    parts += [rng.choice((
        f"""
        lo~, hi~, seen~ = 0, len(arr~) - 1, []
        while lo~ <= hi~:
            mid~ = lo~ + (hi~ - lo~) // 2
            seen~.append(arr~[mid~])
            if arr~[mid~] < x~:
                lo~ = mid~ + 1
            else:
                hi~ = mid~ - 1
        a~ = str(seen~[{p - 1}])
        """,
        f"""
        lo~, hi~ = 0, len(arr~) - 1
        for step~ in range({p}):
            mid~ = (lo~ + hi~) // 2
            lo~, hi~ = (mid~ + 1, hi~) if arr~[mid~] < x~ else (lo~, mid~ - 1)
        a~ = str(arr~[mid~])
        """,
        f"""
        part~ = arr~
        for step~ in range({p}):
            probe~ = part~[(len(part~) - 1) // 2]
            part~ = [v~ for v~ in part~ if (v~ > probe~ if probe~ < x~ else v~ < probe~)]
        a~ = str(probe~)
        """,
    ))]  # fmt: skip
    word = "second" if p == 2 else "third"
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        f"Binary search looks for {{x~}} in the sorted array {{arr~}}. Which value is compared "
        f"{word}?",
        f"Searching the sorted array {{arr~}} for {{x~}}, with the middle index rounded down, "
        f"what is the {word} value probed?",
    )  # fmt: skip
    return (
        code,
        "Compare the target with the middle of the open range and keep the half that can hold it.",
    )


def bs_guess(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The next midpoint guess in the guessing game after one or two replies."""
    parts = ["""
        top~ = rng.choice(VALUES)
        replies~ = [rng.choice(["higher", "lower"]) for r~ in range(rng.randint(1, 2))]
    """]  # fmt: skip
    parts += [rng.choice((
        """
        lo~, hi~ = 1, top~
        for r~ in replies~:
            guess~ = lo~ + (hi~ - lo~) // 2
            if r~ == "higher":
                lo~ = guess~ + 1
            else:
                hi~ = guess~ - 1
        a~ = str(lo~ + (hi~ - lo~) // 2)
        """,
        """
        bounds~ = [1, top~]
        for r~ in replies~:
            mid~ = (bounds~[0] + bounds~[1]) // 2
            bounds~ = [mid~ + 1, bounds~[1]] if r~ == "higher" else [bounds~[0], mid~ - 1]
        a~ = str((bounds~[0] + bounds~[1]) // 2)
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "A hidden integer lies between one and {top~}. You always guess the midpoint (rounded "
        "down); the replies so far are: {', '.join(replies~)}. What is your next guess?",
        "Guessing game from one to {top~}, always guessing the middle (rounded down). After the "
        "answers {replies~}, which number do you guess next?",
    )  # fmt: skip
    return code, "Guess the middle of the range still possible and move a bound past each guess."


def bs_lower_bound(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The lower-bound variant: the first index whose value is at least the target."""
    parts = ["""
        arr~ = sorted(rng.sample(range(2, 99), rng.randint(6, 12)))
        x~ = rng.choice([v~ for v~ in range(1, 100) if v~ not in arr~])
    """]  # fmt: skip
    parts += [rng.choice((
        """
        lo~, hi~ = 0, len(arr~)
        while lo~ < hi~:
            mid~ = (lo~ + hi~) // 2
            if arr~[mid~] >= x~:
                hi~ = mid~
            else:
                lo~ = mid~ + 1
        a~ = str(lo~)
        """,
        "a~ = str(sum(1 for v~ in arr~ if v~ < x~))",
        "a~ = str(next((j~ for j~, v~ in enumerate(arr~) if v~ >= x~), len(arr~)))",
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Lower bound: in the sorted array {arr~} (indices from zero), what is the first index "
        "whose value is greater than or equal to {x~}?",
        "Binary search for the lower bound of {x~} in {arr~}: which index does it return "
        "(counting from zero)?",
    )  # fmt: skip
    return (
        code,
        "Halve the range, keeping the left half whenever the middle value is at least the target.",
    )


# -- 02 Dijkstra ------------------------------------------------------------------------------


def dj_relax(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """dist[v] after relaxing one edge u -> v, with the table as the current distances."""
    parts = ["""
        u~, v~ = rng.sample(range(len(NAMES)), 2)
        w~ = rng.randint(1, 30)
    """]  # fmt: skip
    parts += [rng.choice((
        "a~ = str(min(VALUES[v~], VALUES[u~] + w~))",
        """
        dist~ = dict(zip(NAMES, VALUES))
        if dist~[NAMES[u~]] + w~ < dist~[NAMES[v~]]:
            dist~[NAMES[v~]] = dist~[NAMES[u~]] + w~
        a~ = str(dist~[NAMES[v~]])
        """,
        """
        via~ = VALUES[u~] + w~
        a~ = str(via~ if via~ < VALUES[v~] else VALUES[v~])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Take these as the best known distances dist[] from the depot. A road of {w~} km runs "
        "from {NAMES[u~]} to {NAMES[v~]}. After relaxing that edge, what is dist[{NAMES[v~]}]?",
        "Dijkstra has settled {NAMES[u~]} and now relaxes the edge {NAMES[u~]} -> {NAMES[v~]} "
        "of weight {w~}. What is the best known distance to {NAMES[v~]} afterwards?",
    )  # fmt: skip
    return (
        code,
        "Compare the old distance with the distance through the new edge; keep the smaller.",
    )


def dj_route(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The shortest A-to-D cost in the document's worked-example graph with drawn weights."""
    parts = ["""
        w~ = [rng.randint(1, 12) for e~ in range(5)]
        named~ = zip(["A-B", "A-C", "C-B", "B-D", "C-D"], w~)
        roads~ = ", ".join(f"{e~} {x~}" for e~, x~ in named~)
    """]  # fmt: skip
    parts += [rng.choice((
        """
        routes~ = [w~[0] + w~[3], w~[1] + w~[4], w~[1] + w~[2] + w~[3], w~[0] + w~[2] + w~[4]]
        a~ = str(min(routes~))
        """,
        """
        b~ = min(w~[0], w~[1] + w~[2])
        c~ = min(w~[1], w~[0] + w~[2])
        a~ = str(min(b~ + w~[3], c~ + w~[4]))
        """,
        """
        dist~ = {"A": 0, "B": 999, "C": 999, "D": 999}
        edges~ = list(zip(["AB", "AC", "CB", "BD", "CD"], w~))
        for sweep~ in range(3):
            for (s~, d~), x~ in edges~:
                dist~[d~] = min(dist~[d~], dist~[s~] + x~)
                dist~[s~] = min(dist~[s~], dist~[d~] + x~)
        a~ = str(dist~["D"])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Two-way edges with their weights: {roads~}. Starting Dijkstra at A, what is dist[D] "
        "when D is settled?",
        "Graph edges (both directions): {roads~}. What is the cost of the shortest route from A "
        "to D?",
    )  # fmt: skip
    return code, "Settle the closest unsettled node each time and relax its edges."


# -- 03 union-find ----------------------------------------------------------------------------


def uf_union_root(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The root after two unions by size, the table giving each root's group size."""
    parts = ["x~, y~, z~ = rng.sample(range(len(NAMES)), 3)\n"]
    parts += [rng.choice((
        """
        first~ = x~ if VALUES[x~] >= VALUES[y~] else y~
        merged~ = VALUES[x~] + VALUES[y~]
        a~ = NAMES[first~] if merged~ >= VALUES[z~] else NAMES[z~]
        """,
        """
        parent~ = {m~: m~ for m~ in NAMES}
        size~ = dict(zip(NAMES, VALUES))
        for ra~, rb~ in [(NAMES[x~], NAMES[y~]), (NAMES[y~], NAMES[z~])]:
            while parent~[ra~] != ra~: ra~ = parent~[ra~]
            while parent~[rb~] != rb~: rb~ = parent~[rb~]
            if size~[ra~] < size~[rb~]: ra~, rb~ = rb~, ra~
            parent~[rb~] = ra~
            size~[ra~] += size~[rb~]
        root~ = NAMES[z~]
        while parent~[root~] != root~: root~ = parent~[root~]
        a~ = root~
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Each entry is a root and its number is its group's size. Run union({NAMES[x~]}, "
        "{NAMES[y~]}) then union({NAMES[y~]}, {NAMES[z~]}) with union by size (on a tie the "
        "first argument's root stays root). Which item is the root of the merged group?",
        "Union by size, ties keeping the first argument's root: after union({NAMES[x~]}, "
        "{NAMES[y~]}) and then union({NAMES[y~]}, {NAMES[z~]}), what does find({NAMES[z~]}) "
        "return?",
    )  # fmt: skip
    return code, "Find both roots, attach the smaller group under the larger, and add the sizes."


def uf_find(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """find(x) in a drawn parent array."""
    parts = ["""
        m~ = rng.randint(6, 10)
        order~ = rng.sample(range(m~), m~)
        parent~ = list(range(m~))
        for j~ in range(1, m~):
            if j~ == 1 or rng.random() < 0.7:
                parent~[order~[j~]] = order~[rng.randrange(j~)]
        x~ = rng.choice([v~ for v~ in range(m~) if parent~[v~] != v~])
    """]  # fmt: skip
    parts += [rng.choice((
        """
        r~ = x~
        while parent~[r~] != r~:
            r~ = parent~[r~]
        """,
        """
        r~ = x~
        for hop~ in range(m~):
            r~ = parent~[r~]
        """,
        """
        path~ = [x~]
        while parent~[path~[-1]] != path~[-1]:
            path~.append(parent~[path~[-1]])
        r~ = path~[-1]
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts, "a~ = str(r~)") + _ask(
        t, n, rng,
        "A union-find forest has parent = {parent~} (item i's parent is parent[i]; a root is "
        "its own parent). What does find({x~}) return?",
        "Following parent links in parent = {parent~}, which root does item {x~} reach?",
    )  # fmt: skip
    return code, "Follow the parent links until you reach an item that is its own parent."


# -- 04 topological sort ----------------------------------------------------------------------


def topo_position(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The task at a given position of Kahn's order with alphabetical tie-breaking."""
    parts = ["""
        perm~ = rng.sample(NAMES, len(NAMES))
        pairs~ = [(i~, j~) for i~ in range(len(perm~)) for j~ in range(i~ + 1, len(perm~))]
        edges~ = [(perm~[i~], perm~[j~]) for i~, j~ in pairs~ if rng.random() < 0.5]
        shown~ = ", ".join(f"{s~} -> {d~}" for s~, d~ in edges~) or "none"
        pos~ = rng.randrange(len(NAMES))
        indeg~ = {v~: sum(1 for s~, d~ in edges~ if d~ == v~) for v~ in NAMES}
        order~ = []
    """]  # fmt: skip
    parts += [rng.choice((
        """
        while len(order~) < len(NAMES):
            u~ = min(v~ for v~ in NAMES if indeg~[v~] == 0 and v~ not in order~)
            order~.append(u~)
            for s~, d~ in edges~:
                if s~ == u~:
                    indeg~[d~] -= 1
        """,
        """
        ready~ = sorted(v~ for v~ in NAMES if indeg~[v~] == 0)
        while ready~:
            u~ = ready~.pop(0)
            order~.append(u~)
            for d~ in [d~ for s~, d~ in edges~ if s~ == u~]:
                indeg~[d~] -= 1
                if indeg~[d~] == 0:
                    ready~ = sorted(ready~ + [d~])
        """,
    ))]  # fmt: skip
    parts += ["""
        nth~ = ["first", "second", "third", "fourth", "fifth"][pos~]
        a~ = order~[pos~]
    """]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Dependencies (a -> b means a must come before b): {shown~}. Kahn's algorithm always "
        "takes the alphabetically smallest ready task. Which task is {nth~} in the order?",
        "Edges: {shown~}. In the topological order that Kahn's algorithm gives with "
        "alphabetical tie-breaking, which task comes {nth~}?",
    )  # fmt: skip
    return code, "Take the alphabetically smallest task of indegree zero, then lower its targets'."


def topo_indegree(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The indegree of one task in a drawn graph over the document's tasks."""
    parts = [f"""
        tasks~ = rng.sample({list(t.theme.things)!r}, rng.randint(5, 7))
        dense~ = rng.choice([0.3, 0.5, 0.7])
        edges~ = [(s~, d~) for s~ in tasks~ for d~ in tasks~ if s~ < d~ and rng.random() < dense~]
        shown~ = ", ".join(f"{{s~}} -> {{d~}}" for s~, d~ in edges~)
        x~ = rng.choice(sorted(tasks~)[3:])
    """]  # fmt: skip
    parts += [rng.choice((
        "a~ = str(sum(1 for s~, d~ in edges~ if d~ == x~))",
        "a~ = str([d~ for s~, d~ in edges~].count(x~))",
        """
        indeg~ = dict.fromkeys(tasks~, 0)
        for s~, d~ in edges~:
            indeg~[d~] += 1
        a~ = str(indeg~[x~])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Kahn's algorithm starts by counting indegrees. With the edges {shown~}, what is "
        "indegree[{x~}]?",
        "Edges of the build graph: {shown~}. How many edges point into {x~}?",
    )  # fmt: skip
    return code, "Count the edges whose arrow ends at that task."


# -- 06 Euclidean algorithm -------------------------------------------------------------------


def eu_remainder(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The remainder at Euclid's first or second division step on two table lengths."""
    code = _emit(t, n, """
        big~, small~ = sorted(rng.sample(VALUES, 2), reverse=True)
        step~ = rng.choice([1, 2]) if big~ % small~ else 1
        nth~ = ["first", "second"][step~ - 1]
    """)  # fmt: skip
    code += _ask(
        t, n, rng,
        "Run the Euclidean algorithm on gcd({big~}, {small~}). What is the remainder in the "
        "{nth~} division step?",
        "Euclid replaces (a, b) with (b, a mod b). Starting from ({big~}, {small~}), what is "
        "a mod b at the {nth~} step?",
    )  # fmt: skip
    code += _emit(t, n, rng.choice((
        """
        for k~ in range(step~):
            big~, small~ = small~, big~ % small~
        a~ = str(small~)
        """,
        """
        r~ = big~ % small~
        if step~ == 2:
            r~ = small~ % r~
        a~ = str(r~)
        """,
        """
        pair~ = [big~, small~]
        while step~:
            pair~ = [pair~[1], pair~[0] % pair~[1]]
            step~ -= 1
        a~ = str(pair~[1])
        """,
    )))  # fmt: skip
    return (
        code,
        "Divide the larger number by the smaller, keep the remainder, repeat with the divisor.",
    )


def eu_gcd(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The gcd of two drawn numbers that share a factor."""
    parts = ["""
        g~ = rng.randint(2, 12)
        x~, y~ = (g~ * k~ for k~ in rng.sample(range(2, 10), 2))
    """]  # fmt: skip
    parts += [rng.choice((
        """
        hi~, lo~ = x~, y~
        while lo~:
            hi~, lo~ = lo~, hi~ % lo~
        a~ = str(hi~)
        """,
        "a~ = str(max(d~ for d~ in range(1, x~ + 1) if x~ % d~ == 0 and y~ % d~ == 0))",
        """
        hi~, lo~ = max(x~, y~), min(x~, y~)
        while hi~ % lo~:
            hi~, lo~ = lo~, hi~ % lo~
        a~ = str(lo~)
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Using the Euclidean algorithm, what is gcd({x~}, {y~})?",
        "What is the greatest common divisor of {x~} and {y~}?",
    )  # fmt: skip
    return (
        code,
        "Replace the pair by the smaller number and the remainder until the remainder is zero.",
    )


def eu_lcm(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The least common multiple of two small numbers, through the gcd."""
    parts = ["x~, y~ = rng.sample(range(3, 21), 2)\n"]
    parts += [rng.choice((
        """
        u~, v~ = x~, y~
        while v~:
            u~, v~ = v~, u~ % v~
        a~ = str(x~ // u~ * y~)
        """,
        "a~ = str(next(m~ for m~ in range(y~, x~ * y~ + 1, y~) if m~ % x~ == 0))",
        """
        g~ = max(d~ for d~ in range(1, x~ + 1) if x~ % d~ == 0 and y~ % d~ == 0)
        a~ = str(x~ * y~ // g~)
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "The least common multiple is lcm(a, b) = a / gcd(a, b) * b. What is lcm({x~}, {y~})?",
        "Using gcd, find the least common multiple of {x~} and {y~}.",
    )  # fmt: skip
    return code, "Find the greatest common divisor, divide one number by it, multiply by the other."


# -- 07 two pointers --------------------------------------------------------------------------


def tp_pair_steps(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many sums the pair-sum walk checks until it finds the target."""
    parts = ["""
        arr~ = sorted(rng.sample(range(1, 60), rng.randint(6, 10)))
        goal~ = sum(rng.sample(arr~, 2))
        left~, right~ = 0, len(arr~) - 1
    """]  # fmt: skip
    parts += [rng.choice((
        """
        checks~ = 1
        while arr~[left~] + arr~[right~] != goal~:
            if arr~[left~] + arr~[right~] < goal~:
                left~ += 1
            else:
                right~ -= 1
            checks~ += 1
        """,
        """
        for checks~ in range(1, len(arr~)):
            total~ = arr~[left~] + arr~[right~]
            if total~ == goal~:
                break
            left~, right~ = (left~ + 1, right~) if total~ < goal~ else (left~, right~ - 1)
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts, "a~ = str(checks~)") + _ask(
        t, n, rng,
        "Pair sum with two pointers on the sorted array {arr~}, target {goal~}: left starts at "
        "the first element and right at the last. How many sums are checked, counting the one "
        "that matches?",
        "Two pointers walk the ascending array {arr~} looking for a pair that adds up to "
        "{goal~}. How many times is a[left] + a[right] computed before the pair is reported "
        "(including that time)?",
    )  # fmt: skip
    return (
        code,
        "Start at both ends; move left up if the sum is too small, right down if too large.",
    )


def tp_nth_sum(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The sum the pair-sum walk checks at its second or third step, for an absent target."""
    parts = ["""
        arr~ = sorted(rng.sample(range(1, 50), rng.randint(6, 9)))
        sums~ = [u~ + w~ for i~, u~ in enumerate(arr~) for w~ in arr~[i~ + 1:]]
        goal~ = rng.choice([s~ for s~ in range(3, 100) if s~ not in sums~])
        step~ = rng.choice([2, 3])
        nth~ = ["second", "third"][step~ - 2]
    """]  # fmt: skip
    parts += [rng.choice((
        """
        left~, right~ = 0, len(arr~) - 1
        for k~ in range(step~ - 1):
            if arr~[left~] + arr~[right~] < goal~:
                left~ += 1
            else:
                right~ -= 1
        a~ = str(arr~[left~] + arr~[right~])
        """,
        """
        seen~, left~, right~ = [], 0, len(arr~) - 1
        while left~ < right~:
            seen~.append(arr~[left~] + arr~[right~])
            left~, right~ = (left~ + 1, right~) if seen~[-1] < goal~ else (left~, right~ - 1)
        a~ = str(seen~[step~ - 1])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Pair sum on the sorted array {arr~} with target {goal~}: left starts at the first "
        "element, right at the last. What is the {nth~} sum checked?",
        "Two pointers search {arr~} (ascending) for two values adding to {goal~}. Which sum "
        "a[left] + a[right] do they compute {nth~}?",
    )  # fmt: skip
    return (
        code,
        "Add the two pointed values; if too small move left up, if too large move right down.",
    )


# -- 08 binary heap ---------------------------------------------------------------------------

_HEAP = """
    heap~ = [rng.randint(1, 20)]
    for c~ in range(1, rng.randint(7, 11)):
        heap~.append(heap~[(c~ - 1) // 2] + rng.randint(1, 15))
"""
"""A valid min-heap of 7 to 11 items: each item its parent plus 1 to 15."""


def heap_relative(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The value at the parent or at a child of an index in an array-backed min-heap."""
    kind = rng.choice(("parent", "left child", "right child"))
    if kind == "parent":
        parts = [_HEAP, "i~ = rng.randint(1, len(heap~) - 1)\n"]
        parts += [rng.choice((
            "j~ = (i~ - 1) // 2",
            "j~ = (i~ + 1) // 2 - 1",
            "j~ = [p~ for p~ in range(i~) if i~ in (2 * p~ + 1, 2 * p~ + 2)][0]",
        ))]  # fmt: skip
        hint = "The parent of index i is at i minus one, halved and rounded down."
    else:
        plus = 1 if kind == "left child" else 2
        parts = [_HEAP, f"i~ = rng.randint(0, (len(heap~) - {plus + 1}) // 2)\n"]
        parts += [rng.choice((f"j~ = 2 * i~ + {plus}", f"j~ = i~ + i~ + {plus}"))]
        hint = "The children of index i are at two i plus one and two i plus two."
    code = _emit(t, n, *parts, "a~ = str(heap~[j~])") + _ask(
        t, n, rng,
        f"A binary min-heap is stored as the array {{heap~}}, indices from zero. Which value "
        f"is at the {kind} of index {{i~}}?",
        f"In the array-backed heap {{heap~}} (first index zero), what is the {kind} of the item "
        f"at index {{i~}}?",
    )  # fmt: skip
    return code, hint


def heap_push(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The index a pushed item ends at after sifting up."""
    parts = [_HEAP, "x~ = rng.randint(1, max(heap~))\n"]
    parts += [rng.choice((
        """
        h~ = heap~ + [x~]
        i~ = len(h~) - 1
        while i~ > 0 and h~[i~] < h~[(i~ - 1) // 2]:
            h~[i~], h~[(i~ - 1) // 2] = h~[(i~ - 1) // 2], h~[i~]
            i~ = (i~ - 1) // 2
        """,
        """
        i~ = len(heap~)
        while i~ and x~ < heap~[(i~ - 1) // 2]:
            i~ = (i~ - 1) // 2
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts, "a~ = str(i~)") + _ask(
        t, n, rng,
        "push({x~}) onto the min-heap {heap~}: append it, then sift up while it is smaller "
        "than its parent. At which index (from zero) does it end?",
        "The heap array is {heap~}. After pushing {x~} and sifting it up, what is its index "
        "(indices start at zero)?",
    )  # fmt: skip
    return (
        code,
        "Append the item, then swap it with its parent while it is smaller than the parent.",
    )


def heap_pop(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """What peek() returns after one pop()."""
    parts = [_HEAP, rng.choice((
        "a~ = str(min(heap~[1:]))",
        "a~ = str(sorted(heap~)[1])",
        """
        h~ = [heap~[-1]] + heap~[1:-1]
        i~ = 0
        while 2 * i~ + 1 < len(h~):
            kids~ = [j~ for j~ in (2 * i~ + 1, 2 * i~ + 2) if j~ < len(h~)]
            c~ = min(kids~, key=lambda j: h~[j])
            if h~[i~] <= h~[c~]:
                break
            h~[i~], h~[c~], i~ = h~[c~], h~[i~], c~
        a~ = str(h~[0])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "The min-heap is {heap~}. After one pop(), what does peek() return?",
        "pop() removes the root of the heap {heap~}, moves the last item to the root and sifts "
        "it down. Which value is at the root afterwards?",
    )  # fmt: skip
    return code, "Remove the root; the new root is the smallest of the items that remain."


# -- 09 Sokoban -------------------------------------------------------------------------------


def sk_corridor(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Moves or pushes to push a crate along a corridor onto its storage spot."""
    what = rng.choice(("pushes", "moves"))
    parts = ["""
        cells~ = ['-'] * rng.randint(9, 15)
        p~, c~, s~ = sorted(rng.sample(range(len(cells~)), 3))
        cells~[p~], cells~[c~], cells~[s~] = '@', '$', '.'
        row~, way~ = '#' + ''.join(cells~) + '#', 'right'
        if rng.random() < 0.5:
            row~, way~ = row~[::-1], 'left'
    """]  # fmt: skip
    parts += [rng.choice((
        f"a~ = str({'s~ - c~' if what == 'pushes' else 's~ - p~ - 1'})",
        f"""
        worker~, box~, moves~, pushes~ = p~, c~, 0, 0
        while box~ != s~:
            worker~ += 1
            moves~ += 1
            if worker~ == box~:
                box~ += 1
                pushes~ += 1
        a~ = str({what}~)
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        f"In the Sokoban row `{{row~}}` (- floor) the worker (@) goes {{way~}} and pushes the "
        f"crate ($) onto the storage spot (.). How many {what} does that take?",
        f"Sokoban corridor: `{{row~}}`, where - is floor. Moving only {{way~}}, how many {what} "
        f"does the worker need to get the crate onto the storage spot?",
    )  # fmt: skip
    return code, "Walk up to the crate, then each further step pushes it one square."


def sk_count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Counting map symbols: crates off their spots, empty spots, or crates in all."""
    symbols, what = rng.choice((
        ("$", "crates still need pushing onto a storage spot"),
        (".", "storage spots are still empty"),
        ("$*", "crates are on the map in all"),
    ))  # fmt: skip
    parts = ["""
        width~ = rng.randint(6, 9)
        rows~ = ['#' * (width~ + 2)]
        for r~ in range(3):
            rows~.append('#' + ''.join(rng.choice('    $.*') for c~ in range(width~)) + '#')
        rows~.append(rows~[0])
        grid~ = chr(10).join(rows~)
    """]  # fmt: skip
    parts += [rng.choice((
        f"a~ = str(sum(row~.count(x~) for row~ in rows~ for x~ in {symbols!r}))",
        f"""
        found~ = 0
        for row~ in rows~:
            for x~ in row~:
                if x~ in {symbols!r}:
                    found~ += 1
        a~ = str(found~)
        """,
        f"a~ = str(len([x~ for x~ in ''.join(rows~) if x~ in {symbols!r}]))",
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        f"Sokoban map (# wall, $ crate, . storage spot, * crate on a storage spot):{{chr(10)}}"
        f"{{grid~}}{{chr(10)}}How many {what}?",
        f"Here is a warehouse in Sokoban symbols ($ crate on floor, * crate on a spot, . empty "
        f"spot, # wall):{{chr(10)}}{{grid~}}{{chr(10)}}How many {what}?",
    )  # fmt: skip
    return code, "Scan the map row by row and count the symbols that fit the question."


# -- 11 fifteen puzzle ------------------------------------------------------------------------


def fp_inversions(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The inversion count of tiles read row by row."""
    parts = ["tiles~ = rng.sample(range(1, 16), rng.randint(6, 9))\n"]
    parts += [rng.choice((
        """
        inv~ = 0
        for i~ in range(len(tiles~)):
            for j~ in range(i~ + 1, len(tiles~)):
                if tiles~[i~] > tiles~[j~]:
                    inv~ += 1
        a~ = str(inv~)
        """,
        "a~ = str(sum(1 for i~, x~ in enumerate(tiles~) for y~ in tiles~[i~ + 1:] if x~ > y~))",
        "a~ = str(sum(len([y~ for y~ in tiles~[:i~] if y~ > x~]) for i~, x~ in enumerate(tiles~)))",
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Reading a sliding-puzzle tray row by row, skipping the gap, gives the tiles {tiles~}. "
        "How many inversions are there?",
        "Count the inversions (pairs where a larger number comes before a smaller one) in the "
        "tile order {tiles~}.",
    )  # fmt: skip
    return code, "For each tile, count the smaller tiles that come after it, and add the counts."


def fp_manhattan(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The Manhattan-distance lower bound of an eight-puzzle position."""
    parts = ["""
        board~ = rng.sample(range(9), 9)
        cells~ = [str(x~) if x~ else '_' for x~ in board~]
        grid~ = ' / '.join(' '.join(cells~[r~ * 3:r~ * 3 + 3]) for r~ in range(3))
    """]  # fmt: skip
    parts += [rng.choice((
        """
        dist~ = 0
        for k~, x~ in enumerate(board~):
            if x~:
                dist~ += abs(k~ // 3 - (x~ - 1) // 3) + abs(k~ % 3 - (x~ - 1) % 3)
        a~ = str(dist~)
        """,
        """
        at~ = {x~: divmod(k~, 3) for k~, x~ in enumerate(board~)}
        home~ = {x~: divmod(x~ - 1, 3) for x~ in range(1, 9)}
        gaps~ = [abs(at~[x~][0] - home~[x~][0]) + abs(at~[x~][1] - home~[x~][1]) for x~ in home~]
        a~ = str(sum(gaps~))
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "An eight puzzle (the three by three version, goal rows 1 2 3 / 4 5 6 / 7 8 _) shows the "
        "rows {grid~}. What is the sum of the tiles' Manhattan distances to their home squares?",
        "Eight-puzzle position, rows separated by slashes: {grid~}. The goal is 1 2 3 / 4 5 6 / "
        "7 8 _. Add up every tile's Manhattan distance to its home square: what is the total?",
    )  # fmt: skip
    return code, "For each tile, add the rows and the columns between where it is and its home."


# -- 12 Kakuro --------------------------------------------------------------------------------


def kk_missing(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The digit that completes a run: the clue minus the digits already in it."""
    parts = ["""
        run~ = rng.sample(range(1, 10), rng.randint(2, 5))
        gap~ = rng.randrange(len(run~))
        clue~ = sum(run~)
        cells~ = ', '.join('?' if k~ == gap~ else str(d~) for k~, d~ in enumerate(run~))
    """]  # fmt: skip
    parts += [rng.choice((
        "a~ = str(clue~ - sum(d~ for k~, d~ in enumerate(run~) if k~ != gap~))",
        """
        rest~ = run~[:gap~] + run~[gap~ + 1:]
        fits~ = [d~ for d~ in range(1, 10) if d~ not in rest~ and sum(rest~) + d~ == clue~]
        a~ = str(fits~[0])
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "A Kakuro run with clue {clue~} holds the cells {cells~}. Which digit goes in the cell "
        "marked ?",
        "Kakuro: the digits of a run must add up to its clue, {clue~}. The run reads {cells~}. "
        "What is the missing digit?",
    )  # fmt: skip
    return code, "Subtract the digits already in the run from its clue."


def kk_bounds(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The smallest or largest clue a run of k cells can have."""
    word = rng.choice(("largest", "smallest"))
    parts = ["k~ = rng.randint(2, 8)\n"]
    if word == "largest":
        parts += [rng.choice((
            "a~ = str(sum(range(10 - k~, 10)))",
            "a~ = str(k~ * (19 - k~) // 2)",
            "a~ = str(sum(sorted(range(1, 10))[-k~:]))",
        ))]  # fmt: skip
    else:
        parts += [rng.choice((
            "a~ = str(sum(range(1, k~ + 1)))",
            "a~ = str(k~ * (k~ + 1) // 2)",
            "a~ = str(sum(sorted(range(1, 10))[:k~]))",
        ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        f"In Kakuro each cell holds a digit from one to nine and no digit repeats in a run. "
        f"What is the {word} clue a run of {{k~}} cells can have?",
        f"A Kakuro run is {{k~}} cells long (distinct digits, no zero). What is the {word} "
        f"valid sum for it?",
    )  # fmt: skip
    return code, f"Add the {word} distinct digits, as many as the run has cells."


# -- 13 Mastermind ----------------------------------------------------------------------------


def mm_pegs(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Black or white feedback pegs for a guess against a four-peg code."""
    what = rng.choice(("black", "white"))
    if what == "white":  # the code's colours shuffled, some swapped for unused ones
        parts = ["""
        code~ = rng.sample('ABCDEF', 4)
        spare~ = [c~ for c~ in 'ABCDEF' if c~ not in code~]
        guess~ = rng.sample(code~, 4)
        for k~ in rng.sample(range(4), rng.randint(0, 3)):
            guess~[k~] = rng.choice(spare~)
        """]  # fmt: skip
    else:  # the code, maybe shifted by one, some pegs redrawn
        parts = ["""
        code~ = [rng.choice('ABCDEF') for k~ in range(4)]
        guess~ = code~[1:] + code~[:1] if rng.random() < 0.5 else list(code~)
        guess~ = [c~ if rng.random() < 0.6 else rng.choice('ABCDEF') for c~ in guess~]
        """]  # fmt: skip
    parts += [rng.choice((
        "black~ = sum(1 for g~, c~ in zip(guess~, code~) if g~ == c~)",
        """
        black~ = 0
        for k~ in range(4):
            black~ += guess~[k~] == code~[k~]
        """,
    ))]  # fmt: skip
    if what == "white":
        parts += ["""
        both~ = sum(min(guess~.count(x~), code~.count(x~)) for x~ in 'ABCDEF')
        a~ = str(both~ - black~)
        """]  # fmt: skip
        hint = "Add up each colour's smaller count in guess and code, then subtract the black pegs."
    else:
        parts += ["\na~ = str(black~)"]
        hint = "Count the positions where guess and code have the same colour."
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        f"Mastermind: the secret code is {{' '.join(code~)}} and the guess is "
        f"{{' '.join(guess~)}}. How many {what} pegs does the maker answer?",
        f"Secret {{' '.join(code~)}}, guess {{' '.join(guess~)}}. What is the {what} count of "
        f"the feedback?",
    )  # fmt: skip
    return code, hint


def mm_overlap(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Feedback step two on a long code (the table): each colour's smaller count, summed, less
    black for white."""
    white = rng.random() < 0.5
    parts = ["guess~ = [rng.randint(1, 24) for x~ in NAMES]\n"]
    parts += [rng.choice((
        "both~ = sum(min(g~, c~) for g~, c~ in zip(guess~, VALUES))",
        """
        both~ = 0
        for k~ in range(len(NAMES)):
            both~ += guess~[k~] if guess~[k~] < VALUES[k~] else VALUES[k~]
        """,
    ))]  # fmt: skip
    parts += ["\nsaid~ = ', '.join(f'{x~} {g~}' for x~, g~ in zip(NAMES, guess~))\n"]
    if white:
        parts += ["black~ = rng.randint(0, both~ - 1)\na~ = str(both~ - black~)"]
        ask = "The feedback has {black~} black pegs. How many white pegs?"
    else:
        parts += ["a~ = str(both~)"]
        ask = "For each colour take the smaller of its two counts: what do they add up to?"
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Those are the secret code's pegs of each colour. A guess holds these pegs: {said~}. "
        + ask,
        "The code's colour counts are listed above; the guess has {said~}. " + ask,
    )  # fmt: skip
    return code, "Add each colour's smaller count in guess and code; for white, subtract black."


# -- 14 river crossing ------------------------------------------------------------------------


def rc_ferry(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Crossings needed when the farmer rows and the boat takes a few passengers a trip."""
    parts = ["""
        load~ = rng.randint(3, 30)
        seats~ = rng.randint(1, 3)
        boat~ = rng.choice(NAMES)
    """]  # fmt: skip
    parts += [rng.choice((
        "a~ = str(2 * (-(-load~ // seats~)) - 1)",
        """
        left~, trips~ = load~, 0
        while left~:
            left~ -= min(seats~, left~)
            trips~ += 1 if not left~ else 2
        a~ = str(trips~)
        """,
        """
        loads~ = (load~ + seats~ - 1) // seats~
        a~ = str(loads~ + (loads~ - 1))
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Only the farmer can row the {boat~}, and it carries the farmer plus at most {seats~} "
        "passengers. Every trip crosses the river. How many crossings does it take to move "
        "{load~} sacks from the left bank to the right bank, ending with the farmer on the right?",
        "The farmer must ferry {load~} sacks across in the {boat~}, which holds him and up to "
        "{seats~} sacks; he rows back empty when needed. What is the fewest number of crossings?",
    )  # fmt: skip
    return code, "Each load but the last needs a crossing over and one back; the last needs one."


def rc_safe_count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many listed left-bank states leave no forbidden pair without the farmer."""
    parts = ["""
        who~ = ['farmer', 'wolf', 'goat', 'cabbage']
        states~ = [[x~ for x~ in who~ if rng.random() < 0.5] for s~ in range(rng.randint(4, 7))]
        shown~ = '; '.join('{' + ', '.join(s~) + '}' for s~ in states~)
    """]  # fmt: skip
    parts += [rng.choice((
        """
        safe~ = 0
        for s~ in states~:
            alone~ = [x~ for x~ in who~ if (x~ in s~) != ('farmer' in s~)]
            safe~ += not ('goat' in alone~ and ('wolf' in alone~ or 'cabbage' in alone~))
        a~ = str(safe~)
        """,
        """
        away~ = [s~ if 'farmer' not in s~ else [x~ for x~ in who~ if x~ not in s~]
                 for s~ in states~]
        bad~ = [b~ for b~ in away~ if 'goat' in b~ and ('wolf' in b~ or 'cabbage' in b~)]
        a~ = str(len(states~) - len(bad~))
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Each set lists who is on the left bank; everyone else is on the right: {shown~}. The "
        "wolf eats the goat and the goat eats the cabbage when the farmer is not on their bank. "
        "How many of these states are safe?",
        "River crossing states (the left bank's occupants, the rest on the right bank): {shown~}. "
        "Counting a state as safe when no forbidden pair is left without the farmer, how many are "
        "safe?",
    )  # fmt: skip
    return code, "For each state, check the bank without the farmer for a forbidden pair."


# -- 16 Crazy Eights --------------------------------------------------------------------------


def ce_points(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The points the player who goes out scores for the cards left in opponents' hands."""
    parts = ["""
        ranks~ = ['ace', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'jack', 'queen', 'king']
        left~ = [rng.choice(ranks~) for k~ in range(rng.randint(3, 7))]
        winner~ = rng.choice(NAMES)
    """]  # fmt: skip
    parts += [rng.choice((
        """
        worth~ = {'8': 50, 'jack': 10, 'queen': 10, 'king': 10, 'ace': 1}
        a~ = str(sum(worth~.get(c~) or int(c~) for c~ in left~))
        """,
        """
        score~ = 0
        for c~ in left~:
            if c~ == '8':
                score~ += 50
            elif c~ in ('jack', 'queen', 'king'):
                score~ += 10
            else:
                score~ += 1 if c~ == 'ace' else int(c~)
        a~ = str(score~)
        """,
        """
        points~ = [50 if c~ == '8' else 1 if c~ == 'ace' else 10 if c~.isalpha() else int(c~)
                   for c~ in left~]
        a~ = str(sum(points~))
        """,
    ))]  # fmt: skip
    code = _emit(t, n, *parts) + _ask(
        t, n, rng,
        "Crazy Eights: {winner~} plays a last card. The opponents still hold {', '.join(left~)}. "
        "With an eight worth fifty, a picture card ten, an ace one and other cards their face "
        "value, how many points does {winner~} score?",
        "{winner~} empties the hand first; the cards left in the other hands are "
        "{', '.join(left~)}. How many points is that (eight fifty, king, queen or jack ten, ace "
        "one, the rest face value)?",
    )  # fmt: skip
    return code, "Score each card left in the other hands by the points table and add them up."


def ce_legal(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The only card in a hand that may be played on the top discard."""
    parts = ["""
        ranks~ = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
                  'jack', 'queen', 'king']
        suits~ = ['hearts', 'spades', 'clubs', 'diamonds']
        top~ = (rng.choice([r~ for r~ in ranks~ if r~ != 'eight']), rng.choice(suits~))
        deck~ = [(r~, s~) for r~ in ranks~ for s~ in suits~ if (r~, s~) != top~]
        fits~ = [c~ for c~ in deck~ if c~[0] in (top~[0], 'eight') or c~[1] == top~[1]]
        hand~ = rng.sample([c~ for c~ in deck~ if c~ not in fits~], rng.randint(3, 5))
        hand~.insert(rng.randint(0, len(hand~)), rng.choice(fits~))
        shown~ = ', '.join(f'{r~} of {s~}' for r~, s~ in hand~)
    """]  # fmt: skip
    parts += [rng.choice((
        "card~ = [c~ for c~ in hand~ if c~ in fits~][0]",
        """
        for card~ in hand~:
            if card~[0] == 'eight' or card~[0] == top~[0] or card~[1] == top~[1]:
                break
        """,
        "card~ = next(c~ for c~ in hand~ if c~[0] in (top~[0], 'eight') or c~[1] == top~[1])",
    ))]  # fmt: skip
    code = _emit(t, n, *parts, "a~ = f'{card~[0]} of {card~[1]}'") + _ask(
        t, n, rng,
        "The top discard is the {top~[0]} of {top~[1]}. The hand holds {shown~}. Exactly one "
        "card may be played: which one?",
        "Crazy Eights, top card {top~[0]} of {top~[1]}, your hand: {shown~}. Which card is the "
        "only legal play (answer as rank of suit)?",
    )  # fmt: skip
    return code, "A card is legal when it matches the top card's rank or suit, or is an eight."


PROCEDURES: dict[str, tuple[Block, ...]] = {
    "01-binary-search": (bs_probe, bs_guess, bs_lower_bound),
    "02-dijkstra-shortest-path": (dj_relax, dj_route),
    "03-union-find": (uf_union_root, uf_find),
    "04-topological-sort": (topo_position, topo_indegree),
    "06-euclidean-algorithm": (eu_remainder, eu_gcd, eu_lcm),
    "07-two-pointer-technique": (tp_pair_steps, tp_nth_sum),
    "08-binary-heap": (heap_relative, heap_push, heap_pop),
    "09-sokoban-rules": (sk_corridor, sk_count),
    "11-fifteen-puzzle": (fp_inversions, fp_manhattan),
    "12-kakuro": (kk_missing, kk_bounds),
    "13-mastermind": (mm_pegs, mm_overlap),
    "14-river-crossing": (rc_ferry, rc_safe_count),
    "16-crazy-eights": (ce_points, ce_legal),
}
"""Document id -> its procedure blocks (set A)."""
