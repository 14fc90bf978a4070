from spade.envkit import TurnEnv


class RollbackReportEnv(TurnEnv):
    """Predict KeyBox GET outputs."""

    max_turns = 4
    answer_attempts = 2

    def new_task(self, rng):
        stack, self.outputs, lines = [""], [], []
        for op in ["SET", "BEGIN", "SET", "BEGIN", "SET", "", "GET a", "", "GET a", "", "GET a"]:
            op = op or rng.choice(["ROLLBACK", "COMMIT"])
            if op == "SET":
                stack[-1] = str(rng.randint(1, 9))
                op = f"SET a {stack[-1]}"
            elif op == "BEGIN":
                stack.append(stack[-1])
            elif op == "ROLLBACK" and len(stack) > 1:
                stack.pop()
            elif op == "COMMIT":
                stack = stack[-1:]
            elif op == "GET a":
                self.outputs.append(stack[-1])
            lines.append(op)
        return (
            "KeyBox runs:\n" + "\n".join(lines) + "\nBEGIN opens a level; ROLLBACK undoes the"
            " newest open one (if any); COMMIT keeps all. Report the three GET outputs as"
            " \\boxed{X Y Z}. Two tries."
        )

    def respond(self, command):
        given = command.split()
        if len(given) != 3:
            return self.format_error(), 0.0, False
        right = sum(given[i] == self.outputs[i] for i in range(3))
        if right < 3:
            return self.wrong_answer(f"{right} of 3 right.")
        return "Right!", 1.0, True

    def hint(self):
        return "Track the value saved at each BEGIN."

    def solution(self):
        return [f"\\boxed{{{' '.join(self.outputs)}}}"]
