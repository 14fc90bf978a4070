"""Sound [tool-chain-lookups-compute]: the postage for every parcel of one order, found by listing the order's parcels, reading each parcel's size and weight, looking up the destination's zone and that zone's weight bands; each parcel pays for the larger of its actual weight and its volumetric weight (L x W x H / 5000).

Parcels, zones and band prices are drawn per seed, and the seed is redrawn until at least one
parcel's volumetric weight moves it into a dearer band, so pricing by actual weight alone gives a
different total; the total is exact to the cent and spreads over many values. One answer attempt.
"""

from spade.envkit import ToolEnv, format_answer, format_tool_call

COUNTRIES = ["France", "Portugal", "Norway", "Poland", "Greece", "Ireland", "Austria", "Finland"]
BANDS = [1, 2, 5, 10, 20, 30]
BASE = [4.50, 6.20, 9.80, 14.90, 22.40, 31.00]


def _band_price(bands, kg):
    for band in bands:
        if kg <= band["up_to_kg"]:
            return band["price_eur"]
    return None


class ParcelPostageTotalEnv(ToolEnv):
    max_turns = 10

    def setup(self, rng):
        zones = {c: rng.choice("ABC") for c in COUNTRIES}
        self.rates = {}
        for zone, factor in zip("ABC", (1.0, 1.35, 1.7)):
            bump = rng.uniform(0.9, 1.1)
            self.rates[zone] = [{"up_to_kg": b, "price_eur": round(p * factor * bump, 2)}
                                for b, p in zip(BANDS, BASE)]
        while True:
            n = rng.randint(3, 4)
            parcels = {}
            for _ in range(n):
                pid = f"P{rng.randint(10000, 99999)}"
                dims = sorted((rng.randint(10, 70) for _ in range(3)), reverse=True)
                weight = round(rng.uniform(0.3, 12.0), 1)
                parcels[pid] = {"length_cm": dims[0], "width_cm": dims[1], "height_cm": dims[2],
                                "weight_kg": weight}
            country = rng.choice(COUNTRIES)
            bands = self.rates[zones[country]]
            charged, naive = 0.0, 0.0
            ok = True
            for p in parcels.values():
                vol = p["length_cm"] * p["width_cm"] * p["height_cm"] / 5000
                price = _band_price(bands, max(vol, p["weight_kg"]))
                if price is None:
                    ok = False
                    break
                charged += price
                naive += _band_price(bands, p["weight_kg"])
            if ok and len(parcels) == n and round(charged, 2) not in (round(naive, 2), 27.40):
                break
        self.zones, self.parcels, self.country = zones, parcels, country
        self.order_id = f"ORD-{rng.randint(100000, 999999)}"
        self.total = round(charged, 2)
        self._expected_answer = f"{self.total:.2f}"
        return (
            f"Order {self.order_id} ships to {country}. What is the total postage for all of its "
            "parcels? Each parcel is charged by the band that covers its chargeable weight: the "
            "larger of its actual weight and its volumetric weight, length x width x height in cm "
            "divided by 5000, in kg. Answer in euros with cents, e.g. <answer>27.40</answer>. "
            "One answer attempt."
        )

    def tool_order(self, order_id: str):
        """The parcel ids in one order."""
        if str(order_id).strip().upper() != self.order_id:
            raise KeyError(f"no order {str(order_id)[:40]!r}")
        return {"order": self.order_id, "parcels": sorted(self.parcels)}

    def tool_parcel(self, parcel_id: str):
        """One parcel's dimensions in cm and actual weight in kg."""
        key = str(parcel_id).strip().upper()
        if key not in self.parcels:
            raise KeyError(f"no parcel {str(parcel_id)[:40]!r}")
        return {"parcel": key, **self.parcels[key]}

    def tool_zone(self, country: str):
        """The postal zone (A, B or C) of a destination country."""
        key = str(country).strip().title()
        if key not in self.zones:
            raise KeyError(f"we do not ship to {str(country)[:40]!r}")
        return {"country": key, "zone": self.zones[key]}

    def tool_rates(self, zone: str):
        """A zone's weight bands: each band's upper limit in kg and its price in euros."""
        key = str(zone).strip().upper()
        if key not in self.rates:
            raise KeyError("zones are A, B and C")
        return {"zone": key, "bands": self.rates[key]}

    def hint(self):
        return (
            "List the order's parcels and read each one. Volumetric weight is L x W x H / 5000 "
            "with the sides in cm, so a 50 x 40 x 30 cm box counts as 12 kg even if it weighs 3 "
            "kg. Take the larger of the two weights, find the first band whose upper limit is at "
            "least that, and add the band prices of all parcels for the destination's zone."
        )

    def solution(self):
        parcels = "".join(format_tool_call("parcel", {"parcel_id": p}) for p in sorted(self.parcels))
        return [
            format_tool_call("order", {"order_id": self.order_id})
            + format_tool_call("zone", {"country": self.country}),
            parcels + format_tool_call("rates", {"zone": self.zones[self.country]}),
            format_answer(self._expected_answer),
        ]
