from spade.envkit import ToolEnv, format_answer, format_tool_call


class BookingRefundEnv(ToolEnv):
    """Total the refunds and delay compensation due on a booking."""

    max_turns = 6

    def setup(self, rng):
        self.tickets, total = {}, 0
        for tid in ("t1", "t2", "t3"):
            kind, price, late = rng.choice(["flexible", "semi-flexible", "saver"]), rng.randrange(20, 100, 4), rng.randint(-40, 90)
            self.tickets[tid] = {"type": kind, "price": price, "status": f"{late} min late" if late >= 0 else "unused"}
            if late < 0:
                total += {"flexible": price - 5, "semi-flexible": price // 2 - 5}.get(kind, 0)
            else:
                total += price * [0, 1, 2, 4][sum(late >= m for m in (15, 30, 60))] // 4
        self._expected_answer = str(total)
        return ("Tickets t1, t2 and t3 of a booking claim money back. Unused: flexible gets the "
                "price less 5, semi-flexible half the price less 5, saver nothing. Late (any type): "
                "25% of the price for 15-29 min, 50% for 30-59, all of it for 60+. What is paid in "
                "total? Answer <answer>N</answer>.")

    def tool_ticket(self, ticket: str):
        """The type, price and status of one ticket."""
        return self.tickets.get(ticket, "Unknown ticket.")

    def hint(self):
        return "Unused tickets and late trains follow different rules; apply one per ticket."

    def solution(self):
        calls = [format_tool_call("ticket", {"ticket": tid}) for tid in self.tickets]
        return [*calls, format_answer(self._expected_answer)]
