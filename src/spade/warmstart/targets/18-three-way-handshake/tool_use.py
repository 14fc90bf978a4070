from spade.envkit import ToolEnv, format_answer, format_tool_call


class HandshakeCaptureEnv(ToolEnv):
    """Spot the wrong ack in captured TCP connections."""

    max_turns = 6

    def setup(self, rng):
        bad, self.captures = rng.choice([22, 80, 443]), {}
        for port in (22, 80, 443):
            x, y, size = rng.sample(range(100, 999), 3)
            acks = [x + 1, y + 1, x + 1 + size]
            if port == bad:
                i = rng.randrange(3)
                self._expected_answer = str(acks[i])
                acks[i] += rng.choice([-1, 1])
            self.captures[port] = [
                f"SYN seq={x}",
                f"SYN+ACK seq={y} ack={acks[0]}",
                f"ACK seq={x + 1} ack={acks[1]}",
                f"DATA len={size}",
                f"ACK ack={acks[2]}",
            ]
        return (
            "Connections were captured on ports 22, 80 and 443. In one of them an ack "
            "number is wrong. What should it have been? Answer <answer>N</answer>."
        )

    def tool_capture(self, port: int):
        """The segments captured on one port, in order."""
        return self.captures.get(port, "No such capture.")

    def hint(self):
        return "An ack is the next seq expected; a SYN uses one, each data byte one."

    def solution(self):
        calls = [format_tool_call("capture", {"port": p}) for p in self.captures]
        return [*calls, format_answer(self._expected_answer)]
