from spade.envkit import ToolEnv, format_answer, format_tool_call


class OpenTransactionEnv(ToolEnv):
    """Recover a key's value from before open KeyBox transactions."""

    max_turns = 5

    def setup(self, rng):
        self.stack = [str(rng.randint(10, 99)) for _ in range(rng.randint(2, 3))]
        self._expected_answer = self.stack[0]
        return (
            "A KeyBox console has one or two nested transactions open, and each changed key price."
            " What was price before the outermost BEGIN? The run tool sends one command: GET k,"
            " ROLLBACK or COMMIT. Answer <answer>VALUE</answer>."
        )

    def tool_run(self, command: str):
        """Run one KeyBox command (GET k, ROLLBACK or COMMIT) and return its output."""
        command = " ".join(command.split())
        if command == "GET price":
            return self.stack[-1]
        if command == "COMMIT":
            self.stack = self.stack[-1:]
            return "OK"
        if command == "ROLLBACK":
            if len(self.stack) == 1:
                return "NO TRANSACTION"
            self.stack.pop()
            return "OK"
        return "NULL" if command.startswith("GET ") else "ERR syntax"

    def hint(self):
        return "ROLLBACK closes one level at a time; stop when there is no transaction left."

    def solution(self):
        calls = [format_tool_call("run", {"command": "ROLLBACK"})] * (len(self.stack) - 1)
        calls.append(format_tool_call("run", {"command": "GET price"}))
        return [*calls, format_answer(self._expected_answer)]
