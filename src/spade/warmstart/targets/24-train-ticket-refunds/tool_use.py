from spade.envkit import ToolEnv, format_answer, format_tool_call


class BookingRefundEnv(ToolEnv):
    """Total the refunds on a train booking."""

    max_turns = 6

    def setup(self, rng):
        self.tickets, total = {}, 0
        for tid in "ABC":
            kind, share = rng.choice([("flexible", 2), ("semi-flexible", 1), ("saver", 0)])
            price, late = rng.randrange(20, 100, 2), rng.randint(0, 90)
            status = f"{late} min late" if late >= 30 else "unused"
            self.tickets[tid] = {"type": kind, "price": price, "status": status}
            if late < 30:
                total += max(0, price * share // 2 - 5)
            else:
                total += price if late >= 60 else price // 2
        self._expected_answer = str(total)
        return (
            "Tickets A, B and C claim refunds. Unused: flexible gets the price less 5, "
            "semi-flexible half of it less 5, saver nothing. A ticket 30-59 min late gets half "
            "the price, 60+ min all of it. What is the total? Answer <answer>N</answer>."
        )

    def tool_ticket(self, ticket: str):
        """One ticket's type, price and status."""
        return self.tickets.get(ticket, "Unknown ticket.")

    def hint(self):
        return "Use the unused rule or the late rule per ticket."

    def solution(self):
        calls = [format_tool_call("ticket", {"ticket": tid}) for tid in self.tickets]
        return [*calls, format_answer(self._expected_answer)]
