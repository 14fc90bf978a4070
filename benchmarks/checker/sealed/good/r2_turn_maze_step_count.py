"""Sound [ascii-grid-count]: an ASCII maze with a start S and an exit E is shown; the agent reports the fewest steps (up, down, left, right) from S to E, with one attempt; the hint restates the maze's size, which the task also prints.

The maze is carved per seed and the shortest path is always longer than the number of rows plus the number of columns, so no count in the task or hint is the answer.
"""

from collections import deque

from spade.envkit import TurnEnv


def carve(rng, rows, cols):
    grid = [["#"] * cols for _ in range(rows)]
    stack = [(1, 1)]
    grid[1][1] = "."
    while stack:
        r, c = stack[-1]
        nexts = [(r + dr, c + dc, dr, dc) for dr, dc in ((2, 0), (-2, 0), (0, 2), (0, -2))
                 if 0 < r + dr < rows - 1 and 0 < c + dc < cols - 1 and grid[r + dr][c + dc] == "#"]
        if not nexts:
            stack.pop()
            continue
        nr, nc, dr, dc = rng.choice(nexts)
        grid[r + dr // 2][c + dc // 2] = "."
        grid[nr][nc] = "."
        stack.append((nr, nc))
    return grid


def shortest(grid, start, end):
    dist = {start: 0}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        if (r, c) == end:
            return dist[end]
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if grid[nr][nc] != "#" and (nr, nc) not in dist:
                dist[(nr, nc)] = dist[(r, c)] + 1
                queue.append((nr, nc))
    return None


class MazeStepCountEnv(TurnEnv):
    max_turns = 3
    format_help = "Reply with a whole number of steps as \\boxed{N}."

    def new_task(self, rng):
        while True:
            rows = rng.choice([9, 11])
            cols = rng.choice([11, 13, 15])
            grid = carve(rng, rows, cols)
            for _ in range(rng.randint(1, 3)):  # knock out a few walls to make loops
                r = rng.randrange(1, rows - 1)
                c = rng.randrange(1, cols - 1)
                if (r + c) % 2 == 1:
                    grid[r][c] = "."
            cells = [(r, c) for r in range(1, rows - 1) for c in range(1, cols - 1)
                     if grid[r][c] == "."]
            start, end = rng.sample(cells, 2)
            steps = shortest(grid, start, end)
            if steps is not None and steps > rows + cols + 1:
                break
        grid[start[0]][start[1]] = "S"
        grid[end[0]][end[1]] = "E"
        self.rows, self.cols, self.steps = rows, cols, steps
        picture = "\n".join("  " + " ".join(row) for row in grid)
        return (
            f"Here is a maze of {rows} rows and {cols} columns ('#' is wall, '.' is floor):\n"
            f"{picture}\n"
            "What is the smallest number of steps from S to E? A step moves to a neighbouring "
            f"floor cell up, down, left or right. {self.format_help} You have one attempt."
        )

    def respond(self, command):
        text = command.strip().rstrip(".")
        if text.lower().endswith("steps"):
            text = text[:-5].strip()
        if not (text.isdecimal() and text.isascii() and len(text) <= 4):
            return self.format_help, 0.0, False
        if int(text) == self.steps:
            return "Correct: that is the shortest route.", 1.0, True
        return self.wrong_answer("Incorrect.")

    def hint(self):
        return (
            f"The maze is only {self.rows} by {self.cols}, so flood it: write 1 on the floor "
            "cells next to S, 2 on the unmarked floor cells next to those, and so on. The number "
            "that lands on E is the answer. Where the corridors form a loop, the flood takes the "
            "shorter side automatically."
        )

    def solution(self):
        return [f"\\boxed{{{self.steps}}}"]
