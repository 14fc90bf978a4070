"""Find the tracking number of a shop's latest shipment in a simulated mailbox.

Skill: search and source checking. Kind: tool-use. Difficulty: level adds decoy mails and folders.
Winning: answering with the tracking number from the most recent genuine shipping mail (reward 1).
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

SHOPS = ["Northwind Outfitters", "Pebble Pine", "Brightcart", "Lumen Books", "Cobalt Gear"]
SHOPS += ["Maple Home", "Juniper Tea", "Atlas Cycles"]
CARRIERS = ["DHL", "UPS", "GLS", "DPD", "FedEx"]
SHIPPED = ["Your order #{} has shipped", "Shipped: order #{}", "Order #{} is on its way"]
NOISE = [
    ("Priya Shah <priya@mailbox.org>", "Lunch on Friday?", "Inbox"),
    ("Gym Club <news@gymclub.io>", "Your March class schedule", "Promotions"),
    ("Bank Alerts <alerts@northbank.com>", "Your statement is ready", "Inbox"),
    ("Travel Deals <deals@flyaway.com>", "Weekend fares from $49", "Promotions"),
    ("Tom Berg <tom.berg@mailbox.org>", "Photos from the hike", "Family"),
]


class EmailInboxEnv(ToolEnv):
    max_turns = 12

    def __init__(self, max_turns=12, level=2, **kwargs):
        self.level = max(1, min(3, int(level)))
        super().__init__(max_turns=max_turns, **kwargs)

    def setup(self, rng):
        self.shop, *others = rng.sample(SHOPS, 4)
        self.domain = self.shop.lower().replace(" ", "") + ".com"
        sender = f"{self.shop} <shipping@{self.domain}>"
        self.emails, self.ids = {}, iter(rng.sample(range(1000, 10000), 40))
        target_day = rng.randint(12, 18)
        # Genuine shipping mails from the shop: the latest one holds the answer.
        folders = ["Inbox", "Archive"] if self.level >= 3 else ["Inbox"]
        self.target = self._shipping(sender, rng.choice(folders), target_day)
        for day in rng.sample(range(1, target_day), 1 + self.level):
            self._shipping(sender, rng.choice(folders), day)
        self._expected_answer = self.emails[self.target]["tracking"]
        # Decoys dated after the target: an order receipt, other shops' shipments, fakes.
        order = rng.randint(10000, 99999)
        receipt = f"Thanks for your order #{order}. We will email a tracking number once it ships."
        self._add(sender, f"We received your order #{order}", receipt, "Inbox", target_day + 2)
        for shop in others[: self.level + 1]:
            domain = shop.lower().replace(" ", "") + ".com"
            day = rng.randint(1, 27)
            self._shipping(f"{shop} <shipping@{domain}>", "Inbox", day)
        if self.level >= 2:
            fake = f"{self.shop} <shipping@{self.domain.replace('.com', '-delivery.net')}>"
            self._shipping(fake, "Spam", target_day + 3)
            forward = f"Fwd: Your {self.shop} order has shipped"
            body = f"Is this yours? It came to me by mistake.\n> Tracking number: {self._code()}"
            self._add("Alex Kim <alex.kim@mailbox.org>", forward, body, "Family", target_day + 4)
        for noise_from, subject, folder in rng.sample(NOISE, 2 + self.level):
            self._add(noise_from, subject, "Just a note, see you soon.", folder, rng.randint(1, 27))
        return (
            f"Find the tracking number in the most recent shipping confirmation from {self.shop}."
            f" {self.shop} only sends mail from addresses ending in @{self.domain}. Tools: "
            "search_emails(query), read_email(email_id), list_folders(), list_folder(folder). "
            "Reply <answer>TRACKING_NUMBER</answer>."
        )

    def _code(self):
        letters = "".join(self.rng.choice("ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(2))
        return letters + str(self.rng.randint(10**9, 10**10 - 1))

    def _add(self, sender, subject, body, folder, day, tracking=None):
        email_id = f"E{next(self.ids)}"  # random ids, so creation order stays hidden
        date = f"2025-03-{day:02d} {self.rng.randint(7, 22):02d}:{self.rng.randrange(0, 60, 5):02d}"
        self.emails[email_id] = {"from": sender, "subject": subject, "date": date}
        self.emails[email_id] |= {"folder": folder, "body": body, "tracking": tracking}
        return email_id

    def _shipping(self, sender, folder, day):
        order, tracking = self.rng.randint(10000, 99999), self._code()
        subject = self.rng.choice(SHIPPED).format(order)
        carrier = self.rng.choice(CARRIERS)
        body = f"Order #{order} left our warehouse with {carrier}.\nTracking number: {tracking}"
        return self._add(sender, subject, body, folder, day, tracking)

    def _summary(self, email_id):
        email = self.emails[email_id]
        return {"email_id": email_id} | {k: email[k] for k in ("folder", "from", "subject", "date")}

    def _listing(self, keep):
        found = [i for i in self.emails if keep(self.emails[i])]
        found.sort(key=lambda i: self.emails[i]["date"], reverse=True)
        return [self._summary(i) for i in found] or "No emails found."

    def tool_search_emails(self, query: str):
        """Find emails in every folder whose sender or subject contains all query words."""
        words = str(query).lower().split()
        if not words:
            raise ValueError("the query is empty; give one or more words")
        return self._listing(
            lambda e: all(w in f"{e['from']} {e['subject']}".lower() for w in words)
        )

    def tool_read_email(self, email_id: str):
        """Show one email in full, body included."""
        if email_id not in self.emails:
            raise KeyError(f"unknown email id {email_id!r}; ids look like E1234")
        return self._summary(email_id) | {"body": self.emails[email_id]["body"]}

    def tool_list_folders(self):
        """List the mailbox folders."""
        return sorted({e["folder"] for e in self.emails.values()})

    def tool_list_folder(self, folder: str):
        """List the emails in one folder, newest first (no bodies)."""
        folders = {e["folder"].lower(): e["folder"] for e in self.emails.values()}
        if str(folder).lower() not in folders:
            raise KeyError(f"no folder {folder!r}; folders: {', '.join(sorted(folders.values()))}")
        return self._listing(lambda e: e["folder"] == folders[str(folder).lower()])

    def hint(self):
        return (
            "Search by the shop's name, ignore senders outside its domain and mails that are not "
            "shipping confirmations, and open the newest genuine one."
        )

    def solution(self):
        return [
            format_tool_call("search_emails", {"query": self.shop}),
            format_tool_call("read_email", {"email_id": self.target}),
            format_answer(self._expected_answer),
        ]
