"""Find which user owns an email address through a simulated, rate-limited, paginated HTTP API.

Skill: API discovery, pagination and retrying. Kind: tool-use. Difficulty: level adds pages, 429s.
Winning: the owner's user id in <answer> (reward 1).
"""

import json

from spade.envkit import ToolEnv, format_answer, format_tool_call

PREFIXES = ["/v1", "/v2", "/api/v2", "/api/v3"]
FIRST = ["ana", "ben", "cara", "dov", "eli", "fay", "gus", "hal", "ivy", "jon", "kim", "lou"]
LAST = ["moss", "nash", "ortiz", "park", "reyes", "shaw", "tran", "wolfe"]
DOMAINS = ["acme.io", "acme.com", "mail.acme.io"]
PAGE_SIZE = 5


def reply(status, **body):
    return json.dumps({"status": status, **body}, sort_keys=True)


class FlakyApiEnv(ToolEnv):
    max_turns = 16

    def __init__(self, max_turns=16, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        self.prefix = rng.choice(PREFIXES)
        count = PAGE_SIZE * (self.level + 2)
        people = rng.sample([(f, last) for f in FIRST for last in LAST], count - 1)
        ids = [f"u{n}" for n in rng.sample(range(1000, 10000), count)]
        self.users = [
            {"id": i, "email": f"{f}.{last}@{rng.choice(DOMAINS)}", "name": f"{f} {last}".title()}
            for i, (f, last) in zip(ids, people, strict=False)
        ]
        target = rng.randrange(PAGE_SIZE, count - 1)  # never on page 1
        # A decoy with the same local part on another domain punishes careless matching.
        local, domain = self.users[target]["email"].split("@")
        other = rng.choice([d for d in DOMAINS if d != domain])
        decoy = {"id": ids[-1], "email": f"{local}@{other}", "name": self.users[target]["name"]}
        self.users.insert(rng.randrange(count), decoy)
        self.target = next(u for u in self.users if u["email"] == f"{local}@{domain}")
        self.cursors = [None] + [
            "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(6))
            for _ in range(count // PAGE_SIZE - 1)
        ]
        # Which exact paths answer 429 the first time they are requested.
        paths = ["/", *(self._page_path(k) for k in range(len(self.cursors)))]
        paths += [f"{self.prefix}/users/{u['id']}" for u in self.users]
        self.limited = {p for p in paths if rng.random() < 0.2 + 0.15 * self.level}
        target_page = self.users.index(self.target) // PAGE_SIZE  # at least 1
        self.limited.add(self._page_path(rng.randint(1, target_page)))  # a retry is always needed
        self.requested = set()
        self._expected_answer = self.target["id"]
        return (
            f"Find the user id of the account whose email is {self.target['email']} using a JSON "
            "HTTP API. The only tool is http_get(path); start at path '/' to discover the "
            "endpoints. Responses carry a status: 429 means rate limited (retry), 404 means no "
            "such path. Call it as "
            '<tool_call>{"name": "http_get", "arguments": {"path": "/"}}</tool_call> and reply '
            "<answer>USER_ID</answer>."
        )

    def _page_path(self, k):
        base = f"{self.prefix}/users"
        return base if k == 0 else f"{base}?cursor={self.cursors[k]}"

    def tool_http_get(self, path: str):
        """GET a path of the API (e.g. '/'); returns the JSON response with its status."""
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("path must be a string starting with '/'")
        path = path.strip()
        base, _, query = path.partition("?")
        path = (base.rstrip("/") or "/") + (f"?{query}" if query else "")
        if path in self.limited and path not in self.requested:
            self.requested.add(path)
            return reply(429, error="rate limited, retry")
        users_path = f"{self.prefix}/users"
        if path == "/":
            endpoints = [f"{users_path}?cursor=NEXT", f"{users_path}/USER_ID"]
            return reply(200, endpoints=endpoints, note="lists are paginated; follow 'next'")
        if base.rstrip("/") == users_path:
            cursor = query.removeprefix("cursor=") if query else None
            if cursor not in self.cursors:
                return reply(400, error=f"invalid cursor {cursor!r}")
            page = self.cursors.index(cursor)
            rows = self.users[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
            following = self.cursors[page + 1] if page + 1 < len(self.cursors) else None
            users = [{"id": u["id"], "email": u["email"]} for u in rows]
            return reply(200, users=users, next=following)
        for user in self.users:
            if path == f"{users_path}/{user['id']}":
                return reply(200, user=user)
        return reply(404, error=f"no such path: {path[:80]}")

    def hint(self):
        return (
            "Read the root document for the real endpoint paths, follow the 'next' cursor page "
            "by page, repeat any request answered 429, and match the whole email address."
        )

    def solution(self):
        actions, seen = [], set(self.requested)

        def get(path):  # retry a rate-limited path, as the environment will demand
            actions.append(format_tool_call("http_get", {"path": path}))
            if path in self.limited and path not in seen:
                seen.add(path)
                actions.append(actions[-1])

        get("/")
        page = 0
        while True:
            get(self._page_path(page))
            if self.target in self.users[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]:
                return [*actions, format_answer(self._expected_answer)]
            page += 1
