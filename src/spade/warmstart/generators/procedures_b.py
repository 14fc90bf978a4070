"""Document-specific question blocks (second half of the training documents).

Each block asks the step a reader of its document would compute (a library fine, a handshake's
ack number, a triage level, a box size, a refund in pence...), draws whatever data the step
needs with ``rng`` and prints it in the question, and writes the computation in one of two or
three code shapes. Blocks have the ``tiers.Block`` signature, so ``tiers.compose`` places them
after the table block like the generic question kinds.

Templates are written with ``string.Template``: ``$n`` is the question number (every variable a
block creates ends with it), ``$names``, ``$values`` and ``$k`` the table's names and size, and
the block's own parameters are filled in the same way; the generated code's own f-strings keep
their single braces.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Callable
from string import Template

from spade.warmstart.generators.tiers import IND, Block, Table

ORDINALS = ["first", "second", "third", "fourth", "fifth"]


def _coder(t: Table, n: int, **params: object) -> Callable[[str], str]:
    """A writer of template lines, filled in and indented for the body of ``rounds``."""

    filled = {
        key: Template(value).substitute(n=n) if isinstance(value, str) else value
        for key, value in params.items()
    }

    def code(text: str) -> str:
        body = Template(textwrap.dedent(text).strip("\n")).substitute(
            n=n, names=t.names, values=t.values, k=t.k, **filled
        )
        return "".join(f"{IND}{line}\n" for line in body.splitlines())

    return code


# -- 17 library lending policy ----------------------------------------------------------------


def library_fine(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The overdue fine on one loan: a rate per day late, capped per item, in cents."""
    kind, rate, cap, loan = rng.choice(
        (("book", 25, 500, 21), ("book", 25, 500, 42), ("DVD", 100, 1000, 7))
    )
    c = _coder(t, n, kind=kind, rate=rate, cap=cap, loan=loan, most=cap // rate + 2)
    code = c("""
        who$n = rng.choice($names)
        out$n = rng.randint(1, 40)
        back$n = out$n + $loan + rng.randint(1, $most)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(min((back$n - out$n - $loan) * $rate, $cap))")
    elif shape == 1:
        code += c("""
            late$n = back$n - (out$n + $loan)
            fine$n = late$n * $rate
            if fine$n > $cap:
                fine$n = $cap
            a$n = str(fine$n)
        """)
    else:
        code += c("""
            fine$n, day$n = 0, out$n + $loan
            while day$n < back$n and fine$n < $cap:
                day$n += 1
                fine$n += $rate
            a$n = str(fine$n)
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"{who$n}, an adult member, borrows a $kind on day {out$n} for a $loan-day '
                "loan and returns it on day {back$n}. A late $kind is fined $rate cents a day, "
                'capped at $cap cents. What is the fine in cents?"'
            ),
            c(
                'q$n = f"A $kind with a $loan-day loan period is borrowed by {who$n} (adult) on '
                "day {out$n} and brought back on day {back$n}. Fines are $rate cents per day "
                'overdue, at most $cap cents per item. How many cents does {who$n} owe?"'
            ),
        )
    )
    return code, (
        "Count the days past the due day, charge the daily rate for each, and stop at the cap."
    )


def library_renewal(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The due day after a run of renewal requests, some past the tier's renewal limit."""
    c = _coder(t, n)
    code = c("""
        who$n = rng.choice($names)
        tier$n, loan$n, limit$n = rng.choice([("child", 21, 1), ("adult", 21, 2), ("staff", 42, 3)])
        tries$n = [rng.randint(2, 12)]
        for _ in range(rng.randint(0, 3)):
            tries$n.append(tries$n[-1] + rng.randint(3, 18))
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(tries$n[:limit$n][-1] + loan$n)")
    elif shape == 1:
        code += c("""
            due$n = loan$n
            for i$n, day$n in enumerate(tries$n):
                if i$n < limit$n:
                    due$n = day$n + loan$n
            a$n = str(due$n)
        """)
    else:
        code += c("a$n = str(tries$n[min(limit$n, len(tries$n)) - 1] + loan$n)")
    code += c('days$n = ", ".join(str(d) for d in tries$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"{who$n} holds a {tier$n} card (loan period {loan$n} days, at most '
                "{limit$n} renewals) who borrows a book on day 0 and asks to renew it on days "
                "{days$n}. Each renewal restarts the loan period from the day of renewal; a "
                'request past the renewal limit is refused. On which day is the book due?"'
            ),
            c(
                'q$n = f"A {tier$n} member may renew a loan {limit$n} times, and each renewal '
                "restarts the {loan$n}-day loan period from the renewal day. {who$n} borrows a "
                "book on day 0 and asks for renewals on days {days$n}; requests past the limit "
                'are refused. What is the due day now?"'
            ),
        )
    )
    return code, (
        "Keep only the renewals within the limit, then add the loan period to the last one."
    )


def library_quota(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many more items one patron may borrow before the tier's maximum refuses a checkout."""
    c = _coder(t, n)
    code = c("""
        i$n = rng.randrange($k)
        tier$n, most$n = rng.choice([("adult", 10), ("staff", 20)])
        if max($values) > 10:
            tier$n, most$n = "staff", 20
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(most$n - $values[i$n])")
    elif shape == 1:
        code += c("""
            held$n = dict(zip($names, $values))
            a$n = str(most$n - held$n[$names[i$n]])
        """)
    else:
        code += c("""
            room$n = most$n
            for name$n, v$n in zip($names, $values):
                if name$n == $names[i$n]:
                    room$n -= v$n
            a$n = str(room$n)
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"Every patron above is a {tier$n} member, who may hold at most {most$n} '
                "items at once. How many more items can {$names[i$n]} borrow before a checkout "
                'is refused?"'
            ),
            c(
                'q$n = f"A checkout is refused once a member holds the tier maximum ({most$n} '
                "items for a {tier$n} member, as every patron above is). How many more items "
                'may {$names[i$n]} check out?"'
            ),
        )
    )
    return code, "Subtract the items the patron already holds from the tier's maximum."


# -- 18 three-way handshake -------------------------------------------------------------------


def handshake_open(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """An ack or sequence number of the opening exchange: the other side's ISN plus one."""
    ask, src = rng.choice(
        (
            ("what ack number does the SYN+ACK carry", "x"),
            ("what ack number does the client's final ACK carry", "y"),
            ("what sequence number does the client's final ACK carry", "x"),
        )
    )
    c = _coder(t, n, ask=ask, src=src)
    code = c("""
        host$n = rng.choice($names)
        x$n = rng.randint(100, 8999)
        y$n = rng.randint(100, 8999)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str($src$n + 1)")
    elif shape == 1:
        code += c("""
            sent$n = {"x": x$n, "y": y$n}
            a$n = str(sent$n["$src"] + 1)
        """)
    else:
        code += c("""
            nxt$n = $src$n
            nxt$n += 1
            a$n = str(nxt$n)
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"Client {host$n} sends SYN seq={x$n}. The server, in LISTEN, replies '
                'SYN+ACK seq={y$n}. In this handshake, $ask?"'
            ),
            c(
                'q$n = f"In a three-way handshake the client {host$n} opens with ISN {x$n} and '
                'the server answers with ISN {y$n}: $ask?"'
            ),
        )
    )
    return code, (
        "A SYN uses up one sequence number, so each side acknowledges the other's ISN plus one."
    )


def handshake_data(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The ack number after data segments (and maybe a FIN): each byte and a FIN advance it."""
    c = _coder(t, n)
    code = c("""
        host$n = rng.choice($names)
        x$n = rng.randint(100, 8999)
        sizes$n = [rng.randint(20, 500) for _ in range(rng.randint(2, 4))]
        fin$n = rng.random() < 0.5
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(x$n + 1 + sum(sizes$n) + (1 if fin$n else 0))")
    elif shape == 1:
        code += c("""
            seq$n = x$n + 1
            for b$n in sizes$n:
                seq$n += b$n
            if fin$n:
                seq$n += 1
            a$n = str(seq$n)
        """)
    else:
        code += c("""
            steps$n = [1, *sizes$n] + ([1] if fin$n else [])
            a$n = str(x$n + sum(steps$n))
        """)
    code += c("""
        parts$n = ", ".join(str(b) for b in sizes$n)
        tail$n = ", then a FIN" if fin$n else ""
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"Client {host$n} opened with SYN seq={x$n}. After the handshake it sends '
                "segments of {parts$n} bytes{tail$n}. What ack number does the server send for "
                'the last of them?"'
            ),
            c(
                'q$n = f"After the handshake, {host$n} (ISN {x$n}) sends {parts$n} bytes in '
                "turn{tail$n}. Each byte advances the sequence number by one. What is the "
                "server's acknowledgement number after it all arrives?\""
            ),
        )
    )
    return code, (
        "Start at the ISN plus one for the SYN, add every byte sent, and add one for a FIN."
    )


def handshake_backoff(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """When the r-th SYN resend goes out, the wait doubling after each timeout."""
    c = _coder(t, n)
    code = c("""
        host$n = rng.choice($names)
        wait$n = rng.randint(1, 6)
        r$n = rng.randint(2, 5)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(sum(wait$n * 2 ** i for i in range(r$n)))")
    elif shape == 1:
        code += c("""
            clock$n, gap$n = 0, wait$n
            for _ in range(r$n):
                clock$n += gap$n
                gap$n *= 2
            a$n = str(clock$n)
        """)
    else:
        code += c("a$n = str(wait$n * (2 ** r$n - 1))")
    code += rng.choice(
        (
            c(
                'q$n = f"Client {host$n} sends SYN and no SYN+ACK comes back. It resends SYN '
                "after {wait$n} s, and doubles the wait after every resend. How many seconds "
                'after the first SYN is resend number {r$n} sent?"'
            ),
            c(
                'q$n = f"{host$n} gets no answer to its SYN: the first timeout is {wait$n} s and '
                "each later one is twice the one before. At how many seconds after the first "
                'SYN does the client send resend number {r$n}?"'
            ),
        )
    )
    return code, "Add up the waits, doubling each one, until the resend you are asked about."


# -- 19 emergency triage ----------------------------------------------------------------------


def triage_level(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The triage level from pain, resources and vital signs, questions asked in order."""
    c = _coder(t, n)
    code = c("""
        pain$n = rng.randint(0, 7)
        res$n = rng.randint(0, 3)
        hr$n, br$n, ox$n = rng.randint(60, 105), rng.randint(12, 21), rng.randint(91, 100)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            if pain$n >= 7:
                lvl$n = 2
            elif res$n >= 2:
                lvl$n = 2 if hr$n > 100 or br$n > 20 or ox$n < 92 else 3
            else:
                lvl$n = 5 - res$n
            a$n = str(lvl$n)
        """)
    elif shape == 1:
        code += c("""
            danger$n = hr$n > 100 or br$n > 20 or ox$n < 92
            lvl$n = [5, 4, 3, 3][res$n]
            if pain$n >= 7 or (res$n >= 2 and danger$n):
                lvl$n = 2
            a$n = str(lvl$n)
        """)
    else:
        code += c("""
            danger$n = hr$n > 100 or br$n > 20 or ox$n < 92
            checks$n = [(pain$n >= 7, 2), (res$n >= 2 and danger$n, 2), (res$n >= 2, 3)]
            checks$n.append((res$n == 1, 4))
            a$n = str(next((lvl for hit, lvl in checks$n if hit), 5))
        """)
    code += c(
        'rule$n = "Ask in order and stop at the first yes: pain 7 or more out of 10 gives level '
        "2; with two or more kinds of resources, heart rate above 100, breathing rate above 20 "
        "or oxygen below 92% gives level 2, otherwise level 3; one resource gives level 4; none "
        'gives level 5."'
    )
    code += rng.choice(
        (
            c(
                'q$n = f"{rule$n} A breathing patient reports pain {pain$n} out of 10, will need '
                "resources of {res$n} kinds, and has heart rate {hr$n}, breathing rate {br$n} and "
                'oxygen saturation {ox$n}%. Which triage level is assigned?"'
            ),
            c(
                'q$n = f"A patient arrives with heart rate {hr$n}, breathing rate {br$n}, oxygen '
                "saturation {ox$n}% and pain {pain$n} out of 10; kinds of resources needed: "
                '{res$n}. {rule$n} What level does the triage nurse assign?"'
            ),
        )
    )
    return code, "Go through the triage questions in order and stop at the first one that applies."


def triage_queue(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Who is seen k-th: lower level first, then earlier arrival within a level."""
    c = _coder(t, n)
    code = c("""
        who$n = rng.sample(["Ash", "Bea", "Cal", "Dot", "Eve", "Fay", "Gil", "Hal"], 5)
        lvl$n = [rng.randint(2, 5) for _ in who$n]
        came$n = rng.sample(range(1, 120), 5)
        pos$n = rng.randint(0, 2)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = sorted(zip(lvl$n, came$n, who$n))[pos$n][2]")
    elif shape == 1:
        code += c("""
            order$n = sorted(range(5), key=lambda i: (lvl$n[i], came$n[i]))
            a$n = who$n[order$n[pos$n]]
        """)
    else:
        code += c("""
            left$n = list(zip(lvl$n, came$n, who$n))
            for _ in range(pos$n + 1):
                a$n = min(left$n)[2]
                left$n.remove(min(left$n))
        """)
    code += c("""
        rows$n = "; ".join(
            f"{w}: level {v}, arrived at minute {m}" for w, v, m in zip(who$n, lvl$n, came$n)
        )
        nth$n = ["first", "second", "third"][pos$n]
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"Patients waiting: {rows$n}. A lower level number is always seen first; '
                'within a level, patients are seen in order of arrival. Who is seen {nth$n}?"'
            ),
            c(
                'q$n = f"The queue holds {rows$n}. Patients are seen by level (lowest number '
                'first), then by arrival time. Which patient is seen {nth$n}?"'
            ),
        )
    )
    return code, "Order the patients by level, break ties by arrival time, then count along."


# -- 21 warehouse pick and pack ---------------------------------------------------------------

_BOXES = '[("S", 6, 5), ("M", 18, 12), ("L", 40, 20)]'


def box_size(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The smallest box whose volume (items plus 20% padding) and weight limit both fit."""
    c = _coder(t, n, boxes=_BOXES)
    code = c("""
        items$n = rng.sample($names, 2)
        total$n = rng.choice([rng.randint(2, 5), rng.randint(6, 15), rng.randint(16, 33)])
        first$n = rng.randint(1, total$n - 1)
        vol$n, kg$n = [first$n, total$n - first$n], [rng.randint(1, 3), rng.randint(1, 3)]
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            need$n, w$n = sum(vol$n) * 12 / 10, sum(kg$n)
            if need$n <= 6 and w$n <= 5:
                a$n = "S"
            elif need$n <= 18 and w$n <= 12:
                a$n = "M"
            else:
                a$n = "L"
        """)
    elif shape == 1:
        code += c("""
            for box$n, room$n, most$n in $boxes:
                if sum(vol$n) * 12 <= room$n * 10 and sum(kg$n) <= most$n:
                    a$n = box$n
                    break
        """)
    else:
        code += c(
            "a$n = next(b for b, v, w in $boxes if sum(vol$n) * 1.2 <= v + 1e-9 and sum(kg$n) <= w)"
        )
    code += c(
        'lines$n = ", ".join(f"{x} ({v} litres, {w} kg)" for x, v, w in zip(items$n, vol$n, kg$n))'
    )
    code += rng.choice(
        (
            c(
                'q$n = f"An order holds {lines$n}. The box is chosen from the total volume plus '
                "20% for padding: S holds 6 litres and 5 kg, M 18 litres and 12 kg, L 40 litres "
                'and 20 kg. Which is the smallest box that fits?"'
            ),
            c(
                'q$n = f"Boxes: S (6 litres, at most 5 kg), M (18 litres, 12 kg), L (40 litres, '
                "20 kg). The packer adds 20% to the items' total volume for padding. Which box "
                'does an order of {lines$n} go in?"'
            ),
        )
    )
    return code, (
        "Add the volumes, add a fifth for padding, then take the first box whose volume and "
        "weight both fit."
    )


def pick_route(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Which item the picker reaches k-th, visiting bins in aisle order, then bay order."""
    c = _coder(t, n)
    code = c("""
        spots$n = rng.sample([(a, b) for a in "ABCDEFGH" for b in range(1, 21)], $k)
        bins$n = [f"{a}-{b:02d}-{rng.randint(1, 4)}" for a, b in spots$n]
        pos$n = rng.randrange($k)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = sorted(zip(bins$n, $names))[pos$n][1]")
    elif shape == 1:
        code += c("""
            route$n = sorted(range($k), key=lambda i: spots$n[i])
            a$n = $names[route$n[pos$n]]
        """)
    else:
        code += c("""
            left$n = dict(zip(bins$n, $names))
            for _ in range(pos$n + 1):
                a$n = left$n.pop(min(left$n))
        """)
    code += c(f"""
        where$n = ", ".join(f"{{x}} in bin {{b}}" for x, b in zip($names, bins$n))
        nth$n = {ORDINALS!r}[pos$n]
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"The order picks {where$n} (bin codes are aisle-bay-level). A picker '
                "visits bins in aisle order, then bay order within an aisle. Which item is "
                'picked {nth$n}?"'
            ),
            c(
                'q$n = f"Bins: {where$n}. Walking aisle by aisle (A to H) and bay by bay within '
                'an aisle, which item does the picker reach {nth$n}?"'
            ),
        )
    )
    return code, "Sort the bins by aisle letter, then by bay number, and count along the route."


def short_pick(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many units short an order is when some bins hold fewer units than needed."""
    c = _coder(t, n)
    code = c("need$n = rng.randint(min($values) + 1, max($values))")
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(sum(max(0, need$n - v) for v in $values))")
    elif shape == 1:
        code += c("""
            short$n = 0
            for v$n in $values:
                if v$n < need$n:
                    short$n += need$n - v$n
            a$n = str(short$n)
        """)
    else:
        code += c("a$n = str(sum([need$n - v for v in $values if v < need$n]))")
    code += rng.choice(
        (
            c(
                'q$n = f"An order needs {need$n} units of every item above, and each bin holds '
                "the units listed. A bin with fewer units than needed is a short pick. How many "
                'units short is the order in total?"'
            ),
            c(
                'q$n = f"The picker needs {need$n} units from each bin above. Adding up every '
                'short pick, how many units are missing?"'
            ),
        )
    )
    return code, "For each bin below the amount needed, take the difference, and add them up."


# -- 22 double-entry bookkeeping --------------------------------------------------------------


def balance_entry(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The missing credit that makes a journal entry's debits equal its credits."""
    c = _coder(t, n)
    code = c("""
        acct$n = rng.sample($names, 3)
        dr$n = [rng.randint(3, 90) * 10 for _ in range(rng.randint(1, 2))]
        cr$n = rng.randint(1, sum(dr$n) // 10 - 1) * 10
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(sum(dr$n) - cr$n)")
    elif shape == 1:
        code += c("""
            gap$n = -cr$n
            for d$n in dr$n:
                gap$n += d$n
            a$n = str(gap$n)
        """)
    else:
        code += c("""
            lines$n = [(x, "debit") for x in dr$n] + [(cr$n, "credit")]
            a$n = str(sum(x if side == "debit" else -x for x, side in lines$n))
        """)
    code += c('debits$n = " and ".join(str(d) for d in dr$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"A journal entry debits {acct$n[0]} for {debits$n} and credits '
                "{acct$n[1]} {cr$n}. What amount must it credit to {acct$n[2]} so that total "
                'debits equal total credits?"'
            ),
            c(
                'q$n = f"Debit lines: {debits$n} (to {acct$n[0]}). Credit lines: {cr$n} to '
                "{acct$n[1]}, and one more to {acct$n[2]}. An entry that does not balance is "
                'rejected: how much is the credit to {acct$n[2]}?"'
            ),
        )
    )
    return code, (
        "Total the debits, subtract the credits already listed, and the rest is the missing credit."
    )


def accounting_equation(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """A missing term of assets = liabilities + equity + (revenue - expenses)."""
    c = _coder(t, n)
    code = c("""
        liab$n, eq$n = rng.randint(10, 90) * 10, rng.randint(10, 90) * 10
        rev$n = rng.randint(10, 60) * 10
        exp$n = rng.randint(1, rev$n // 10) * 10
    """)
    if rng.random() < 0.5:
        code += c(
            "a$n = str(liab$n + eq$n + rev$n - exp$n)"
            if rng.random() < 0.5
            else "profit$n = rev$n - exp$n\na$n = str(liab$n + eq$n + profit$n)"
        )
        shown, ask = "equity {eq$n}", "What are total assets?"
    else:
        code += c("assets$n = liab$n + eq$n + rev$n - exp$n")
        code += c(
            "a$n = str(assets$n - liab$n - rev$n + exp$n)"
            if rng.random() < 0.5
            else "rest$n = liab$n + (rev$n - exp$n)\na$n = str(assets$n - rest$n)"
        )
        shown, ask = "assets {assets$n}", "What is equity?"
    c = _coder(t, n, shown=shown, ask=ask)
    code += rng.choice(
        (
            c(
                'q$n = f"The books show $shown, liabilities {liab$n}, revenue {rev$n} and '
                "expenses {exp$n}. The accounting equation is assets = liabilities + equity + "
                '(revenue - expenses). $ask"'
            ),
            c(
                'q$n = f"At all times assets = liabilities + equity + (revenue - expenses). With '
                'liabilities {liab$n}, revenue {rev$n}, expenses {exp$n} and $shown: $ask"'
            ),
        )
    )
    return code, "Write out the accounting equation and solve it for the missing term."


_SIDES = (
    '{"cash": "debit", "inventory": "debit", "receivables": "debit", "equipment": "debit", '
    '"payables": "credit", "revenue": "credit", "loans": "credit"}'
)


def trial_balance(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The total of one trial-balance column, each account on its normal-balance side."""
    c = _coder(t, n, sides=_SIDES)
    code = c("""
        side$n = $sides
        col$n = rng.choice(sorted({side$n[x] for x in $names}))
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(sum(v for x, v in zip($names, $values) if side$n[x] == col$n))")
    elif shape == 1:
        code += c("""
            total$n = 0
            for x$n, v$n in zip($names, $values):
                if side$n[x$n] == col$n:
                    total$n += v$n
            a$n = str(total$n)
        """)
    else:
        code += c("a$n = str(sum(v * (side$n[x] == col$n) for x, v in zip($names, $values)))")
    code += c('kinds$n = ", ".join(f"{x} {side$n[x]}" for x in $names)')
    code += rng.choice(
        (
            c(
                'q$n = f"Normal balances: {kinds$n}. In the trial balance each account sits in '
                'its normal column. What is the total of the {col$n} column?"'
            ),
            c(
                "q$n = f\"List every balance above in a trial balance, using each account's "
                'normal side ({kinds$n}). What does the {col$n} column add up to?"'
            ),
        )
    )
    return code, "Put each balance in its normal column, then add up the column asked about."


# -- 23 recipe scaling ------------------------------------------------------------------------


def recipe_scale(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """An ingredient scaled by desired / original servings, then rounded to a usable amount."""
    c = _coder(t, n)
    code = c("""
        what$n = rng.choice($names)
        orig$n = rng.randint(2, 6)
        want$n = rng.choice([w for w in range(2, 19) if w != orig$n and w * 4 >= orig$n])
        per$n = rng.randint(2, 40)
        g$n = per$n * want$n
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            if g$n > 100:
                g$n = (g$n + 5) // 10 * 10
            elif g$n >= 10:
                g$n = (g$n + 2) // 5 * 5
            a$n = str(g$n)
        """)
    elif shape == 1:
        code += c("""
            step$n = 10 if g$n > 100 else 5 if g$n >= 10 else 1
            a$n = str((g$n + step$n // 2) // step$n * step$n)
        """)
    else:
        code += c("""
            step$n = 1 if g$n < 10 else 5 if g$n <= 100 else 10
            a$n = str(min(range(0, g$n + step$n, step$n), key=lambda m: (abs(m - g$n), -m)))
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"A recipe for {orig$n} servings uses {per$n * orig$n} g of {what$n}. '
                "Scale it to {want$n} servings (factor = desired / original servings) and round: "
                "under 10 g to the nearest 1 g, 10 g to 100 g to the nearest 5 g, over 100 g to "
                'the nearest 10 g, halves up. How many grams of {what$n}?"'
            ),
            c(
                'q$n = f"{what$n}: {per$n * orig$n} g in a recipe for {orig$n}. Multiply by the '
                "factor for {want$n} servings, then round to a usable amount (nearest 1 g under "
                "10 g, nearest 5 g from 10 g to 100 g, nearest 10 g over 100 g, halves up). How "
                'many grams?"'
            ),
        )
    )
    return code, (
        "Multiply by desired over original servings, then round with the step for that size."
    )


def recipe_count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """A counted item scaled by the factor: nearest whole, halves up, at least one."""
    c = _coder(t, n)
    code = c("""
        item$n = rng.choice(["garlic cloves", "bay leaves", "lemons", "carrots", "onions"])
        have$n, orig$n = rng.randint(1, 8), rng.randint(2, 8)
        want$n = rng.choice([w for w in range(1, 25) if w != orig$n and w * 4 >= orig$n])
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(max(1, (2 * have$n * want$n + orig$n) // (2 * orig$n)))")
    elif shape == 1:
        code += c("""
            whole$n, part$n = divmod(have$n * want$n, orig$n)
            if 2 * part$n >= orig$n:
                whole$n += 1
            a$n = str(max(whole$n, 1))
        """)
    else:
        code += c("a$n = str(max(1, int(have$n * want$n / orig$n + 0.5)))")
    code += rng.choice(
        (
            c(
                'q$n = f"A recipe for {orig$n} servings uses {have$n} {item$n}. Scaled to '
                "{want$n} servings, counted items are multiplied by the factor (desired / "
                "original servings) and rounded to the nearest whole, halves up, minimum 1. How "
                'many {item$n}?"'
            ),
            c(
                'q$n = f"Scaling from {orig$n} to {want$n} servings: how many {item$n} replace '
                "the original {have$n}? Round counted items to the nearest whole (halves up), "
                'never below 1."'
            ),
        )
    )
    return code, (
        "Multiply the count by desired over original servings, then round to the nearest whole."
    )


def recipe_ml(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Step one of scaling: converting cups, tablespoons and teaspoons to millilitres."""
    c = _coder(t, n)
    code = c("""
        liquid$n = rng.choice(["milk", "water", "oil", "cream", "stock"])
        cups$n, tbsp$n, tsp$n = rng.randint(1, 3), rng.randint(0, 6), rng.randint(1, 5)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(240 * cups$n + 15 * tbsp$n + 5 * tsp$n)")
    elif shape == 1:
        code += c("""
            ml$n = {"cup": 240, "tablespoon": 15, "teaspoon": 5}
            a$n = str(sum(ml$n[u] * q for u, q in zip(ml$n, [cups$n, tbsp$n, tsp$n])))
        """)
    else:
        code += c("""
            total$n = tsp$n * 5
            total$n += tbsp$n * 3 * 5
            total$n += cups$n * 240
            a$n = str(total$n)
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"Before scaling, convert to millilitres: 1 cup is 240 ml, 1 tablespoon '
                "15 ml, 1 teaspoon 5 ml. How many ml are {cups$n} cups, {tbsp$n} tablespoons and "
                '{tsp$n} teaspoons of {liquid$n}?"'
            ),
            c(
                'q$n = f"The recipe lists {liquid$n}: {cups$n} cups, {tbsp$n} tablespoons and '
                "{tsp$n} teaspoons. With a cup of 240 ml, a tablespoon of 15 ml and a teaspoon of "
                '5 ml, what is the total in ml?"'
            ),
        )
    )
    return code, "Convert each measure to millilitres and add them up."


# -- 24 train ticket refunds ------------------------------------------------------------------


def ticket_refund(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """A refund before travel in pence: by ticket type, less the admin fee, or in full."""
    c = _coder(t, n)
    code = c("""
        i$n = rng.randrange($k)
        kind$n = rng.choice(["flexible", "semi-flexible", "cancelled"])
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            if kind$n == "flexible":
                back$n = $values[i$n] * 100 - 500
            elif kind$n == "semi-flexible":
                back$n = $values[i$n] * 50 - 500
            else:
                back$n = $values[i$n] * 100
            a$n = str(max(back$n, 0))
        """)
    elif shape == 1:
        code += c("""
            share$n = {"flexible": 100, "semi-flexible": 50, "cancelled": 100}[kind$n]
            fee$n = 0 if kind$n == "cancelled" else 500
            a$n = str(max(0, $values[i$n] * share$n - fee$n))
        """)
    else:
        code += c("""
            pence$n = $values[i$n] * 100
            if kind$n == "semi-flexible":
                pence$n //= 2
            a$n = str(max(0, pence$n - (kind$n != "cancelled") * 500))
        """)
    code += c("""
        what$n = {
            "flexible": "a flexible ticket",
            "semi-flexible": "a semi-flexible ticket",
            "cancelled": "a ticket for a train the operator cancelled",
        }[kind$n]
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"The {$names[i$n]} ticket is {what$n}, refunded before travel. Flexible '
                "tickets get the full price less a 5-pound admin fee, semi-flexible ones 50% of "
                "the price less the fee, and a cancelled train is refunded in full with no fee; "
                'nothing is paid if the fee uses it all up. How many pence are refunded?"'
            ),
            c(
                'q$n = f"Refunds before travel: flexible is price minus a 5.00 fee, '
                "semi-flexible is half the price minus the fee, a train cancelled by the operator "
                "is the full price with no fee (never below zero). The {$names[i$n]} ticket is "
                '{what$n}. What is the refund in pence?"'
            ),
        )
    )
    return code, (
        "Find the ticket's price, apply its type's share, take off the fee if one applies, and "
        "convert to pence."
    )


def delay_compensation(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Delay compensation in pence from the band the delay falls in."""
    c = _coder(t, n)
    code = c("""
        i$n = rng.randrange($k)
        ret$n = $values[i$n] + rng.randint(5, 40)
        late$n = rng.randint(5, 150)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            if late$n >= 120:
                pay$n = ret$n * 100
            elif late$n >= 60:
                pay$n = $values[i$n] * 100
            elif late$n >= 30:
                pay$n = $values[i$n] * 50
            elif late$n >= 15:
                pay$n = $values[i$n] * 25
            else:
                pay$n = 0
            a$n = str(pay$n)
        """)
    elif shape == 1:
        code += c("""
            pay$n = 0
            for edge$n, pct$n in [(15, 25), (30, 50), (60, 100)]:
                if late$n >= edge$n:
                    pay$n = $values[i$n] * pct$n
            a$n = str(ret$n * 100 if late$n >= 120 else pay$n)
        """)
    else:
        code += c("""
            pct$n = sum(25 for edge in (15, 30, 60, 60) if late$n >= edge)
            a$n = str(ret$n * 100 if late$n >= 120 else $values[i$n] * pct$n)
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"The train to {$names[i$n]} (single fare as listed, return fare '
                "{ret$n} pounds) arrives {late$n} minutes late. Compensation: under 15 minutes "
                "none; 15 to 29 minutes 25% of the single fare; 30 to 59 50%; 60 to 119 100%; "
                '120 or more 100% of the return fare. How many pence are paid?"'
            ),
            c(
                'q$n = f"A passenger to {$names[i$n]} (single fare from the list, return '
                "{ret$n} pounds) is {late$n} minutes late at the destination. Delays under 15 "
                "minutes pay nothing, 15-29 pay 25% of the single fare, 30-59 pay 50%, 60-119 "
                "pay 100%, and 120 or more pay the full return fare. What is the compensation in "
                'pence?"'
            ),
        )
    )
    return code, "Find the delay's band, take that share of the right fare, and convert to pence."


def season_refund(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """A season ticket returned early: price minus each started week, minus the admin fee."""
    c = _coder(t, n)
    code = c("""
        price$n = rng.randint(300, 1200)
        week$n = rng.randint(20, 45)
        used$n = rng.randint(1, 60)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(max(0, price$n - (used$n + 6) // 7 * week$n - 5))")
    elif shape == 1:
        code += c("""
            weeks$n = -(-used$n // 7)
            left$n = price$n - weeks$n * week$n - 5
            a$n = str(left$n if left$n > 0 else 0)
        """)
    else:
        code += c("""
            weeks$n = 0
            while weeks$n * 7 < used$n:
                weeks$n += 1
            a$n = str(max(price$n - week$n * weeks$n - 5, 0))
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"A season ticket costing {price$n} pounds, with a weekly rate of '
                "{week$n} pounds, is returned after {used$n} days. The refund is the price minus "
                "the weekly rate for each started week, minus the 5-pound admin fee, and nothing "
                'if that is negative. How many pounds are refunded?"'
            ),
            c(
                'q$n = f"Returning a season ticket early after {used$n} days: price {price$n} '
                "pounds, each started week charged at {week$n} pounds, then a 5-pound admin fee "
                'taken off. What is the refund in pounds (zero if negative)?"'
            ),
        )
    )
    return code, (
        "Count the started weeks, charge each at the weekly rate, and take that and the fee off"
        " the price."
    )


# -- 26 filesync CLI --------------------------------------------------------------------------

_FILES = (
    '["notes.txt", "plan.md", "logo.png", "data.csv", "index.html", "todo.txt", "report.pdf", '
    '"song.ogg", "readme.md"]'
)


def sync_summary(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """One count of a run's summary line: files copied, skipped or deleted."""
    c = _coder(t, n, files=_FILES)
    code = c("""
        names$n = rng.sample($files, 7)
        src$n = {f: rng.randint(2, 90) for f in names$n[:rng.randint(3, 6)]}
        dst$n = {
            f: src$n[f] if f in src$n and rng.random() < 0.5 else rng.randint(2, 90)
            for f in names$n[rng.randint(1, 3):]
        }
        ask$n = rng.choice(["copied", "skipped", "deleted"])
    """)
    if rng.random() < 0.5:
        code += c("""
            tally$n = {
                "copied": len([f for f in src$n if dst$n.get(f) != src$n[f]]),
                "skipped": len([f for f in src$n if dst$n.get(f) == src$n[f]]),
                "deleted": len([f for f in dst$n if f not in src$n]),
            }
        """)
    else:
        code += c("""
            tally$n = {"copied": 0, "skipped": 0, "deleted": 0}
            for f$n in src$n:
                tally$n["skipped" if dst$n.get(f$n) == src$n[f$n] else "copied"] += 1
            for f$n in dst$n:
                if f$n not in src$n:
                    tally$n["deleted"] += 1
        """)
    code += c("""
        a$n = str(tally$n[ask$n])
        srcs$n, dsts$n = (", ".join(f"{f} {s} KB" for f, s in d.items()) for d in (src$n, dst$n))
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"mirrorsync -v --delete SOURCE DEST runs. SOURCE holds {srcs$n}; DEST '
                "holds {dsts$n}. Modification times all match, so a "
                "file is copied when it is missing from DEST or its size differs. In the summary "
                'line, how many files are {ask$n}?"'
            ),
            c(
                'q$n = f"SOURCE: {srcs$n}. DEST: {dsts$n}. Times are equal. With --delete, '
                "files only in DEST are deleted; a file missing from DEST or of another size is "
                'copied; the rest are skipped. How many are {ask$n}?"'
            ),
        )
    )
    return code, (
        "Compare each file's presence and size in SOURCE and DEST, and tally the kind of action"
        " asked about."
    )


def sync_exclude(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many files an --exclude pattern lets through to an empty destination."""
    c = _coder(t, n)
    code = c("""
        stems$n = ["draft", "cache", "photo", "index", "old", "main", "backup"]
        ends$n = ["txt", "tmp", "log", "md"]
        paths$n = sorted(
            {f"{rng.choice($names)}/{rng.choice(stems$n)}.{rng.choice(ends$n)}" for _ in range(9)}
        )
        pat$n = rng.choice(["*.tmp", "*.log", f"{rng.choice($names)}/"])
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            if pat$n.endswith("/"):
                skip$n = [p for p in paths$n if p.startswith(pat$n)]
            else:
                skip$n = [p for p in paths$n if p.endswith(pat$n[1:])]
            a$n = str(len(paths$n) - len(skip$n))
        """)
    elif shape == 1:
        code += c(
            'a$n = str(sum(not (p.startswith(pat$n) if pat$n.endswith("/") else '
            "p.endswith(pat$n[1:])) for p in paths$n))"
        )
    else:
        code += c("""
            copied$n = 0
            for p$n in paths$n:
                folder$n, file$n = p$n.split("/")
                if pat$n != folder$n + "/" and not file$n.endswith(pat$n[1:]):
                    copied$n += 1
            a$n = str(copied$n)
        """)
    code += c('listed$n = ", ".join(paths$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"SOURCE holds {listed$n}; DEST is empty. In exclude patterns * matches '
                "within one path segment and a trailing / matches folders only. How many files "
                "does mirrorsync --exclude '{pat$n}' SOURCE DEST copy?\""
            ),
            c(
                "q$n = f\"mirrorsync --exclude '{pat$n}' copies SOURCE ({listed$n}) into an "
                "empty DEST. A * pattern matches within one path segment, a trailing / matches "
                'folders. How many files are copied?"'
            ),
        )
    )
    return code, "Check each path against the pattern and count the ones it does not match."


def delete_guard(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Files removed by --delete, which refuses to remove more than half of DEST without --force."""
    c = _coder(t, n)
    code = c("""
        gone$n = sorted(rng.sample(range($k), rng.randint(1, $k // 2)))
        force$n = rng.random() < 0.3
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            drop$n = sum($values[i] for i in gone$n)
            a$n = str(drop$n if force$n or 2 * drop$n <= sum($values) else 0)
        """)
    elif shape == 1:
        code += c("""
            drop$n = 0
            for i$n in gone$n:
                drop$n += $values[i$n]
            a$n = str(drop$n)
            if drop$n * 2 > sum($values) and not force$n:
                a$n = "0"
        """)
    else:
        code += c("""
            drop$n = sum(v for i, v in enumerate($values) if i in gone$n)
            a$n = str(0 if drop$n > sum($values) // 2 and not force$n else drop$n)
        """)
    code += c("""
        flag$n = " --force" if force$n else ""
        only$n = ", ".join($names[i] for i in gone$n)
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"DEST holds exactly the folders above; SOURCE has all of them except '
                "{only$n}. --delete refuses to run if it would remove more than 50% of the files "
                "in DEST, unless --force is also given. How many files does mirrorsync "
                '--delete{flag$n} SOURCE DEST delete?"'
            ),
            c(
                'q$n = f"You run mirrorsync --delete{flag$n} SOURCE DEST. DEST holds the folders '
                "above, and these are missing from SOURCE: {only$n}. Without --force, --delete "
                "refuses to remove more than half of DEST's files. How many files are deleted?\""
            ),
        )
    )
    return code, (
        "Add up the files to be removed, compare them with half of DEST, and check for --force."
    )


# -- 27 calendar API --------------------------------------------------------------------------


def free_slot(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """What find_free_slot returns: the earliest 15-minute step from 09:00 free for both."""
    c = _coder(t, n)
    code = c("""
        hm$n = lambda m: f"{m // 60:02d}:{m % 60:02d}"
        busy$n = [(540, rng.randrange(570, 690, 15))]
        for _ in range(3):
            s$n = rng.randrange(540, 780, 15)
            busy$n.append((s$n, s$n + rng.randrange(30, 150, 15)))
        dur$n = rng.randrange(15, 120, 15)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            at$n = 540
            while any(at$n < e and at$n + dur$n > s for s, e in busy$n):
                at$n += 15
            a$n = hm$n(at$n) if at$n + dur$n <= 1020 else "NO_SLOT"
        """)
    elif shape == 1:
        code += c("""
            fits$n = lambda m: all(m >= e or m + dur$n <= s for s, e in busy$n)
            free$n = [m for m in range(540, 1021 - dur$n, 15) if fits$n(m)]
            a$n = hm$n(free$n[0]) if free$n else "NO_SLOT"
        """)
    else:
        code += c("""
            a$n = "NO_SLOT"
            for m$n in range(540, 1021 - dur$n, 15):
                if not any(m$n < e and s < m$n + dur$n for s, e in busy$n):
                    a$n = hm$n(m$n)
                    break
        """)
    code += c("""
        ann$n = ", ".join(f"{hm$n(s)}-{hm$n(e)}" for s, e in busy$n[::2])
        ben$n = ", ".join(f"{hm$n(s)}-{hm$n(e)}" for s, e in busy$n[1::2])
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"On a Monday, Ann is busy {ann$n} and Ben is busy {ben$n}. '
                "find_free_slot([ann, ben], {dur$n}, Monday 09:00, Monday 17:00) searches 09:00 "
                "to 17:00 in steps of 15 minutes, and touching edges do not overlap. What does it "
                'return (HH:MM, or NO_SLOT)?"'
            ),
            c(
                'q$n = f"Ann: busy {ann$n}. Ben: busy {ben$n}. What is the earliest start, in '
                "steps of 15 minutes from 09:00, of a {dur$n}-minute meeting both can attend that "
                'ends by 17:00? Answer HH:MM, or NO_SLOT if there is none."'
            ),
        )
    )
    return code, (
        "Step through start times a quarter hour apart and take the first where the whole meeting "
        "misses every busy interval."
    )


def meeting_clash(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Which meeting a new event overlaps, touching edges not counting as an overlap."""
    c = _coder(t, n)
    code = c("""
        hm$n = lambda m: f"{m // 60:02d}:{m % 60:02d}"
        at$n, spans$n = 540 + rng.randrange(0, 60, 5), {}
        for x$n in rng.sample($names, $k):
            spans$n[x$n] = (at$n, at$n + $values[$names.index(x$n)])
            at$n = spans$n[x$n][1] + rng.choice([0, 0, 15, 30])
        j$n = rng.choice($names)
        new$n = rng.randint(spans$n[j$n][0], spans$n[j$n][1] - 1)
        end$n = rng.randint(new$n + 1, spans$n[j$n][1])
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = next(x for x, (s, e) in spans$n.items() if s < end$n and new$n < e)")
    elif shape == 1:
        code += c("""
            for x$n, (s$n, e$n) in spans$n.items():
                if new$n < e$n and s$n < end$n:
                    a$n = x$n
        """)
    else:
        code += c("a$n = [x for x in $names if spans$n[x][0] < end$n and spans$n[x][1] > new$n][0]")
    code += c('starts$n = ", ".join(f"{x} at {hm$n(spans$n[x][0])}" for x in $names)')
    code += rng.choice(
        (
            c(
                'q$n = f"Each meeting above lasts the minutes listed; they start: {starts$n}. A '
                "new event runs {hm$n(new$n)}-{hm$n(end$n)}. Two events overlap when one starts "
                "before the other ends; touching edges do not overlap. Which meeting does the new "
                'event overlap?"'
            ),
            c(
                'q$n = f"Start times: {starts$n} (lengths as listed above). create_event is '
                "called for {hm$n(new$n)}-{hm$n(end$n)}, and the warnings list names the one "
                'clashing event (touching edges do not clash). Which meeting is it?"'
            ),
        )
    )
    return code, (
        "Work out each meeting's end from its start and length, then check which one starts "
        "before the new event ends and ends after it starts."
    )


# -- 28 spreadsheet formulas ------------------------------------------------------------------

_FORMULAS = (
    ("=A1+A2*A3", "x$n + y$n * z$n", "y$n * z$n", "x$n + part$n"),
    ("=(A1+A2)*A3", "(x$n + y$n) * z$n", "x$n + y$n", "part$n * z$n"),
    ("=A1^2-A2+A3", "x$n ** 2 - y$n + z$n", "x$n * x$n", "part$n - y$n + z$n"),
    ("=-A1^2+A2*A3", "(-x$n) ** 2 + y$n * z$n", "(-x$n) * (-x$n)", "part$n + y$n * z$n"),
)


def formula_eval(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """A formula's value under GridCalc's precedence (unary minus, ^, * and /, + and -)."""
    formula, whole, first, rest = rng.choice(_FORMULAS)
    c = _coder(t, n, formula=formula)
    code = c("x$n, y$n, z$n = rng.randint(2, 12), rng.randint(2, 12), rng.randint(2, 12)")
    if rng.random() < 0.5:
        code += c(f"a$n = str({whole})")
    else:
        code += c(f"part$n = {first}\na$n = str({rest})")
    code += rng.choice(
        (
            c(
                'q$n = f"In GridCalc, A1 = {x$n}, A2 = {y$n} and A3 = {z$n}. Operators bind in '
                "this order: unary minus, then ^, then * and /, then + and -. What does the cell "
                '$formula show?"'
            ),
            c(
                'q$n = f"Cells: A1 is {x$n}, A2 is {y$n}, A3 is {z$n}. Evaluate $formula, where '
                'negation binds tighter than ^, ^ tighter than *, and * tighter than +."'
            ),
        )
    )
    return code, (
        "Apply the operators by precedence: negation first, then powers, then products, then sums."
    )


def range_sum(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """SUM or MAX - MIN over a range of the table, typed into column B in the listed order."""
    spread = rng.random() < 0.35
    c = _coder(t, n)
    code = c("""
        lo$n = rng.randint(1, $k - 1)
        hi$n = rng.randint(lo$n + 1, $k)
    """)
    shape = rng.randrange(2)
    if spread:
        code += c(
            "a$n = str(max($values[lo$n - 1:hi$n]) - min($values[lo$n - 1:hi$n]))"
            if shape == 0
            else "cells$n = [$values[r - 1] for r in range(lo$n, hi$n + 1)]\n"
            "a$n = str(max(cells$n) - min(cells$n))"
        )
        code += c('f$n = f"=MAX(B{lo$n}:B{hi$n})-MIN(B{lo$n}:B{hi$n})"')
    else:
        code += c(
            "a$n = str(sum($values[lo$n - 1:hi$n]))"
            if shape == 0
            else "total$n = 0\nfor r$n in range(lo$n, hi$n + 1):\n    total$n += $values[r$n - 1]\n"
            "a$n = str(total$n)"
        )
        code += c('f$n = f"=SUM(B{lo$n}:B{hi$n})"')
    code += rng.choice(
        (
            c(
                'q$n = f"The numbers above are typed into cells B1 to B$k, in the order listed. '
                'What does the formula {f$n} show?"'
            ),
            c(
                'q$n = f"Column B holds the listed numbers from B1 down, in order. A range like '
                'B2:B4 covers B2, B3 and B4. What is the value of {f$n}?"'
            ),
        )
    )
    return code, "Find which listed numbers the range covers, then apply the function to them."


def round_if(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """ROUND(A1/A2, 0), halves away from zero, sometimes fed to an IF."""
    with_if = rng.random() < 0.5
    c = _coder(t, n)
    code = c("""
        x$n = rng.randint(10, 99)
        y$n = rng.randint(2, 9)
        cut$n = rng.randint(3, 20)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("r$n = (2 * x$n + y$n) // (2 * y$n)")
    elif shape == 1:
        code += c("""
            r$n, rem$n = divmod(x$n, y$n)
            if 2 * rem$n >= y$n:
                r$n += 1
        """)
    else:
        code += c("r$n = int(x$n / y$n + 0.5)")
    if with_if:
        code += c("a$n = str(r$n - cut$n if r$n > cut$n else cut$n - r$n)")
        code += c('more$n = f", and A4 = IF(A3>{cut$n}, A3-{cut$n}, {cut$n}-A3)"')
        cell = "A4"
    else:
        code += c('a$n = str(r$n)\nmore$n = ""')
        cell = "A3"
    c = _coder(t, n, cell=cell)
    code += rng.choice(
        (
            c(
                'q$n = f"In GridCalc, A1 = {x$n}, A2 = {y$n}, A3 = ROUND(A1/A2, 0){more$n}. '
                'ROUND rounds halves away from zero. What does $cell show?"'
            ),
            c(
                'q$n = f"Cells: A1 holds {x$n}, A2 holds {y$n}, A3 holds =ROUND(A1/A2, 0) '
                '(halves away from zero){more$n}. What value is shown in $cell?"'
            ),
        )
    )
    return code, (
        "Divide, round to the nearest whole number with halves going up, then evaluate any "
        "formula that reads it."
    )


# -- 29 key-value store transactions ----------------------------------------------------------


def kv_get(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """What GET prints after SETs, INCRs and nested BEGIN / ROLLBACK / COMMIT."""
    key = rng.choice(t.theme.things)
    c = _coder(t, n, key=key)
    code = c("""
        cmds$n = [f"SET $key {rng.randint(1, 40)}"]
        for _ in range(rng.randint(5, 7)):
            pick$n = rng.choice(["BEGIN", "BEGIN", "ROLLBACK", "ROLLBACK", "COMMIT", "INCR", "SET"])
            cmds$n.append(f"SET $key {rng.randint(1, 40)}" if pick$n == "SET" else pick$n)
    """)
    if rng.random() < 0.5:
        code += c("""
            val$n, saved$n = 0, []
            for cmd$n in cmds$n:
                if cmd$n == "BEGIN":
                    saved$n.append(val$n)
                elif cmd$n == "COMMIT":
                    saved$n = []
                elif cmd$n == "ROLLBACK":
                    val$n = saved$n.pop() if saved$n else val$n
                elif cmd$n.startswith("INCR"):
                    val$n += 1
                else:
                    val$n = int(cmd$n.split()[2])
            a$n = str(val$n)
        """)
    else:
        code += c("""
            levels$n = [0]
            for cmd$n in cmds$n:
                if cmd$n == "BEGIN":
                    levels$n.append(levels$n[-1])
                elif cmd$n == "ROLLBACK" and len(levels$n) > 1:
                    levels$n.pop()
                elif cmd$n == "COMMIT":
                    levels$n = [levels$n[-1]]
                elif cmd$n.startswith("INCR"):
                    levels$n[-1] += 1
                elif cmd$n.startswith("SET"):
                    levels$n[-1] = int(cmd$n.split()[2])
            a$n = str(levels$n[-1])
        """)
    code += c('shown$n = "; ".join(cmds$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"KeyBox runs, in order: {shown$n}. ROLLBACK undoes only the innermost open '
                "transaction (with none open it changes nothing), COMMIT makes all open ones "
                'permanent, and INCR adds 1. What does GET $key print now?"'
            ),
            c(
                'q$n = f"Commands sent to KeyBox: {shown$n}. Transactions nest; ROLLBACK '
                "discards the changes since the most recent BEGIN, and COMMIT applies every open "
                'level. What value does GET $key return?"'
            ),
        )
    )
    return code, (
        "Replay the commands, saving the value at each BEGIN and restoring it at each ROLLBACK."
    )


def kv_depth(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many ROLLBACKs answer OK before NO TRANSACTION: the open nesting depth."""
    key = rng.choice(t.theme.things)
    c = _coder(t, n, key=key)
    code = c("""
        ops$n = ["BEGIN"] * 4 + ["ROLLBACK", "COMMIT", "INCR $key", "GET $key"]
        cmds$n = [rng.choice(ops$n) for _ in range(rng.randint(5, 9))]
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            depth$n = 0
            for cmd$n in cmds$n:
                if cmd$n == "BEGIN":
                    depth$n += 1
                elif cmd$n == "ROLLBACK":
                    depth$n = max(0, depth$n - 1)
                elif cmd$n == "COMMIT":
                    depth$n = 0
            a$n = str(depth$n)
        """)
    elif shape == 1:
        code += c("""
            open$n = []
            for cmd$n in cmds$n:
                if cmd$n == "BEGIN":
                    open$n.append(cmd$n)
                elif cmd$n == "ROLLBACK" and open$n:
                    open$n.pop()
                elif cmd$n == "COMMIT":
                    open$n.clear()
            a$n = str(len(open$n))
        """)
    else:
        code += c("""
            tail$n = cmds$n[max([i + 1 for i, x in enumerate(cmds$n) if x == "COMMIT"], default=0):]
            depth$n = 0
            for cmd$n in tail$n:
                step$n = {"BEGIN": 1, "ROLLBACK": -1}.get(cmd$n, 0)
                depth$n = max(0, depth$n + step$n)
            a$n = str(depth$n)
        """)
    code += c('shown$n = "; ".join(cmds$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"KeyBox receives: {shown$n}. Each BEGIN opens a new level, ROLLBACK '
                "closes the innermost one, COMMIT closes them all, and with none open both answer "
                "NO TRANSACTION. How many ROLLBACK commands in a row would now answer OK before "
                'one answers NO TRANSACTION?"'
            ),
            c(
                'q$n = f"After the commands {shown$n}, how many transactions are still open in '
                "KeyBox? (BEGIN opens one on top of the others, ROLLBACK closes the innermost, "
                'COMMIT closes every open one; a ROLLBACK with none open does nothing.)"'
            ),
        )
    )
    return code, "Keep a count of open levels: up at BEGIN, down at ROLLBACK, to zero at COMMIT."


# -- 31 thermostat panel ----------------------------------------------------------------------


def mode_cycle(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The mode after pressing MODE some times in the OFF, HEAT, COOL, AUTO cycle."""
    c = _coder(t, n)
    code = c("""
        modes$n = ["OFF", "HEAT", "COOL", "AUTO"]
        start$n = rng.choice(modes$n)
        press$n = rng.randint(1, 11)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = modes$n[(modes$n.index(start$n) + press$n) % 4]")
    elif shape == 1:
        code += c("""
            nxt$n = dict(zip(modes$n, modes$n[1:] + modes$n[:1]))
            a$n = start$n
            for _ in range(press$n):
                a$n = nxt$n[a$n]
        """)
    else:
        code += c("""
            at$n, left$n = modes$n.index(start$n), press$n
            while left$n > 0:
                at$n, left$n = (at$n + 1) % 4, left$n - 1
            a$n = modes$n[at$n]
        """)
    code += rng.choice(
        (
            c(
                'q$n = f"The thermostat shows {start$n}. Pressing MODE cycles OFF -> HEAT -> COOL '
                '-> AUTO -> OFF. Which mode does it show after {press$n} presses?"'
            ),
            c(
                'q$n = f"MODE steps through OFF, HEAT, COOL, AUTO and back to OFF. Starting in '
                '{start$n}, you press MODE {press$n} times. Which mode is the panel in?"'
            ),
        )
    )
    return code, (
        "Step once around the mode cycle for each press, wrapping round after the last mode."
    )


def setpoint_steps(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many UP or DOWN presses, 0.5 degrees each, move a setpoint to a target."""
    c = _coder(t, n)
    code = c("""
        i$n = rng.randrange($k)
        goal$n = rng.choice([h for h in range(10, 61) if h != 2 * $values[i$n]])
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("a$n = str(abs(goal$n - 2 * $values[i$n]))")
    elif shape == 1:
        code += c("""
            at$n, presses$n = 2 * $values[i$n], 0
            while at$n != goal$n:
                at$n += 1 if at$n < goal$n else -1
                presses$n += 1
            a$n = str(presses$n)
        """)
    else:
        code += c("a$n = str(int(abs(goal$n / 2 - $values[i$n]) / 0.5))")
    code += c('goal_text$n = f"{goal$n / 2:.1f}"')
    code += rng.choice(
        (
            c(
                'q$n = f"In HEAT mode the heat setpoint starts at the {$names[i$n]} temperature '
                "listed above. UP and DOWN change it by 0.5 degrees per press. How many presses "
                'bring it to {goal_text$n} degrees?"'
            ),
            c(
                'q$n = f"The heat setpoint equals the {$names[i$n]} reading above. Each UP or '
                "DOWN press moves it 0.5 degrees. How many presses does it take to set "
                '{goal_text$n}?"'
            ),
        )
    )
    return code, (
        "Take the difference between the two temperatures and count two presses per degree."
    )


def schedule_setpoint(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The schedule's heat setpoint at a time of day, or when a hand override ends."""
    ask_end = rng.random() < 0.4
    c = _coder(t, n)
    code = c("""
        hm$n = lambda m: f"{m // 60:02d}:{m % 60:02d}"
        starts$n = [360, 510, 1050, 1350]
        temps$n = rng.sample(range(14, 25), 4)
        now$n = rng.randrange(0, 1440, 5)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("p$n = sum(now$n >= s for s in starts$n) - 1")
    elif shape == 1:
        code += c("""
            p$n = 3
            for i$n, s$n in enumerate(starts$n):
                if now$n >= s$n:
                    p$n = i$n
        """)
    else:
        code += c("p$n = max([i for i, s in enumerate(starts$n) if s <= now$n], default=3)")
    if ask_end:
        code += c("a$n = hm$n(starts$n[(p$n + 1) % 4])")
        ask = (
            "You change the setpoint by hand at {hm$n(now$n)}; the override lasts until the next "
            "period starts. At what time (HH:MM) does it end?"
        )
    else:
        code += c("a$n = str(temps$n[p$n])")
        ask = "What heat setpoint does the schedule give at {hm$n(now$n)}?"
    c = _coder(t, n, ask=ask)
    code += rng.choice(
        (
            c(
                'q$n = f"The schedule sets the heat setpoint: wake 06:00 ({temps$n[0]} degrees), '
                "leave 08:30 ({temps$n[1]}), return 17:30 ({temps$n[2]}), sleep 22:30 "
                '({temps$n[3]}). Each period lasts until the next one starts. $ask"'
            ),
            c(
                'q$n = f"Schedule periods: wake at 06:00 sets {temps$n[0]}, leave at 08:30 sets '
                "{temps$n[1]}, return at 17:30 sets {temps$n[2]}, sleep at 22:30 sets "
                '{temps$n[3]}; sleep runs past midnight until wake. $ask"'
            ),
        )
    )
    return code, (
        "Find the last period that started before the given time, remembering that sleep runs "
        "past midnight."
    )


# -- 32 issue tracker query syntax ------------------------------------------------------------

_STATUSES = '["open", "in_progress", "review", "closed"]'
_MATCHES = (
    ("status:open", 's == "open"'),
    ("-status:closed", 's != "closed"'),
    ("priority:<=p{cut$n}", "p <= cut$n"),
    ("status:open priority:<=p{cut$n}", 's == "open" and p <= cut$n'),
)


def issue_top(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """Which issue a query sorted by votes lists first."""
    query, test = rng.choice(_MATCHES)
    c = _coder(t, n, statuses=_STATUSES, query=query, test=test)
    code = c("""
        st$n = [rng.choice($statuses) for _ in $names]
        pr$n = [rng.randint(0, 4) for _ in $names]
        votes$n = rng.sample(range(60), $k)
        j$n = rng.randrange($k)
        st$n[j$n], pr$n[j$n] = "open", 0
        cut$n = rng.randint(1, 3)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c("""
            rows$n = zip($names, st$n, pr$n, votes$n)
            a$n = max((v, x) for x, s, p, v in rows$n if $test)[1]
        """)
    elif shape == 1:
        code += c("""
            ok$n = lambda s, p: $test
            best$n = -1
            for x$n, s$n, p$n, v$n in zip($names, st$n, pr$n, votes$n):
                if ok$n(s$n, p$n) and v$n > best$n:
                    a$n, best$n = x$n, v$n
        """)
    else:
        code += c("""
            hits$n = [(v, x) for x, s, p, v in zip($names, st$n, pr$n, votes$n) if $test]
            a$n = sorted(hits$n, reverse=True)[0][1]
        """)
    code += c("""
        rows$n = "; ".join(
            f"{x}: {s}, p{p}, {v} votes" for x, s, p, v in zip($names, st$n, pr$n, votes$n)
        )
        query$n = f"$query sort:votes-desc"
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"One issue per label: {rows$n}. For priority, less means more urgent '
                "(p0 is highest). The Trackly query {query$n} lists the matching issues, most "
                "votes first. Which label's issue is listed first?\""
            ),
            c(
                'q$n = f"Issues (label: status, priority, votes): {rows$n}. A leading - negates '
                "a term, and priority:<=p1 means p0 or p1. Which issue (give its label) comes "
                'first for the query {query$n}?"'
            ),
        )
    )
    return code, (
        "Keep the issues that match every term of the query, then take the one with the most votes."
    )


def issue_count(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """How many issues an AND / OR query matches, AND binding tighter than OR."""
    c = _coder(t, n, statuses=_STATUSES)
    code = c("""
        st$n = [rng.choice($statuses) for _ in $names]
        pr$n = [rng.randint(0, 4) for _ in $names]
        votes$n = rng.sample(range(60), $k)
        want$n, cut$n, over$n = rng.choice($statuses), rng.randint(1, 3), rng.randint(5, 50)
    """)
    shape = rng.randrange(3)
    if shape == 0:
        code += c(
            "a$n = str(len([1 for s, p, v in zip(st$n, pr$n, votes$n) "
            "if (s == want$n and p <= cut$n) or v > over$n]))"
        )
    elif shape == 1:
        code += c("""
            hits$n = 0
            for s$n, p$n, v$n in zip(st$n, pr$n, votes$n):
                if s$n == want$n and p$n <= cut$n or v$n > over$n:
                    hits$n += 1
            a$n = str(hits$n)
        """)
    else:
        code += c("""
            left$n = {i for i in range($k) if st$n[i] == want$n and pr$n[i] <= cut$n}
            right$n = {i for i in range($k) if votes$n[i] > over$n}
            a$n = str(len(left$n | right$n))
        """)
    code += c("""
        rows$n = "; ".join(
            f"{x}: {s}, p{p}, {v} votes" for x, s, p, v in zip($names, st$n, pr$n, votes$n)
        )
    """)
    code += rng.choice(
        (
            c(
                'q$n = f"Issues: {rows$n}. Terms separated by spaces are joined with AND, and AND '
                "binds tighter than OR; priority:<=p1 means p0 or p1. How many issues match "
                'status:{want$n} priority:<=p{cut$n} OR votes:>{over$n}?"'
            ),
            c(
                'q$n = f"How many of these issues does the query status:{want$n} '
                "priority:<=p{cut$n} OR votes:>{over$n} match? {rows$n}. (a b OR c means "
                '(a AND b) OR c; a lower priority number is more urgent.)"'
            ),
        )
    )
    return code, (
        "Group the AND terms first, then an issue matches if it meets that group or the OR term."
    )


def issue_workflow(t: Table, n: int, rng: random.Random) -> tuple[str, str]:
    """The status after a run of attempted moves, jumps outside the workflow rejected."""
    count_rejected = rng.random() < 0.4
    c = _coder(t, n, statuses=_STATUSES)
    code = c("""
        allowed$n = [("open", "in_progress"), ("in_progress", "review"), ("review", "closed")]
        allowed$n += [("review", "in_progress"), ("closed", "open")]
        start$n = rng.choice($statuses)
        tries$n = [rng.choice($statuses + ["review", "closed"]) for _ in range(rng.randint(4, 8))]
    """)
    if rng.random() < 0.5:
        code += c("""
            now$n, bad$n = start$n, 0
            for go$n in tries$n:
                if (now$n, go$n) in allowed$n:
                    now$n = go$n
                else:
                    bad$n += 1
        """)
    else:
        code += c("""
            path$n = [start$n]
            for go$n in tries$n:
                path$n.append(go$n if (path$n[-1], go$n) in allowed$n else path$n[-1])
            now$n = path$n[-1]
            bad$n = sum(1 for a, b in zip(path$n, path$n[1:]) if a == b)
        """)
    if count_rejected:
        code += c("a$n = str(bad$n)")
        ask = "How many of the moves are rejected with INVALID_TRANSITION?"
    else:
        code += c("a$n = now$n")
        ask = "In which status does the issue end up?"
    c = _coder(t, n, ask=ask)
    code += c('moves$n = ", ".join(tries$n)')
    code += rng.choice(
        (
            c(
                'q$n = f"Issues move open -> in_progress -> review -> closed; review may go back '
                "to in_progress, and closed may be reopened to open. Any other jump is rejected "
                "and the status stays. An issue in {start$n} is sent, in order, to: {moves$n}. "
                '$ask"'
            ),
            c(
                'q$n = f"An issue starts in {start$n} and these status changes are tried in turn: '
                "{moves$n}. Allowed: open to in_progress, in_progress to review, review to "
                "closed or back to in_progress, closed to open; anything else is rejected with "
                'INVALID_TRANSITION. $ask"'
            ),
        )
    )
    return code, (
        "Walk the moves in order, applying only those the workflow allows from the current status."
    )


PROCEDURES: dict[str, tuple[Block, ...]] = {
    "17-library-lending-policy": (library_fine, library_renewal, library_quota),
    "18-three-way-handshake": (handshake_open, handshake_data, handshake_backoff),
    "19-emergency-triage": (triage_level, triage_queue),
    "21-warehouse-pick-and-pack": (box_size, pick_route, short_pick),
    "22-double-entry-bookkeeping": (balance_entry, accounting_equation, trial_balance),
    "23-recipe-scaling": (recipe_scale, recipe_count, recipe_ml),
    "24-train-ticket-refunds": (ticket_refund, delay_compensation, season_refund),
    "26-filesync-cli": (sync_summary, sync_exclude, delete_guard),
    "27-calendar-api": (free_slot, meeting_clash),
    "28-spreadsheet-formulas": (formula_eval, range_sum, round_if),
    "29-kv-store-transactions": (kv_get, kv_depth),
    "31-thermostat-panel": (mode_cycle, setpoint_steps, schedule_setpoint),
    "32-issue-tracker-query-syntax": (issue_top, issue_count, issue_workflow),
}
"""Document id -> its procedure blocks."""
