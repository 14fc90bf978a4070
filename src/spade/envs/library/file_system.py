"""Find the port a service listens on by following references through a simulated file tree.

Skill: following file references. Kind: tool-use. Difficulty: level adds decoys and include hops.
Winning: the service's listen port submitted in <answer> (reward 1).
"""

import re

from spade.envkit import ToolEnv, format_answer, format_tool_call

SERVICES = ["billing", "ledger", "mailer", "search", "thumbs", "auth", "gateway", "scheduler"]
BASES = ["/opt", "/srv", "/usr/local/etc"]
CONF_NAMES = ["main.conf", "app.ini", "settings.conf", "server.cfg", "runtime.conf"]
INCLUDE_NAMES = ["network.conf", "listen.conf", "ports.inc", "bind.conf"]
USERS = ["ana", "bo", "cyd", "dev"]


class FileSystemEnv(ToolEnv):
    max_turns = 12

    def __init__(self, max_turns=12, level=2, **kwargs):
        self.level = min(3, max(1, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        self.files = {}
        names = rng.sample(SERVICES, 2 + 2 * self.level)
        ports = rng.sample(range(2000, 9900), 3 * len(names))  # distinct, so decoys differ
        self.chains = {}
        for i, svc in enumerate(names):
            # Chain: main config, then `level - 1` included files; the last one holds the port.
            chain = [f"{rng.choice(BASES)}/{svc}/{rng.choice(CONF_NAMES)}"]
            includes = rng.sample(INCLUDE_NAMES, self.level - 1)
            chain += [f"/etc/{svc}.d/{name}" for name in includes]
            self.chains[svc] = chain
            self.files[f"/etc/systemd/system/{svc}.service"] = (
                f"[Unit]\nDescription={svc.title()} daemon\n\n[Service]\n"
                f"ExecStart=/usr/bin/{svc} --config {chain[0]}\nRestart=always\n"
            )
            for hop, path in enumerate(chain):
                lines = [f"# {svc} settings"]
                if hop == 0:
                    lines += [f"workers = {rng.randint(2, 16)}", f"metrics_port = {ports[3 * i]}"]
                else:
                    lines.append(f"timeout = {rng.choice([15, 30, 60])}")
                last = hop == len(chain) - 1
                lines.append(
                    f"listen_port = {ports[3 * i + 1]}" if last else f"include = {chain[hop + 1]}"
                )
                self.files[path] = "\n".join(lines) + "\n"
            if rng.random() < 0.6:  # a stale backup with an old port: read it and you are misled
                stale = chain[0].rsplit("/", 1)[0] + "/old.conf.bak"
                self.files[stale] = f"# backup, unused\nlisten_port = {ports[3 * i + 2]}\n"
            self.files[f"/var/log/{svc}.log"] = f"{svc}: started\n{svc}: healthy\n"
        for user in rng.sample(USERS, 2):
            self.files[f"/home/{user}/notes.txt"] = "remember to rotate the logs\n"
        self.dirs = {"/": set()}
        for path in self.files:
            parts = path.strip("/").split("/")
            for depth in range(len(parts)):
                parent = "/" + "/".join(parts[:depth])
                child = parts[depth] + ("/" if depth < len(parts) - 1 else "")
                self.dirs.setdefault(parent, set()).add(child)
        self.target = rng.choice(names)
        self._expected_answer = ports[names.index(self.target) * 3 + 1]
        return (
            f"Which TCP port does the '{self.target}' service listen on? Its systemd unit file "
            "names the config file it loads; follow that config (and any file it includes) to "
            "its listen_port setting. Tools: list_dir(path), read_file(path), find(name_pattern) "
            "with * and ? wildcards. Call one as "
            '<tool_call>{"name": "find", "arguments": {"name_pattern": "*.log"}}</tool_call> '
            "and reply <answer>PORT</answer> when you know it."
        )

    @staticmethod
    def _norm(path):
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("paths are absolute strings starting with '/'")
        return "/" + path.strip("/") if path.strip("/") else "/"

    def tool_list_dir(self, path: str):
        """List a directory's entries; sub-directories end with '/'."""
        path = self._norm(path)
        if path in self.files:
            raise NotADirectoryError(f"{path} is a file; use read_file")
        if path not in self.dirs:
            raise FileNotFoundError(f"no such directory: {path}")
        return sorted(self.dirs[path])

    def tool_read_file(self, path: str):
        """Return the text of one file, given its absolute path."""
        path = self._norm(path)
        if path in self.dirs:
            raise IsADirectoryError(f"{path} is a directory; use list_dir")
        if path not in self.files:
            raise FileNotFoundError(f"no such file: {path}")
        return self.files[path]

    def tool_find(self, name_pattern: str):
        """Find files anywhere whose file name matches a pattern with * and ? wildcards."""
        if not isinstance(name_pattern, str) or not name_pattern:
            raise ValueError("name_pattern must be a non-empty string such as '*.conf'")
        pieces = (".*" if c == "*" else "." if c == "?" else re.escape(c) for c in name_pattern)
        regex = re.compile("".join(pieces) + r"\Z")
        found = sorted(p for p in self.files if regex.match(p.rsplit("/", 1)[1]))
        return found or f"No file name matches {name_pattern!r}."

    def hint(self):
        return (
            "Locate the service's unit file with find, read it to learn which config it loads, "
            "then keep reading referenced files until a listen_port appears; ignore backups."
        )

    def solution(self):
        unit = f"/etc/systemd/system/{self.target}.service"
        actions = [
            format_tool_call("find", {"name_pattern": f"{self.target}.service"}),
            format_tool_call("read_file", {"path": unit}),
        ]
        actions += [format_tool_call("read_file", {"path": p}) for p in self.chains[self.target]]
        return [*actions, format_answer(self._expected_answer)]
