"""Sound [quiz-non-english]: six French, Spanish and Portuguese words with accents are listed; the quiz asks which comes third in alphabetical order (accents ignored for sorting), how many accented letters a shown phrase contains, and which listed word has the most accented letters.

Words are drawn per seed from a bank where no two words coincide once accents are removed; the answers to the first and third questions are listed words copied with their accents.
"""

import unicodedata

from spade.envkit import QuizEnv

BANK = [
    "árbol", "canción", "corazón", "mañana", "pájaro", "jardín", "música", "lápiz", "años",
    "niño", "compañía", "búsqueda", "élève", "fenêtre", "château", "garçon", "hôpital",
    "forêt", "bibliothèque", "déjà", "noël", "crème", "ação", "coração", "pão", "irmã",
    "maçã", "avó", "lição", "órgão", "café", "sábado", "océano", "teléfono", "rápido",
    "fácil", "pingüino", "cigüeña", "façade", "naïve", "étoile", "même", "dîner",
]


def plain(word):
    return "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))


def accented(char):
    return len(unicodedata.normalize("NFD", char)) > 1


class AccentedWordsQuizEnv(QuizEnv):
    max_turns = 4

    def rounds(self, rng):
        while True:
            words = rng.sample(BANK, 6)
            marks = sorted((sum(map(accented, w)) for w in words), reverse=True)
            if marks[0] > marks[1]:
                break
        ordered = sorted(words, key=plain)
        most = max(words, key=lambda w: sum(map(accented, w)))
        phrase_words = rng.sample([w for w in BANK if w not in words], 3)
        phrase = " ".join(phrase_words)
        count = sum(accented(c) for c in phrase)
        intro = (
            f"Words: {', '.join(words)}. Copy words exactly as written, accents included."
        )
        return intro, [
            ("Sorted alphabetically, treating each accented letter as its plain letter "
             "(é as e, ñ as n, ç as c), which word comes third?", ordered[2]),
            (f"How many letters carrying an accent or other mark (´ ` ^ ¨ ~ ¸) are in "
             f"\"{phrase}\"?", str(count)),
            ("Which word in the list has the most accented letters?", most),
        ]

    def hint(self):
        return (
            "For sorting, read each word without its marks and compare letter by letter: for "
            "example éclair sorts as eclair, before ensemble. When counting marks, remember ç and "
            "ñ count too, and a word can carry more than one mark."
        )
