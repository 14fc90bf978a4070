from spade.envkit import QuizEnv


class SequenceNumberEnv(QuizEnv):
    def rounds(self, rng):
        x, y, size = rng.randint(1000, 4000), rng.randint(5000, 9000), rng.randint(20, 900)
        intro = (
            f"TCP: the client sends SYN seq={x} and the server replies SYN+ACK seq={y}. "
            "SYN and FIN each use one sequence number, each data byte one; an ack number "
            "is the next sequence number expected."
        )
        return intro, [
            ("The SYN+ACK's ack number?", str(x + 1)),
            ("The client's ACK: send SEQ ACK.", f"{x + 1} {y + 1}"),
            (f"The client sends {size} bytes. The server's ack number?", str(x + 1 + size)),
            ("The client then sends FIN. The server's ack number?", str(x + 2 + size)),
        ]

    def hint(self):
        return "Each SYN, FIN and data byte moves the sender's number up by one."
