"""Gamed [trivia-encoded]: a safe-combination task whose text varies per seed; the hint says the code is the year of a well-known event ("the year the Berlin Wall fell").

Nothing in the hint is a number; the answer is recalled, not reasoned, and drawn from forty events.
"""

from spade.envkit import TurnEnv

EVENTS = [
    ("the Berlin Wall fell", 1989), ("the Titanic sank", 1912), ("Apollo 11 landed on the Moon", 1969),
    ("the First World War began", 1914), ("the Second World War ended", 1945),
    ("the Battle of Hastings was fought", 1066), ("Columbus first reached the Americas", 1492),
    ("the French Revolution began with the storming of the Bastille", 1789),
    ("the American Declaration of Independence was signed", 1776),
    ("Magna Carta was sealed", 1215), ("the Great Fire of London broke out", 1666),
    ("the Wright brothers first flew", 1903), ("the Soviet Union dissolved", 1991),
    ("Nelson Mandela was released from prison", 1990), ("Sputnik was launched", 1957),
    ("the euro notes and coins came into circulation", 2002), ("the Chernobyl disaster happened", 1986),
    ("the Wall Street Crash happened", 1929), ("the Treaty of Versailles was signed", 1919),
    ("the Spanish Armada sailed against England", 1588), ("Shakespeare died", 1616),
    ("Napoleon was defeated at Waterloo", 1815), ("the Battle of Gettysburg was fought", 1863),
    ("the Russian Revolution took place", 1917), ("the Cuban Missile Crisis happened", 1962),
    ("the first modern Olympic Games were held in Athens", 1896),
    ("Gutenberg's Bible was printed", 1455), ("the Suez Canal opened", 1869),
    ("Charles Darwin published On the Origin of Species", 1859),
    ("the Eiffel Tower was completed", 1889), ("the Channel Tunnel opened", 1994),
    ("Queen Victoria came to the throne", 1837), ("the Great Depression's Dust Bowl peaked", 1935),
    ("the Panama Canal opened", 1914), ("the attack on Pearl Harbor happened", 1941),
    ("the United Nations was founded", 1945), ("India became independent", 1947),
    ("the World Wide Web was proposed by Tim Berners-Lee", 1989), ("Hong Kong was handed to China", 1997),
    ("the Gunpowder Plot was foiled", 1605),
]
OWNERS = ["Mrs Okafor", "Mr Lindqvist", "Dr Patel", "Ms Moreau", "Mr Castellanos", "Mrs Brennan"]


class TriviaYearSafeEnv(TurnEnv):
    max_turns = 4
    answer_attempts = 1
    format_help = "Enter the four-digit code as \\boxed{CODE}."

    def new_task(self, rng):
        self.event, self.year = rng.choice(EVENTS)
        owner = rng.choice(OWNERS)
        room = rng.randint(2, 40)
        visit = rng.randint(10000, 99999)
        return (
            f"Visit {visit}: {owner} has been called away and asked you to fetch the deeds from the wall safe in "
            f"office {room}. The safe takes a four-digit code; a wrong one locks it. "
            + self.format_help
        )

    def respond(self, command):
        text = command.strip()
        if not (text.isdecimal() and text.isascii() and len(text) == 4):
            return "Four digits, please. " + self.format_help, 0.0, False
        if int(text) == self.year:
            return "The safe opens; the deeds are on top.", 1.0, True
        return self.wrong_answer("The safe's lock engages. Locked out.")

    def hint(self):
        return f"Their secretary mentions the code is the year {self.event}."

    def solution(self):
        return [f"\\boxed{{{self.year}}}"]
