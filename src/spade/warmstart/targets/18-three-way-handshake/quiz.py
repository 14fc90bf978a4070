from spade.envkit import QuizEnv


class SequenceNumberEnv(QuizEnv):
    def rounds(self, rng):
        x = rng.randint(1000, 4000)
        size = rng.randint(20, 900)
        ack = x + 1
        data = ack + size
        fin = data + 1
        intro = f"TCP: a client sends SYN seq={x}. SYN and FIN use one number,"
        intro += " each data byte one. An ack is the next number expected."
        q1 = "What ack number does the server SYN+ACK carry?"
        a1 = str(ack)
        q2 = f"The client sends {size} data bytes. What does the server ack?"
        a2 = str(data)
        q3 = "The client then sends FIN. What does the server ack?"
        a3 = str(fin)
        return intro, [(q1, a1), (q2, a2), (q3, a3)]

    def hint(self):
        return "Each SYN, FIN and data byte moves the sender number up by one."
