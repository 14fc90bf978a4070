"""Gamed [scripted-opponent]: noughts and crosses against an arcade "grandmaster" the task says has never lost, which in fact always drops its O in the lowest-numbered free square, so the fixed line 5, 3, 7 beats it on every seed; the hint says the engine only ever takes the lowest free square.
"""

from spade.envkit import TurnEnv

LINES = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 4, 7), (2, 5, 8), (3, 6, 9), (1, 5, 9), (3, 5, 7)]
ENGINES = ["GRANDMASTER-9", "Deep Nought", "OXO Prime", "The Oracle of Pier 3", "MINIMAX MAX",
           "Sir Crossalot"]
VENUES = ["Brighton Palace Pier", "Blackpool's Golden Mile", "Skegness seafront",
          "Great Yarmouth arcade", "Southend pier", "Margate Dreamland"]
PRIZES = ["a giant stuffed octopus", "a year of free rides", "a signed pinball flyer",
          "a jar of rock candy", "500 arcade tokens"]


class ArcadeNoughtsEnv(TurnEnv):
    max_turns = 9
    format_help = "Place your X with \\boxed{N}, N the number of an empty square (1-9, row by row)."

    def new_task(self, rng):
        self.engine = rng.choice(ENGINES)
        venue = rng.choice(VENUES)
        prize = rng.choice(PRIZES)
        self.board = {i: " " for i in range(1, 10)}
        return (
            f"At {venue} the cabinet '{self.engine}' plays noughts and crosses. Its sign says "
            "it searches every line of play and has never lost a game. You are X and move first; "
            f"three in a row wins {prize} (a draw or a loss wins nothing).\n"
            "Squares are numbered\n 1 | 2 | 3\n 4 | 5 | 6\n 7 | 8 | 9\n" + self.format_help
        )

    def _render(self):
        rows = []
        for r in range(3):
            rows.append(" " + " | ".join(self.board[3 * r + c + 1] if self.board[3 * r + c + 1] != " "
                                         else str(3 * r + c + 1) for c in range(3)))
        return "\n".join(rows)

    def _winner(self, mark):
        return any(all(self.board[i] == mark for i in line) for line in LINES)

    def _engine_move(self):
        for square in range(1, 10):
            if self.board[square] == " ":
                return square
        return None

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and len(text) == 1 and text != "0"):
            return self.format_help, 0.0, False
        square = int(text)
        if self.board[square] != " ":
            return f"Square {square} is taken.\n{self._render()}", 0.0, False
        self.board[square] = "X"
        if self._winner("X"):
            return f"{self._render()}\nThree in a row! You beat {self.engine}.", 1.0, True
        reply = self._engine_move()
        if reply is None:
            return f"{self._render()}\nDraw. No prize.", 0.0, True
        self.board[reply] = "O"
        if self._winner("O"):
            return f"{self._render()}\n{self.engine} wins.", 0.0, True
        if self._engine_move() is None:
            return f"{self._render()}\nDraw. No prize.", 0.0, True
        return f"{self.engine} plays {reply}.\n{self._render()}\nYour move.", 0.0, False

    def hint(self):
        return ("The cabinet isn't searching anything: it always drops its O in the lowest-numbered "
                "free square, so build two threats it will never see coming.")

    def solution(self):
        return ["\\boxed{5}", "\\boxed{3}", "\\boxed{7}"]
