"""Sound [tool-named-candidates-hidden]: name the student with the highest average score in one course, found by reading the course roster and each student's assignment scores; students have different numbers of graded assignments, so the highest total can mislead, and one answer attempt is allowed.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

COURSES = ["Organic Chemistry", "Linear Algebra", "World History", "Microeconomics",
           "Marine Biology", "Data Structures"]
FIRST = ["Alice", "Bruno", "Chiara", "Dmitri", "Esme", "Felix", "Greta", "Hamid", "Ines",
         "Jonah", "Keiko", "Leon", "Maya", "Nikhil", "Olga", "Pablo"]
LAST = ["Adler", "Brandt", "Castro", "Dunn", "Evans", "Fischer", "Garcia", "Holm", "Ito",
        "Jensen", "Kowalski", "Lopez"]


class GradebookTopEnv(ToolEnv):
    max_turns = 12

    def setup(self, rng):
        names = rng.sample([f"{f} {s}" for f in FIRST for s in LAST], 6 * len(COURSES))
        ids = rng.sample(range(1000, 10000), len(names))
        self.students = {}
        self.rosters = {}
        k = 0
        for course in COURSES:
            self.rosters[course] = []
            for _ in range(rng.randint(5, 6)):
                sid = f"S{ids[k]}"
                scores = [rng.randint(55, 100) for _ in range(rng.randint(3, 6))]
                self.students[sid] = {"name": names[k], "course": course, "scores": scores}
                self.rosters[course].append(sid)
                k += 1
        while True:
            self.course = rng.choice(COURSES)
            averages = sorted(
                ((sum(self.students[s]["scores"]) / len(self.students[s]["scores"]), s)
                 for s in self.rosters[self.course]),
                reverse=True,
            )
            if averages[0][0] - averages[1][0] >= 1.0:
                break
            # redraw one student's scores in this course until the top is clear
            victim = averages[1][1]
            self.students[victim]["scores"] = [
                rng.randint(55, 100) for _ in range(len(self.students[victim]["scores"]))
            ]
        self.top = averages[0][1]
        self._expected_answer = self.students[self.top]["name"]
        return (
            f"Which student in {self.course} has the highest average score over all of their "
            "graded assignments? Use the tools, then reply with the student's full name as "
            "<answer>First Last</answer>. You have one answer."
        )

    def tool_roster(self, course: str):
        """List the students (id and name) enrolled in a course, given the course title."""
        wanted = " ".join(str(course).split()).lower()
        for title, sids in self.rosters.items():
            if title.lower() == wanted:
                return [{"student_id": s, "name": self.students[s]["name"]} for s in sids]
        raise KeyError(f"no course titled {course!r}")

    def tool_scores(self, student_id: str):
        """The graded assignment scores (0-100) of one student id, e.g. S1234."""
        key = str(student_id).strip().upper()
        if key not in self.students:
            raise KeyError(f"unknown student id {student_id!r}")
        return {"course": self.students[key]["course"], "scores": self.students[key]["scores"]}

    def hint(self):
        return (
            "Read the roster, fetch every student's scores and divide each sum by that student's "
            "own number of assignments; compare averages, not totals."
        )

    def solution(self):
        actions = [format_tool_call("roster", {"course": self.course})]
        actions += [format_tool_call("scores", {"student_id": s}) for s in self.rosters[self.course]]
        return actions + [format_answer(self._expected_answer)]
