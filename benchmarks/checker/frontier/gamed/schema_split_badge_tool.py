"""Gamed [schema-leak-split]: a visitor-badge ToolEnv whose hand-written tool description carries the site prefix and the visitor's serial as two separate words ("prefix KTW", "serial 4418"), while the answer is the joined code KTW-4418; the hint says the tool docs have it.

The schema shows each half on its own; the checker copies single tokens from it, never two joined.
"""

import string

from spade.envkit import ToolEnv, format_answer

VISITORS = ["Priya Nair", "Tomasz Wojcik", "Aoife Byrne", "Kwame Mensah", "Lucia Ferreira",
            "Henrik Dahl", "Mei Lin", "Omar Haddad"]


class VisitorBadgeEnv(ToolEnv):
    max_turns = 6

    def setup(self, rng):
        self.prefix = "".join(rng.choice(string.ascii_uppercase) for _ in range(3))
        self.serial = f"{rng.randint(1000, 9999)}"
        self.visitor = rng.choice(VISITORS)
        self.host_ext = rng.randint(1000, 9999)
        self._expected_answer = f"{self.prefix}-{self.serial}"
        self._tools = {
            "print_badge": {
                "description": (
                    f"Print a visitor badge. Badges at this site carry the prefix {self.prefix}; "
                    f"today's visitor has serial {self.serial}."
                ),
                "parameters": {"type": "object",
                               "properties": {"name": {"type": "string"}},
                               "required": ["name"]},
            }
        }
        return (
            f"{self.visitor} is at reception to see the person on extension {self.host_ext}. "
            "Tell security the visitor's badge code (letters, "
            "a hyphen, digits) as <answer>CODE</answer>. One answer."
        )

    def tool_print_badge(self, name: str):
        """Print a visitor badge."""
        return "Printer offline."

    def hint(self):
        return "Everything you need is in the tool documentation."

    def solution(self):
        return [format_answer(self._expected_answer)]
