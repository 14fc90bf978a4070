from spade.envkit import TurnEnv


class HandshakeClientEnv(TurnEnv):
    """Play the client side of a TCP connection."""

    max_turns = 4
    answer_attempts = 1

    def new_task(self, rng):
        x, y = rng.sample(range(100, 900), 2)
        size, ack = rng.randint(20, 300), x + rng.choice([1, 1, 1, 0])
        good = [f"ACK seq={x + 1} ack={y + 1}", f"FIN seq={x + 1 + size}"]
        self.steps = good if ack == x + 1 else ["RST"]
        return (
            f"TCP client: you sent SYN seq={x}; the server sent SYN+ACK seq={y} ack={ack}. "
            f"Send the handshake ACK, then your FIN after {size} data bytes, one per turn: "
            "\\boxed{ACK seq=N ack=M}, \\boxed{FIN seq=N}; or \\boxed{RST} if the server's "
            "ack is wrong. A wrong segment ends the game."
        )

    def respond(self, command):
        segment = " ".join(command.upper().split())
        if segment[:3] not in ("ACK", "FIN", "RST"):
            return self.format_error(), 0.0, False
        if segment != self.steps.pop(0).upper():
            return self.wrong_answer("Wrong: connection reset.")
        return ("Correct.", 0.0, False) if self.steps else ("Done.", 1.0, True)

    def hint(self):
        return "Check the ack; a SYN and each data byte use one number."

    def solution(self):
        return [f"\\boxed{{{step}}}" for step in self.steps]
